import { Elysia, t } from 'elysia';
import type { AppDeps } from '../../deps';
import { authPlugin } from '../../plugins/auth';
import { errorBody, errorResponses } from '../../plugins/errors';
import { alreadySentAnswer } from '../messages/outbox';
import {
  inviteEmailBody,
  invitePreviewAnswer,
  invitePreviewBody,
  inviteSmsBody,
  notifyAssignmentBody,
  sendAnswer,
  subgroupEmailBody,
} from './model';

const sent = { 200: sendAnswer, 202: sendAnswer, ...errorResponses };
// An invitation or notice this member already got (PRODUCT §6), or a plain conflict (opted out, stale subgroup).
const sentOnce = { ...sent, 409: t.Union([alreadySentAnswer, errorBody]) };
import * as service from './service';

/**
 * Invitations and per-member subgroup assignment notices (SPEC §7, {sms} = twilio); the group blasts,
 * POST /api/twilio/subgroup-sms included, are the blasts feature's. Single sends answer
 * `{ ok, status, messageId, provider, duplicate, message }` once the provider has answered: 200 when sent
 * (provider "outbox" = kept in the outbox, no provider configured), 202 when still queued after a few
 * seconds. Errors: 400 invalid phone / no e-mail / unknown module, 404 unknown user, group or subgroup,
 * 409 opted out (replied STOP) or a stale subgroup, 502 when the provider refused or failed (a temporary
 * failure is retried automatically). A repeated identical request while the first is in flight or within
 * 60 s of it being sent answers that message with `duplicate: true` and sends nothing new.
 * Invitations and notices are sent once (PRODUCT §6): a member who already got an invitation SMS (or e-mail), or
 * this group's assignment SMS (or e-mail), by a blast or a single send (sent, cut off, or kept in the outbox), gets
 * 409 `{ error, alreadySent, sentAt }` unless the request says `force: true`.
 * POST /api/invitations/preview { userFile, channel: 'sms'|'email', to?, moduleName? } → `{ name, to, moduleName,
 * subject, body, alreadySent, sentAt }`: what the invitation would say (the personal link named, not issued) and
 * where it would go, sending nothing; the same 400/404 as the send.
 */
export const invitationsRoutes = (deps: AppDeps) =>
  new Elysia({ prefix: '/api' })
    .use(authPlugin(deps))
    .post('/invitations/preview', ({ body }) => service.previewInvite(deps, body), {
      auth: 'admin',
      body: invitePreviewBody,
      response: { 200: invitePreviewAnswer, ...errorResponses },
    })
    .post(
      '/twilio/send-invite-sms',
      async ({ body, staff, set, status }) => {
        const result = await service.sendInviteSms(deps, staff!, body);
        if ('alreadySent' in result) return status(409, result.alreadySent);
        set.status = result.httpStatus;
        return result.answer;
      },
      { auth: 'admin', body: inviteSmsBody, response: sentOnce },
    )
    .post(
      '/send-invite-email',
      async ({ body, staff, set, status }) => {
        const result = await service.sendInviteEmail(deps, staff!, body);
        if ('alreadySent' in result) return status(409, result.alreadySent);
        set.status = result.httpStatus;
        return result.answer;
      },
      { auth: 'admin', body: inviteEmailBody, response: sentOnce },
    )
    .post(
      '/twilio/notify-assignment',
      async ({ body, staff, set, status }) => {
        const result = await service.notifyAssignmentSms(deps, staff!, body);
        if ('alreadySent' in result) return status(409, result.alreadySent);
        set.status = result.httpStatus;
        return result.answer;
      },
      { auth: 'admin', body: notifyAssignmentBody, response: sentOnce },
    )
    .post(
      '/send-subgroup-email',
      async ({ body, staff, set, status }) => {
        const result = await service.sendSubgroupEmail(deps, staff!, body);
        if ('alreadySent' in result) return status(409, result.alreadySent);
        set.status = result.httpStatus;
        return result.answer;
      },
      { auth: 'admin', body: subgroupEmailBody, response: sentOnce },
    );
