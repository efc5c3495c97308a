import { Elysia } from 'elysia';
import type { AppDeps } from '../../deps';
import { authPlugin } from '../../plugins/auth';
import { errorResponses } from '../../plugins/errors';
import {
  namedPrompt,
  promptsAnswer,
  systemPromptAnswer,
  updatedSystemPromptAnswer,
  updatePromptBody,
  updateSystemPromptBody,
} from './model';
import * as service from './service';

/**
 * SPEC §7 prompt calls: the named prompts of the admin System Prompts tab (admin), and the testing page's
 * "Edit gpt4o prompt" system prompt (operator).
 */
export const promptsRoutes = (deps: AppDeps) =>
  new Elysia({ prefix: '/api' })
    .use(authPlugin(deps))
    .get('/get-prompts', () => service.listPrompts(deps.db), { auth: 'admin', response: { 200: promptsAnswer, ...errorResponses } })
    .put('/update-prompt', ({ body }) => service.updatePrompt(deps.db, body.promptName, body.updatedPrompt), {
      auth: 'admin',
      body: updatePromptBody,
      response: { 200: namedPrompt, ...errorResponses },
    })
    .get('/get-system-prompt', () => service.getSystemPrompt(deps.db), {
      auth: 'operator',
      response: { 200: systemPromptAnswer, ...errorResponses },
    })
    .put('/update-system-prompt', ({ body }) => service.updateSystemPrompt(deps.db, body.newSystemPrompt), {
      auth: 'operator',
      body: updateSystemPromptBody,
      response: { 200: updatedSystemPromptAnswer, ...errorResponses },
    });
