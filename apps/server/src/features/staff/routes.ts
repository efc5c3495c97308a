import { Elysia, t } from 'elysia';
import type { AppDeps } from '../../deps';
import { authPlugin, hashToken, STAFF_COOKIE } from '../../plugins/auth';
import { errorBody, errorResponses } from '../../plugins/errors';
import {
  createStaffBody,
  lookAlikeAnswer,
  staffAccount,
  staffDeletedAnswer,
  staffIdParams,
  staffListAnswer,
  updateStaffBody,
} from './model';
import * as service from './service';

/**
 * Staff accounts, for admins (PRODUCT §3, §9). Every answer is an account
 * `{ id, email, role, disabled, createdAt, lastSignInAt }` (GET: a list, by e-mail); POST, and PUT with
 * `resetPassword: true`, add `generatedPassword`, which is shown this once and stored only as a hash.
 * DELETE answers `{ ok: true }`. The last active admin cannot be disabled, demoted or deleted (409). POST of an
 * e-mail that looks like an existing account's (or mixes alphabets) adds nothing and answers 409
 * `{ error, lookAlike: [e-mails] }`, unless the body says `confirm: true`.
 */
export const staffRoutes = (deps: AppDeps) =>
  new Elysia({ prefix: '/api' })
    .use(authPlugin(deps))
    .get('/staff', () => service.listStaff(deps), { auth: 'admin', response: { 200: staffListAnswer, ...errorResponses } })
    .post(
      '/staff',
      async ({ body, status }) => {
        const result = await service.createStaff(deps, body);
        if ('lookAlike' in result) return status(409, result.lookAlike);
        return result.created;
      },
      {
        auth: 'admin',
        body: createStaffBody,
        response: { 200: staffAccount, ...errorResponses, 409: t.Union([lookAlikeAnswer, errorBody]) },
      },
    )
    .put(
      '/staff/:id',
      ({ params, body, staff, cookie }) => {
        const token = cookie[STAFF_COOKIE]?.value;
        const sessionHash = typeof token === 'string' ? hashToken(token) : null;
        return service.updateStaff(deps, params.id, body, { id: staff!.id, sessionHash });
      },
      { auth: 'admin', params: staffIdParams, body: updateStaffBody, response: { 200: staffAccount, ...errorResponses } },
    )
    .delete('/staff/:id', ({ params }) => service.deleteStaff(deps, params.id), {
      auth: 'admin',
      params: staffIdParams,
      response: { 200: staffDeletedAnswer, ...errorResponses },
    });
