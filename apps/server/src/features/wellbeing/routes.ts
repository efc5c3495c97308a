import { Elysia } from 'elysia';
import type { AppDeps } from '../../deps';
import { authPlugin } from '../../plugins/auth';
import { errorResponses } from '../../plugins/errors';
import { clearedWellbeingAnswer, myWellbeingAnswer } from './model';
import * as service from './service';

/** Issue 24: a member's own loneliness scale answers, to read and to clear (an end-user session only). */
export const wellbeingRoutes = (deps: AppDeps) =>
  new Elysia({ prefix: '/api' })
    .use(authPlugin(deps))
    .get('/my-wellbeing', ({ identity }) => service.myWellbeing(deps.db, identity), {
      auth: 'user',
      response: { 200: myWellbeingAnswer, ...errorResponses },
    })
    .delete('/my-wellbeing', ({ identity }) => service.clearMyWellbeing(deps.db, identity), {
      auth: 'user',
      response: { 200: clearedWellbeingAnswer, ...errorResponses },
    });
