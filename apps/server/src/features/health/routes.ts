import { Elysia } from 'elysia';
import { ping } from '@hearth/db/client';
import type { AppDeps } from '../../deps';
import { describeProviders } from '../../providers';

export const healthRoutes = (deps: AppDeps) =>
  new Elysia({ prefix: '/api' }).get('/health', async ({ set }) => {
    const ok = await ping(deps.db).catch(() => false);
    if (!ok) set.status = 503;
    return { ok, database: deps.dbKind, providers: describeProviders(deps.providers) };
  });
