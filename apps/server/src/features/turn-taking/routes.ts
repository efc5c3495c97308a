import { Elysia } from 'elysia';
import type { AppDeps } from '../../deps';
import { authPlugin } from '../../plugins/auth';
import { errorResponses } from '../../plugins/errors';
import { turnTakingAnswer, turnTakingQuery } from './model';
import * as service from './service';

/** Issue 23 §4: how well turns are taken, per sequence version (admins only, like the other quality figures). */
export const turnTakingRoutes = (deps: AppDeps) =>
  new Elysia({ prefix: '/api' }).use(authPlugin(deps)).get('/turn-taking', ({ query }) => service.getTurnTaking(deps.db, query.sequence), {
    auth: 'admin',
    query: turnTakingQuery,
    response: { 200: turnTakingAnswer, ...errorResponses },
  });
