import { Elysia } from 'elysia';
import type { AppDeps } from '../../deps';
import { authPlugin } from '../../plugins/auth';
import {
  getResponseBody,
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
      },
    )
    .put(
      '/update-memory-document/:userName',
      ({ params, body }) => service.updateMemory(deps, params.userName, body.conversation_transcript),
      {
        auth: 'operator',
        params: userNameParams,
        body: updateMemoryBody,
      },
    )
    .post('/save-user-section-data', ({ body }) => service.saveSection(deps, body.user, body.sectionData), {
      auth: 'operator',
      body: sectionDataBody,
    })
    .post('/twilio/send-convo-recap-sms', ({ body }) => service.recapSms(deps, body.toUserName, body.conversationTranscript), {
      auth: 'operator',
      body: recapSmsBody,
    })
    .post('/twilio/send-sms', ({ body }) => service.reminderSms(deps, body.toUserName, body.userUrl, body.conversationTranscript), {
      auth: 'operator',
      body: reminderSmsBody,
    })
    .post('/generate-tagline-send-sms', ({ body }) => service.taglineSms(deps, body), {
      auth: 'operator',
      body: taglineSmsBody,
    })
    .post('/get-response', ({ body }) => service.secondModelReply(deps, body), {
      auth: 'operator',
      body: getResponseBody,
    });
