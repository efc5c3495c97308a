import { Elysia } from 'elysia';
import type { AppDeps } from '../../deps';
import { authPlugin } from '../../plugins/auth';

export const postChatRoutes = (deps: AppDeps) => new Elysia({ prefix: '/api' }).use(authPlugin(deps));
