import { Elysia } from 'elysia';
import type { AppDeps } from '../../deps';
import { log } from '../../log';
import { authPlugin } from '../../plugins/auth';
import { errorResponses } from '../../plugins/errors';
import { massAddUsers } from './mass-add';
import {
  createdGroupAnswer,
  createGroupBody,
  deletedGroupAnswer,
  groupAnswer,
  groupIdParams,
  groupModuleAnswer,
  groupsAnswer,
  massAddAnswer,
  massAddBody,
  membershipBody,
  okAnswer,
  pageQuery,
  setGroupModuleBody,
} from './model';
import * as service from './service';

/**
 * Groups (SPEC §7), admins only. Answers SPEC leaves open: get-groups items carry `memberCount` next to
 * `members` (kept for SPEC's shape), create-group `{ id, name }`, delete-group `{ deleted: groupId }`,
 * add/remove-user-to/from-group `{ ok: true }`, set-group-module `{ id, isolatedModule }`.
 * get-groups and get-group also answer one page when asked (`?page=&pageSize=&q=`, see the service), and
 * mass-add-users (ours) validates a pasted list and adds the good lines: `{ dryRun, lines, accepted, rejected, added }`.
 */
export const groupsRoutes = (deps: AppDeps) =>
  new Elysia({ prefix: '/api' })
    .use(authPlugin(deps))
    .get('/get-groups', ({ query }) => service.listGroups(deps.db, query), {
      auth: 'admin',
      query: pageQuery,
      response: { 200: groupsAnswer, ...errorResponses },
    })
    .get('/get-group/:groupId', ({ params, query }) => service.getGroup(deps.db, params.groupId, query), {
      auth: 'admin',
      params: groupIdParams,
      query: pageQuery,
      response: { 200: groupAnswer, ...errorResponses },
    })
    .post('/create-group', ({ body }) => service.createGroup(deps.db, body.name), {
      auth: 'admin',
      body: createGroupBody,
      response: { 200: createdGroupAnswer, ...errorResponses },
    })
    .delete('/delete-group/:groupId', ({ params }) => service.deleteGroup(deps.db, params.groupId), {
      auth: 'admin',
      params: groupIdParams,
      response: { 200: deletedGroupAnswer, ...errorResponses },
    })
    .post('/add-user-to-group', ({ body }) => service.addUserToGroup(deps.db, body.groupId, body.userFile), {
      auth: 'admin',
      body: membershipBody,
      response: { 200: okAnswer, ...errorResponses },
    })
    .post('/remove-user-from-group', ({ body }) => service.removeUserFromGroup(deps.db, body.groupId, body.userFile), {
      auth: 'admin',
      body: membershipBody,
      response: { 200: okAnswer, ...errorResponses },
    })
    .post(
      '/mass-add-users',
      async ({ body, identity }) => {
        const result = await massAddUsers(deps.db, body.groupId, body.text, body.dryRun ?? false);
        if (!result.dryRun)
          log.info('users mass-added', { groupId: body.groupId, added: result.added, rejected: result.rejected, by: identity.id });
        return result;
      },
      { auth: 'admin', body: massAddBody, response: { 200: massAddAnswer, ...errorResponses } },
    )
    .put('/set-group-module/:groupId', ({ params, body }) => service.setGroupModule(deps.db, params.groupId, body.moduleName), {
      auth: 'admin',
      params: groupIdParams,
      body: setGroupModuleBody,
      response: { 200: groupModuleAnswer, ...errorResponses },
    });
