import { Elysia } from 'elysia';
import type { AppDeps } from '../../deps';
import { authPlugin, cookieOptions, STAFF_COOKIE, STAFF_SESSION_DAYS, USER_COOKIE, USER_SESSION_DAYS } from '../../plugins/auth';
import { clientAddress } from '../../plugins/client-address';
import { errorResponses, unauthorized } from '../../plugins/errors';
import {
  currentUserAnswer,
  loggedOutAnswer,
  loginBody,
  meAnswer,
  revokedAnswer,
  revokeLinksBody,
  userLinkAnswer,
  userLinkBody,
  userSessionAnswer,
  userSessionBody,
} from './model';
import * as service from './service';

export const authRoutes = (deps: AppDeps) =>
  new Elysia({ prefix: '/api' })
    .use(authPlugin(deps))
    .post(
      '/auth/login',
      async ({ body, cookie, server, request }) => {
        const clientKey = clientAddress(deps.config, request, server);
        const { token, staff } = await service.login(deps, body.email, body.password, clientKey);
        cookie[STAFF_COOKIE].set({ value: token, ...cookieOptions(deps, STAFF_SESSION_DAYS) });
        return staff;
      },
      { body: loginBody, response: { 200: meAnswer, ...errorResponses } },
    )
    .post(
      '/auth/logout',
      async ({ cookie }) => {
        await service.logout(deps, [cookie[STAFF_COOKIE].value, cookie[USER_COOKIE].value]);
        cookie[STAFF_COOKIE].remove();
        cookie[USER_COOKIE].remove();
        return { ok: true as const };
      },
      { response: { 200: loggedOutAnswer, ...errorResponses } },
    )
    .get(
      '/auth/me',
      ({ identity }) => {
        if (identity.kind !== 'staff') throw unauthorized();
        return { email: identity.email, role: identity.role };
      },
      { auth: 'operator', response: { 200: meAnswer, ...errorResponses } },
    )
    .post(
      '/user-link',
      async ({ body }) => {
        const { url } = await service.issueUserLink(deps, body.userFile, body.moduleName);
        return { url };
      },
      { auth: 'operator', body: userLinkBody, response: { 200: userLinkAnswer, ...errorResponses } },
    )
    .post('/revoke-user-links', ({ body }) => service.revokeUserLinks(deps, body.userFile), {
      auth: 'admin',
      body: revokeLinksBody,
      response: { 200: revokedAnswer, ...errorResponses },
    })
    .post(
      '/user-session',
      async ({ body, cookie, server, request }) => {
        const clientKey = clientAddress(deps.config, request, server);
        const s = await service.startUserSession(deps, body.token, clientKey);
        cookie[USER_COOKIE].set({ value: s.sessionToken, ...cookieOptions(deps, USER_SESSION_DAYS) });
        return { name: s.name, userFile: s.userFile, moduleName: s.moduleName };
      },
      { body: userSessionBody, response: { 200: userSessionAnswer, ...errorResponses } },
    )
    .get(
      '/user-session',
      ({ identity }) => {
        if (identity.kind !== 'user') return { name: null, userFile: null, staff: true as const };
        return { name: identity.name, userFile: identity.fileName };
      },
      { auth: 'user', response: { 200: currentUserAnswer, ...errorResponses } },
    );
