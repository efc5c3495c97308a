import { Elysia } from 'elysia';
import type { AppDeps } from '../../deps';
import { authPlugin } from '../../plugins/auth';
import { createGroupBody, groupIdParams, membershipBody, setGroupModuleBody } from './model';
import * as service from './service';

/**
 * Groups (SPEC §7), admins only. Answers SPEC leaves open: get-groups items carry `memberCount` next to
 * `members` (kept for SPEC's shape), create-group `{ id, name }`, delete-group `{ deleted: groupId }`,
 * add/remove-user-to/from-group `{ ok: true }`, set-group-module `{ id, isolatedModule }`.
 */
export const groupsRoutes = (deps: AppDeps) =>
  new Elysia({ prefix: '/api' })
    .use(authPlugin(deps))
    .get('/get-groups', () => service.listGroups(deps.db), { auth: 'admin' })
    .get('/get-group/:groupId', ({ params }) => service.getGroup(deps.db, params.groupId), {
      auth: 'admin',
      params: groupIdParams,
    })
    .post('/create-group', ({ body }) => service.createGroup(deps.db, body.name), {
      auth: 'admin',
      body: createGroupBody,
    })
    .delete('/delete-group/:groupId', ({ params }) => service.deleteGroup(deps.db, params.groupId), {
      auth: 'admin',
      params: groupIdParams,
    })
    .post('/add-user-to-group', ({ body }) => service.addUserToGroup(deps.db, body.groupId, body.userFile), {
      auth: 'admin',
      body: membershipBody,
    })
    .post('/remove-user-from-group', ({ body }) => service.removeUserFromGroup(deps.db, body.groupId, body.userFile), {
      auth: 'admin',
      body: membershipBody,
    })
    .put(
      '/set-group-module/:groupId',
      ({ params, body }) => service.setGroupModule(deps.db, params.groupId, body.moduleName),
      { auth: 'admin', params: groupIdParams, body: setGroupModuleBody },
    );
