import { Elysia, t } from 'elysia';
import type { AppDeps } from '../../deps';
import { authPlugin } from '../../plugins/auth';
import { errorBody, errorResponses } from '../../plugins/errors';
import { alreadySentAnswer } from '../messages/outbox';
import {
  blastParams,
  blastProgressAnswer,
  blastsAnswer,
  listQuery,
  previewAnswer,
  previewBody,
  startBody,
  startedAnswer,
  subgroupSmsAnswer,
  subgroupSmsBody,
} from './model';
import { blastProgress, listBlasts, previewBlast, startBlast } from './service';
import { subgroupSmsBlast } from './subgroup-sms';

/**
 * Group blasts (the blast API contract, PRODUCT §6), admins only. Kinds: invite-sms | invite-email |
 * assignment-sms | assignment-email.
 * - POST /api/blasts/preview { groupId, kind, moduleName?, unknownOnly? } → `{ kind, total, recipients, receiving:
 *   [{ userFile, name }], text: { name, subject, body } | null, skipped: [{ userFile, name, reason }], alreadySent,
 *   sentAt }`: a dry run; `text` is the message as the first recipient reads it (the link named, not issued); reason
 *   is 'no phone' | 'no e-mail' | 'opted out' | 'no subgroup'.
 * - POST /api/blasts { groupId, kind, moduleName?, force?, unknownOnly? } → 202 `{ campaignId, kind, total,
 *   recipients }` (the running blast's when the same one is still running: nothing is sent twice); 409 `{ error,
 *   alreadySent, sentAt }` when a finished one of this kind went to this group and neither `force` nor `unknownOnly`
 *   is true; 400 for a group without members (or subgroups). `unknownOnly`: only the members whose last message of
 *   this kind to the group is 'unknown' (cut off by a crash); 400 when there are none.
 * - GET /api/blasts/{campaignId} → `{ campaignId, groupId, kind, total, counts: { queued, sending, sent, kept,
 *   delivered, undelivered, failed, skipped, unknown }, done, failures: [{ userFile, name, error }], skipped: [{ userFile, name,
 *   reason }], retrying, startedAt, finishedAt }`; `done` when nothing is queued or sending.
 * - GET /api/blasts?groupId= → `{ blasts: [that shape] }`, newest first (at most 20).
 * - POST /api/twilio/subgroup-sms { groupId, force? } (SPEC §7) → see subgroup-sms.ts; 409 as above.
 */
// A blast that already went out (PRODUCT §6), or a plain conflict.
const repeated = t.Union([alreadySentAnswer, errorBody]);

export const blastsRoutes = (deps: AppDeps) =>
  new Elysia({ prefix: '/api' })
    .use(authPlugin(deps))
    .post('/blasts/preview', ({ body }) => previewBlast(deps, body), {
      auth: 'admin',
      body: previewBody,
      response: { 200: previewAnswer, ...errorResponses },
    })
    .post(
      '/blasts',
      async ({ body, staff, set, status }) => {
        const result = await startBlast(deps, staff!, body);
        if ('alreadySent' in result) return status(409, result.alreadySent);
        set.status = 202;
        return result.started;
      },
      { auth: 'admin', body: startBody, response: { 202: startedAnswer, ...errorResponses, 409: repeated } },
    )
    .get('/blasts', ({ query }) => listBlasts(deps, query.groupId), {
      auth: 'admin',
      query: listQuery,
      response: { 200: blastsAnswer, ...errorResponses },
    })
    .get('/blasts/:campaignId', ({ params }) => blastProgress(deps, params.campaignId), {
      auth: 'admin',
      params: blastParams,
      response: { 200: blastProgressAnswer, ...errorResponses },
    })
    .post(
      '/twilio/subgroup-sms',
      async ({ body, staff, status }) => {
        const result = await subgroupSmsBlast(deps, staff!, body);
        if ('alreadySent' in result) return status(409, result.alreadySent);
        return result.answer;
      },
      { auth: 'admin', body: subgroupSmsBody, response: { 200: subgroupSmsAnswer, ...errorResponses, 409: repeated } },
    );
