import { Elysia } from 'elysia';
import type { AppDeps } from '../../deps';
import { authPlugin, type Identity } from '../../plugins/auth';
import { badRequest, errorResponses, forbidden } from '../../plugins/errors';
import {
  ASK_MET_BODY_RULE,
  askMetAnswer,
  askMetBody,
  groupParams,
  metAnswerAnswer,
  metAnswerBody,
  metQuestionAnswer,
  metSettingsAnswer,
  metSettingsBody,
} from './model';
import * as service from './service';

/** The card is the member's own: staff have no question of their own to answer. */
function memberOnly(identity: Identity) {
  if (identity.kind === 'staff') throw forbidden('Only a member can answer this, from their own page');
  return identity.id;
}

/**
 * The community loop's question (PRODUCT §11): did the member meet their subgroup, and later, did they meet again.
 * POST /api/ask-met/{groupId} (admin) { force?, round?: 'met'|'met_again' } → { asked }: asks every told, not
 * opted-out member with a phone (SMS) or else an e-mail, once per assignment and round unless `force`; the
 * scheduler (jobs.ts) asks through the same function when the group's delay has passed.
 * GET|PUT /api/met-settings/{groupId} (admin) { metAskDays, metAgainDays }: those delays, in days (0–365).
 * GET /api/met-question (the member) → { question: null | { askId, round, groupName, subgroupName, askedAt } };
 * POST /api/met-answer (the member) { askId, answer: 'yes'|'no'|'later' } → { askId, round, answer }.
 * SMS replies come through Twilio's inbound webhook (messages feature → replies.ts).
 */
export const meetingsRoutes = (deps: AppDeps) =>
  new Elysia({ prefix: '/api' })
    .use(authPlugin(deps))
    .post('/ask-met/:groupId', ({ params, body }) => service.askMet(deps, params.groupId, { force: body.force, round: body.round }), {
      auth: 'admin',
      params: groupParams,
      // An empty request is the plain "ask now". Elysia would turn any other non-object into `{}` for a body whose
      // fields are all optional, so a body that is not `{ force?, round? }` is refused here.
      transform(ctx) {
        if (ctx.body === undefined || (ctx.body as unknown) === '') ctx.body = {};
        const b = ctx.body as unknown;
        if (typeof b !== 'object' || b === null || Array.isArray(b) || Object.keys(b).some((k) => k !== 'force' && k !== 'round')) {
          throw badRequest(`Invalid request body: ${ASK_MET_BODY_RULE}`);
        }
      },
      body: askMetBody,
      response: { 200: askMetAnswer, ...errorResponses },
    })
    .get('/met-settings/:groupId', ({ params }) => service.metSettings(deps, params.groupId), {
      auth: 'admin',
      params: groupParams,
      response: { 200: metSettingsAnswer, ...errorResponses },
    })
    .put('/met-settings/:groupId', ({ params, body }) => service.saveMetSettings(deps, params.groupId, body), {
      auth: 'admin',
      params: groupParams,
      body: metSettingsBody,
      response: { 200: metSettingsAnswer, ...errorResponses },
    })
    .get('/met-question', ({ identity }) => service.metQuestion(deps, memberOnly(identity)), {
      auth: 'user',
      response: { 200: metQuestionAnswer, ...errorResponses },
    })
    .post('/met-answer', ({ identity, body }) => service.answerMet(deps, memberOnly(identity), body), {
      auth: 'user',
      body: metAnswerBody,
      response: { 200: metAnswerAnswer, ...errorResponses },
    });
