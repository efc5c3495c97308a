import { log } from '../log';
import { duePhase, isoDate, scaleScore, type ScaleAnswers } from '../features/wellbeing/scale';
import { insertLiveWellbeingAnswer, upsertLiveMemoryEntry, upsertLiveMoodEntry, wellbeingHistory } from './repository';
import { parseToolCall, toolOutput, type ToolCall } from './tools';
import type { ToolHost } from './tool-host';

/**
 * Runs one tool call of the model inside the relay (PRODUCT §4) and returns the function_call_output text.
 * Effects reach the upstream (new instructions) and the browser (hearth.* events) before the output does.
 */
export async function runTool(session: ToolHost, name: string, rawArguments: string): Promise<string> {
  if (session.ended) return toolOutput.error(ENDED);
  const parsed = parseToolCall(name, rawArguments, session.page, session.modules.wellbeing);
  if (!parsed.ok) return toolOutput.error(parsed.error);
  try {
    return await execute(session, parsed.call);
  } catch (err) {
    log.error('tool failed', { sessionId: session.id, tool: name, error: (err as Error)?.name });
    return toolOutput.error(`${name} could not be completed`);
  }
}

const ENDED = 'The session has ended';

async function execute(session: ToolHost, call: ToolCall): Promise<string> {
  const db = session.db;
  switch (call.name) {
    case 'change_prompt': {
      if (!session.modules.selectPrompt(call.promptName)) return toolOutput.error('Prompt name not found');
      // SPEC §4: on the user page a response in progress is cancelled before the new prompt takes over.
      if (session.page === 'user') session.cancelResponse();
      session.updateInstructions();
      session.sendClient({ type: 'hearth.prompt_changed', prompt: call.promptName, reasoningEffort: session.reasoningEffort() });
      return toolOutput.ok({ prompt: call.promptName });
    }
    case 'change_module': {
      if (!(await session.modules.selectModule(db, call.moduleName))) return toolOutput.error('Sequence name not found');
      session.afterModuleChange();
      return toolOutput.ok({ module: session.modules.moduleName, version: session.modules.version, prompt: session.modules.promptName });
    }
    case 'set_memory': {
      // The write itself checks the session is still live product-wide (revocation may be on another instance).
      if (session.userId) {
        if (!(await upsertLiveMemoryEntry(db, session.id, session.userId, call.key, call.value))) return toolOutput.error(ENDED);
      } else session.staffMemory.set(call.key, call.value);
      session.sendClient({ type: 'hearth.memory', key: call.key, value: call.value });
      return toolOutput.ok({ key: call.key });
    }
    case 'set_mood_score': {
      if (session.userId) {
        if (!(await upsertLiveMoodEntry(db, session.id, session.userId, call.key, call.value))) return toolOutput.error(ENDED);
      } else session.staffMood.set(call.key, call.value);
      session.sendClient({ type: 'hearth.mood', key: call.key, value: call.value });
      return toolOutput.ok({ key: call.key, value: call.value });
    }
    case 'record_loneliness_scale':
      return recordScale(session, call.answers);
  }
}

/** Issue 24: a member's intake or later answers, as due (wellbeing/scale.ts); a staff session keeps nothing. */
async function recordScale(session: ToolHost, answers: ScaleAnswers): Promise<string> {
  const score = scaleScore(answers);
  if (!session.userId) {
    session.sendClient({ type: 'hearth.wellbeing', score, phase: null, stored: false });
    return toolOutput.ok({ score, stored: false, note: 'A staff session has no member: nothing was stored' });
  }
  const due = duePhase(await wellbeingHistory(session.db, session.userId), new Date());
  if (!due.due) {
    const until = due.laterFrom ? `; the next answers are due from ${isoDate(due.laterFrom)}` : '';
    return toolOutput.error(`The loneliness scale was already recorded on ${isoDate(due.recordedAt)}${until}. Nothing was stored.`);
  }
  const row = { userId: session.userId, moduleName: session.modules.moduleName, phase: due.due, answers, score };
  if (!(await insertLiveWellbeingAnswer(session.db, session.id, row))) {
    return toolOutput.error('Nothing was stored: the answers were already recorded or the session has ended');
  }
  session.sendClient({ type: 'hearth.wellbeing', score, phase: due.due, stored: true });
  return toolOutput.ok({ score, phase: due.due, stored: true });
}
