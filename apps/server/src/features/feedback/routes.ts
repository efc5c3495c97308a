import { Elysia } from 'elysia';
import type { AppDeps } from '../../deps';
import { authPlugin } from '../../plugins/auth';
import { errorResponses } from '../../plugins/errors';
import { confirmedFeedbackBody, savedFeedbackAnswer, transcriptionAnswer } from './model';
import * as service from './service';

/** The user page's feedback: spoken feedback transcribed in memory, then the confirmed text stored. */
export const feedbackRoutes = (deps: AppDeps) =>
  new Elysia({ prefix: '/api' })
    .use(authPlugin(deps))
    // Multipart with one audio file; checked in the service (any field name, sniffed container).
    .post('/send-feedback', ({ body, identity }) => service.transcribeFeedback(deps, identity, body), {
      auth: 'user',
      response: { 200: transcriptionAnswer, ...errorResponses },
    })
    .post('/confirmed-feedback', ({ body, identity }) => service.saveFeedback(deps, identity, body), {
      auth: 'user',
      body: confirmedFeedbackBody,
      response: { 200: savedFeedbackAnswer, ...errorResponses },
    });
