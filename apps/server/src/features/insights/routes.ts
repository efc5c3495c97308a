import { Elysia, t } from 'elysia';
import type { AppDeps } from '../../deps';
import { authPlugin } from '../../plugins/auth';
import { errorResponses } from '../../plugins/errors';
import { log } from '../../log';
import { insightsCsv } from './csv';
import { insightsAnswer, insightsQuery } from './model';
import * as service from './service';

export const insightsRoutes = (deps: AppDeps) =>
  new Elysia({ prefix: '/api' })
    .use(authPlugin(deps))
    .get('/insights', ({ query }) => service.insights(deps.db, query.groupId ?? null), {
      auth: 'admin',
      query: insightsQuery,
      response: { 200: insightsAnswer, ...errorResponses },
    })
    .get(
      '/insights/export',
      async ({ query, set, identity }) => {
        const answer = await service.insights(deps.db, query.groupId ?? null);
        // Aggregates only, but a file leaves the product: who took which group's is kept in the log (ids only).
        log.info('insights exported', { groupId: answer.groupId, by: identity.id });
        set.headers['content-type'] = 'text/csv; charset=utf-8';
        set.headers['content-disposition'] = `attachment; filename="hearth-insights-${answer.groupId ?? 'all-groups'}.csv"`;
        return insightsCsv(answer);
      },
      { auth: 'admin', query: insightsQuery, response: { 200: t.String(), ...errorResponses } },
    );
