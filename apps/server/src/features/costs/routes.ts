import { Elysia } from 'elysia';
import type { AppDeps } from '../../deps';
import { authPlugin } from '../../plugins/auth';
import { errorResponses } from '../../plugins/errors';
import { costsAnswer, costsQuery } from './model';
import * as service from './service';

/** Issue 25 item 2: what voice conversations cost, by day, version, conversation or member (admins: money). */
export const costsRoutes = (deps: AppDeps) =>
  new Elysia({ prefix: '/api' }).use(authPlugin(deps)).get('/costs', ({ query }) => service.getCosts(deps, query), {
    auth: 'admin',
    query: costsQuery,
    response: { 200: costsAnswer, ...errorResponses },
  });
