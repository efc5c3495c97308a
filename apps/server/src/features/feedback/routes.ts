import { Elysia } from 'elysia';
import type { AppDeps } from '../../deps';
import { authPlugin } from '../../plugins/auth';

export const feedbackRoutes = (deps: AppDeps) => new Elysia({ prefix: '/api' }).use(authPlugin(deps));
