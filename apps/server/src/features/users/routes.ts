import { Elysia, t } from 'elysia';
import type { AppDeps } from '../../deps';
import { authPlugin } from '../../plugins/auth';
import { log } from '../../log';
import { errorBody, errorResponses } from '../../plugins/errors';
import {
  allUsersInfoAnswer,
  createdUserAnswer,
  createUserBody,
  deletedUserAnswer,
  exportUserAnswer,
  fileNameParams,
  phoneAnswer,
  sameNameAnswer,
  updatePhoneBody,
  updateUserInfoBody,
  userContentAnswer,
  userNameParams,
  userNamesAnswer,
  usersInfoQuery,
} from './model';
import * as service from './service';

/**
 * Users (SPEC §7). Answers SPEC leaves open: update-user-info returns the updated user content record,
 * update-user-phone-number `{ phone_number }`, delete-user `{ deleted: fileName }`; create-user with
 * `allowSameName: false` answers 409 `{ error, sameName: [{ name, fileName, email, phone_number }] }` for a taken name. Phone numbers are
 * E.164 (or null), e-mails null when absent, dates ISO 8601 in UTC.
 */
export const usersRoutes = (deps: AppDeps) =>
  new Elysia({ prefix: '/api' })
    .use(authPlugin(deps))
    .get('/get-user-names', () => service.getUserNames(deps.db), {
      auth: 'operator',
      response: { 200: userNamesAnswer, ...errorResponses },
    })
    .get('/get-all-users-info', ({ query }) => service.getAllUsersInfo(deps.db, query), {
      auth: 'admin',
      query: usersInfoQuery,
      response: { 200: allUsersInfoAnswer, ...errorResponses },
    })
    .post(
      '/create-user',
      async ({ body, identity, status }) => {
        const user = await service.createUser(deps.db, body);
        if ('refused' in user) return status(409, user.refused);
        log.info('user created', { userId: user.id, by: identity.id });
        return user;
      },
      {
        auth: 'operator',
        body: createUserBody,
        response: { 200: createdUserAnswer, ...errorResponses, 409: t.Union([sameNameAnswer, errorBody]) },
      },
    )
    .get('/get-user-content/:userName', ({ params, identity }) => service.getUserContent(deps.db, identity, params.userName), {
      auth: 'user',
      params: userNameParams,
      response: { 200: userContentAnswer, ...errorResponses },
    })
    .put('/update-user-info', ({ body }) => service.updateUserInfo(deps.db, body), {
      auth: 'operator',
      body: updateUserInfoBody,
      response: { 200: userContentAnswer, ...errorResponses },
    })
    .put(
      '/update-user-phone-number/:userName',
      ({ params, body, identity }) => service.updateOwnPhone(deps.db, identity, params.userName, body.phoneNumber),
      { auth: 'user', params: userNameParams, body: updatePhoneBody, response: { 200: phoneAnswer, ...errorResponses } },
    )
    .delete(
      '/delete-user/:fileName',
      async ({ params, identity }) => {
        const { deleted, userId } = await service.deleteUser(deps.db, params.fileName);
        log.info('user deleted', { userId, by: identity.id });
        return { deleted };
      },
      { auth: 'admin', params: fileNameParams, response: { 200: deletedUserAnswer, ...errorResponses } },
    )
    .get(
      '/export-user/:fileName',
      async ({ params, identity, set }) => {
        const data = await service.exportUser(deps.db, params.fileName);
        log.info('user exported', { userId: data.user.id, by: identity.id });
        set.headers['content-disposition'] = `attachment; filename="hearth-user-${data.user.id}.json"`;
        return data;
      },
      // A download, but JSON all the same: its schema is open at every level so nothing is ever left out.
      { auth: 'admin', params: fileNameParams, response: { 200: exportUserAnswer, ...errorResponses } },
    );
