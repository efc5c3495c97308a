import { Elysia } from 'elysia';
import { resolve } from 'node:path';
import type { AppDeps } from './deps';
import { errorResponses, errorsPlugin, HttpError } from './plugins/errors';
import { csrfPlugin } from './plugins/csrf';
import { hostPlugin } from './plugins/host';
import { jsonBodyPlugin, SERVER_BODY_BACKSTOP_BYTES } from './plugins/json-body';
import { authRoutes } from './features/auth/routes';
import { blastsRoutes } from './features/blasts/routes';
import { feedbackRoutes } from './features/feedback/routes';
import { groupsRoutes } from './features/groups/routes';
import { healthRoutes } from './features/health/routes';
import { insightsRoutes } from './features/insights/routes';
import { invitationsRoutes } from './features/invitations/routes';
import { meetingsRoutes } from './features/meetings/routes';
import { messagesRoutes } from './features/messages/routes';
import { postChatRoutes } from './features/post-chat/routes';
import { promptsRoutes } from './features/prompts/routes';
import { sequencesRoutes } from './features/sequences/routes';
import { staffRoutes } from './features/staff/routes';
import { subgroupsRoutes } from './features/subgroups/routes';
import { testRunsRoutes } from './features/test-runs/routes';
import { turnTakingRoutes } from './features/turn-taking/routes';
import { costsRoutes } from './features/costs/routes';
import { usersRoutes } from './features/users/routes';
import { wellbeingRoutes } from './features/wellbeing/routes';
import { webPlugin } from './plugins/web';
import { realtimeRoutes, type RealtimeOptions } from './realtime/routes';

export { MAX_JSON_BYTES, MAX_UPLOAD_BYTES } from './plugins/json-body';

export function createApp(deps: AppDeps, opts: { webDist?: string; realtime?: RealtimeOptions } = {}) {
  // A /ws socket whose page stops answering the server's pings is closed (1006) after about this many seconds
  // (uWS counts in steps of 4), so its voice session starts waiting for the page to reconnect.
  return new Elysia({ serve: { maxRequestBodySize: SERVER_BODY_BACKSTOP_BYTES }, websocket: { idleTimeout: 12 } })
    .use(errorsPlugin)
    .use(hostPlugin)
    .use(jsonBodyPlugin)
    .use(csrfPlugin(deps.config))
    .onRequest(({ request }) => {
      // PostgreSQL text cannot hold NUL, and no name in a path ever contains one.
      if (/%00/.test(request.url)) throw new HttpError(400, 'The request contains characters that cannot be stored');
    })
    .use(healthRoutes(deps))
    .use(authRoutes(deps))
    .use(usersRoutes(deps))
    .use(groupsRoutes(deps))
    .use(sequencesRoutes(deps))
    .use(promptsRoutes(deps))
    .use(messagesRoutes(deps))
    .use(invitationsRoutes(deps))
    .use(blastsRoutes(deps))
    .use(meetingsRoutes(deps))
    .use(postChatRoutes(deps))
    .use(subgroupsRoutes(deps))
    .use(feedbackRoutes(deps))
    .use(staffRoutes(deps))
    .use(testRunsRoutes(deps))
    .use(turnTakingRoutes(deps))
    .use(costsRoutes(deps))
    .use(wellbeingRoutes(deps))
    .use(insightsRoutes(deps))
    .use(realtimeRoutes(deps, opts.realtime))
    .all(
      '/api/*',
      () => {
        throw new HttpError(404, 'Not found');
      },
      { response: errorResponses },
    )
    .use(webPlugin(opts.webDist ?? resolve(import.meta.dir, '../../web/dist')));
}

export type App = ReturnType<typeof createApp>;
