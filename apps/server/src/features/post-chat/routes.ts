import { Elysia } from 'elysia';
import type { AppDeps } from '../../deps';
import { authPlugin } from '../../plugins/auth';
import { errorResponses } from '../../plugins/errors';
import {
  getResponseBody,
  memoryAnswer,
  profileAnswer,
  secondModelAnswer,
  sectionAnswer,
  smsQueuedAnswer,
  taglineAnswer,
  recapSmsBody,
  reminderSmsBody,
  sectionDataBody,
  taglineSmsBody,
  updateMemoryBody,
  updateProfileBody,
  userNameParams,
} from './model';
import * as service from './service';

/**
 * SPEC §7's post-chat steps as operator tools (the relay runs them itself when a voice session ends) and the
 * testing page's second model.
 */
export const postChatRoutes = (deps: AppDeps) =>
  new Elysia({ prefix: '/api' })
    .use(authPlugin(deps))
    .put(
      '/update-profile-for-group/:userName',
      ({ params, body }) => service.updateProfile(deps, params.userName, body.conversation_transcript),
      {
        auth: 'operator',
        params: userNameParams,
        body: updateProfileBody,
        response: { 200: profileAnswer, ...errorResponses },
      },
    )
    .put(
      '/update-memory-document/:userName',
      ({ params, body }) => service.updateMemory(deps, params.userName, body.conversation_transcript),
      {
        auth: 'operator',
        params: userNameParams,
        body: updateMemoryBody,
        response: { 200: memoryAnswer, ...errorResponses },
      },
    )
    .post('/save-user-section-data', ({ body }) => service.saveSection(deps, body.user, body.sectionData), {
      auth: 'operator',
      body: sectionDataBody,
      response: { 200: sectionAnswer, ...errorResponses },
    })
    .post('/twilio/send-convo-recap-sms', ({ body }) => service.recapSms(deps, body.toUserName, body.conversationTranscript), {
      auth: 'operator',
      body: recapSmsBody,
      response: { 200: smsQueuedAnswer, ...errorResponses },
    })
    .post('/twilio/send-sms', ({ body }) => service.reminderSms(deps, body.toUserName, body.userUrl, body.conversationTranscript), {
      auth: 'operator',
      body: reminderSmsBody,
      response: { 200: smsQueuedAnswer, ...errorResponses },
    })
    .post('/generate-tagline-send-sms', ({ body }) => service.taglineSms(deps, body), {
      auth: 'operator',
      body: taglineSmsBody,
      response: { 200: taglineAnswer, ...errorResponses },
    })
    .post('/get-response', ({ body }) => service.secondModelReply(deps, body), {
      auth: 'operator',
      body: getResponseBody,
      response: { 200: secondModelAnswer, ...errorResponses },
    });
