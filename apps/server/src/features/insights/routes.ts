import { Elysia, t } from 'elysia';
import type { AppDeps } from '../../deps';
import { authPlugin } from '../../plugins/auth';
import { errorResponses } from '../../plugins/errors';
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
      async ({ query, set }) => {
        const answer = await service.insights(deps.db, query.groupId ?? null);
        set.headers['content-type'] = 'text/csv; charset=utf-8';
        set.headers['content-disposition'] = `attachment; filename="hearth-insights-${answer.groupId ?? 'all-groups'}.csv"`;
        return insightsCsv(answer);
      },
      { auth: 'admin', query: insightsQuery, response: { 200: t.String(), ...errorResponses } },
    );
