import { Elysia } from 'elysia';
import type { AppDeps } from '../../deps';
import { authPlugin, cookieOptions, STAFF_COOKIE, STAFF_SESSION_DAYS, USER_COOKIE, USER_SESSION_DAYS } from '../../plugins/auth';
import { clientAddress } from '../../plugins/client-address';
import { unauthorized } from '../../plugins/errors';
import { loginBody, revokeLinksBody, userLinkBody, userSessionBody } from './model';
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
      { body: loginBody },
    )
    .post('/auth/logout', async ({ cookie }) => {
      await service.logout(deps, [cookie[STAFF_COOKIE].value, cookie[USER_COOKIE].value]);
      cookie[STAFF_COOKIE].remove();
      cookie[USER_COOKIE].remove();
      return { ok: true };
    })
    .get(
      '/auth/me',
      ({ identity }) => {
        if (identity.kind !== 'staff') throw unauthorized();
        return { email: identity.email, role: identity.role };
      },
      { auth: 'operator' },
    )
    .post(
      '/user-link',
      async ({ body }) => {
        const { url } = await service.issueUserLink(deps, body.userFile, body.moduleName);
        return { url };
      },
      { auth: 'operator', body: userLinkBody },
    )
    .post('/revoke-user-links', ({ body }) => service.revokeUserLinks(deps, body.userFile), {
      auth: 'admin',
      body: revokeLinksBody,
    })
    .post(
      '/user-session',
      async ({ body, cookie, server, request }) => {
        const clientKey = clientAddress(deps.config, request, server);
        const s = await service.startUserSession(deps, body.token, clientKey);
        cookie[USER_COOKIE].set({ value: s.sessionToken, ...cookieOptions(deps, USER_SESSION_DAYS) });
        return { name: s.name, userFile: s.userFile, moduleName: s.moduleName };
      },
      { body: userSessionBody },
    )
    .get(
      '/user-session',
      ({ identity }) => {
        if (identity.kind !== 'user') return { name: null, userFile: null, staff: true };
        return { name: identity.name, userFile: identity.fileName };
      },
      { auth: 'user' },
    );
