import { Elysia } from 'elysia';
import type { AppDeps } from '../../deps';
import { authPlugin } from '../../plugins/auth';
import { errorResponses } from '../../plugins/errors';
import { assignAnswer, assignSubgroupsBody, generateTestUsersBody, testUsersAnswer } from './model';
import * as service from './service';

export const subgroupsRoutes = (deps: AppDeps) =>
  new Elysia({ prefix: '/api' })
    .use(authPlugin(deps))
    .post('/assign-subgroups', ({ body }) => service.assignSubgroups(deps, body.groupId, body.usersPerGroup), {
      auth: 'admin',
      body: assignSubgroupsBody,
      response: { 200: assignAnswer, ...errorResponses },
    })
    .post('/generate-test-users', ({ body }) => service.generateTestUsers(deps, body.groupId, body.usersToGenerate), {
      auth: 'admin',
      body: generateTestUsersBody,
      response: { 200: testUsersAnswer, ...errorResponses },
    });
