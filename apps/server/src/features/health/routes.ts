import { Elysia } from 'elysia';
import { ping } from '@hearth/db/client';
import type { AppDeps } from '../../deps';
import { errorResponses } from '../../plugins/errors';
import { describeProviders } from '../../providers';
import { healthAnswer, publicConfigAnswer } from './model';

export const healthRoutes = (deps: AppDeps) =>
  new Elysia({ prefix: '/api' })
    .get(
      '/health',
      async ({ set }) => {
        const ok = await ping(deps.db).catch(() => false);
        if (!ok) set.status = 503;
        return { ok, database: deps.dbKind, providers: describeProviders(deps.providers) };
      },
      { response: { 200: healthAnswer, 503: healthAnswer, ...errorResponses } },
    )
    // Public (visitors and members without a sign-in); it holds nothing but what the pages print anyway.
    .get('/public-config', () => ({ contactEmail: deps.config.contactEmail ?? null }), {
      response: { 200: publicConfigAnswer, ...errorResponses },
    });
