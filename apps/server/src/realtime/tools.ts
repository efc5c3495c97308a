import { MOOD_MAX, MOOD_MIN, type FunctionTool, type ToolName, type VoicePage } from '@hearth/protocol';
import { choiceValue, SCALE_CHOICES, SCALE_ITEMS, type ScaleAnswers } from '../features/wellbeing/scale';

/**
 * The four tools the model is offered (SPEC §7), the loneliness scale of a module that asks for it (issue 24), and
 * the checks on their arguments (SPEC §4/§5). They run in the relay; this file only describes them and turns raw
 * arguments into a call or a message for the model.
 */

const CHOICE_WORDS = SCALE_CHOICES.map((c) => `"${c}"`).join(', ');
const choice = (question: string) => ({ type: 'string' as const, enum: [...SCALE_CHOICES], description: `Their answer to "${question}"` });

const TOOLS: Record<ToolName, FunctionTool> = {
  change_prompt: {
    type: 'function',
    name: 'change_prompt',
    description:
      "Switch to another prompt of the current module when the current prompt's trigger condition is met. " +
      "Use the exact name of one of the prompts, usually the current prompt's next_prompt.",
    parameters: {
      type: 'object',
      properties: { prompt_name: { type: 'string', description: 'Exact name of the prompt to switch to.' } },
      required: ['prompt_name'],
      additionalProperties: false,
    },
  },
  change_module: {
    type: 'function',
    name: 'change_module',
    description: 'Switch the conversation to another module (sequence) by its exact name. Starts at its latest version.',
    parameters: {
      type: 'object',
      properties: { module_name: { type: 'string', description: 'Exact name of the module.' } },
      required: ['module_name'],
      additionalProperties: false,
    },
  },
  set_memory: {
    type: 'function',
    name: 'set_memory',
    description: 'Remember something the person shared, under a short lowercase_with_underscores key.',
    parameters: {
      type: 'object',
      properties: {
        key: { type: 'string', description: 'Short lowercase key with underscores, e.g. favourite_hobby.' },
        value: { type: 'string', description: 'What to remember.' },
      },
      required: ['key', 'value'],
      additionalProperties: false,
    },
  },
  set_mood_score: {
    type: 'function',
    name: 'set_mood_score',
    description: `Record the person's mood: a short reason as the key and a score from ${MOOD_MIN} (very low) to ${MOOD_MAX} (very good).`,
    parameters: {
      type: 'object',
      properties: {
        key: { type: 'string', description: 'Short reason for the score.' },
        value: { type: 'number', minimum: MOOD_MIN, maximum: MOOD_MAX, description: `Score from ${MOOD_MIN} to ${MOOD_MAX}.` },
      },
      required: ['key', 'value'],
      additionalProperties: false,
    },
  },
  record_loneliness_scale: {
    type: 'function',
    name: 'record_loneliness_scale',
    description:
      "Record the three-question loneliness scale, only with the person's consent. First ask whether they are willing " +
      'to answer three short questions about how connected they feel; if they decline or hesitate, do not press them ' +
      'and do not call this tool. If they agree, read each question with the three answer choices ' +
      `(${CHOICE_WORDS}): ${SCALE_ITEMS.map((i) => `"${i.question}"`).join(' ')} ` +
      'Then call this tool once with their three answers. Do not comment on the score.',
    parameters: {
      type: 'object',
      properties: {
        consent: { type: 'boolean', description: 'True only when the person agreed to answer these questions.' },
        lack_companionship: choice(SCALE_ITEMS[0].question),
        left_out: choice(SCALE_ITEMS[1].question),
        isolated: choice(SCALE_ITEMS[2].question),
      },
      required: ['consent', 'lack_companionship', 'left_out', 'isolated'],
      additionalProperties: false,
    },
  },
};

/**
 * Module switching is for the testing page and console (SPEC §4); end users stay in the module they chose. The
 * loneliness scale is offered only in a module whose `wellbeing` setting is on (issue 24).
 */
export function toolNamesFor(page: VoicePage, wellbeing = false): ToolName[] {
  const names: ToolName[] =
    page === 'user'
      ? ['change_prompt', 'set_memory', 'set_mood_score']
      : ['change_prompt', 'change_module', 'set_memory', 'set_mood_score'];
  return wellbeing ? [...names, 'record_loneliness_scale'] : names;
}

export function toolDefinitions(page: VoicePage, wellbeing = false): FunctionTool[] {
  return toolNamesFor(page, wellbeing).map((name) => TOOLS[name]);
}

export type ToolCall =
  | { name: 'change_prompt'; promptName: string }
  | { name: 'change_module'; moduleName: string }
  | { name: 'set_memory'; key: string; value: string }
  | { name: 'set_mood_score'; key: string; value: number }
  | { name: 'record_loneliness_scale'; answers: ScaleAnswers };

export type ParsedToolCall = { ok: true; call: ToolCall } | { ok: false; error: string };

export const MAX_MEMORY_KEY_LENGTH = 64;
export const MAX_MEMORY_VALUE_LENGTH = 1000;
export const MAX_MOOD_KEY_LENGTH = 120;

/** SPEC §3: memory keys are lowercase with underscores. */
export function normalizeMemoryKey(key: string): string {
  return key
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_')
    .replace(/[^a-z0-9_]/g, '')
    .replace(/_+/g, '_')
    .replace(/^_|_$/g, '')
    .slice(0, MAX_MEMORY_KEY_LENGTH);
}

export const NO_CONSENT = 'Nothing was recorded: the person has not agreed to answer. Do not press them; go on with the conversation.';

export function parseToolCall(name: string, rawArguments: string, page: VoicePage, wellbeing = false): ParsedToolCall {
  if (!(toolNamesFor(page, wellbeing) as string[]).includes(name)) return { ok: false, error: `Tool ${name} is not available here` };
  let args: Record<string, unknown>;
  try {
    const parsed = JSON.parse(rawArguments || '{}');
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return { ok: false, error: 'Tool arguments must be a JSON object' };
    args = parsed;
  } catch {
    return { ok: false, error: 'Tool arguments are not valid JSON' };
  }
  switch (name) {
    case 'change_prompt':
      if (typeof args.prompt_name !== 'string') return { ok: false, error: 'change_prompt needs prompt_name as a string' };
      return { ok: true, call: { name, promptName: args.prompt_name } };
    case 'change_module':
      if (typeof args.module_name !== 'string') return { ok: false, error: 'change_module needs module_name as a string' };
      return { ok: true, call: { name, moduleName: args.module_name } };
    case 'set_memory': {
      if (typeof args.key !== 'string' || typeof args.value !== 'string')
        return { ok: false, error: 'set_memory needs key and value as strings' };
      const key = normalizeMemoryKey(args.key);
      if (!key) return { ok: false, error: 'set_memory needs a key with letters or digits' };
      const value = args.value.trim();
      if (!value) return { ok: false, error: 'set_memory needs a non-empty value' };
      if (value.length > MAX_MEMORY_VALUE_LENGTH)
        return { ok: false, error: `set_memory value must be at most ${MAX_MEMORY_VALUE_LENGTH} characters` };
      return { ok: true, call: { name, key, value } };
    }
    case 'set_mood_score': {
      if (typeof args.key !== 'string' || typeof args.value !== 'number' || !Number.isFinite(args.value)) {
        return { ok: false, error: 'set_mood_score needs key as string and value as number' };
      }
      const key = args.key.trim().slice(0, MAX_MOOD_KEY_LENGTH);
      if (!key) return { ok: false, error: 'set_mood_score needs a non-empty key' };
      if (args.value < MOOD_MIN || args.value > MOOD_MAX)
        return { ok: false, error: `set_mood_score value must be between ${MOOD_MIN} and ${MOOD_MAX}` };
      // Scores are stored as whole numbers (SPEC's panels show integers).
      return { ok: true, call: { name, key, value: Math.round(args.value) } };
    }
    case 'record_loneliness_scale': {
      if (args.consent !== true) return { ok: false, error: NO_CONSENT };
      const [lack, left, isolated] = SCALE_ITEMS.map((item) => choiceValue(args[item.field]));
      if (lack === null || left === null || isolated === null) {
        return {
          ok: false,
          error: `record_loneliness_scale needs lack_companionship, left_out and isolated, each one of ${CHOICE_WORDS}; nothing was recorded`,
        };
      }
      return { ok: true, call: { name, answers: { lack_companionship: lack, left_out: left, isolated } } };
    }
  }
  return { ok: false, error: `Unknown tool ${name}` };
}

/** function_call_output text: JSON the model reads; errors carry SPEC's texts in `error`. */
export const toolOutput = {
  ok: (details: Record<string, unknown>) => JSON.stringify({ success: true, ...details }),
  error: (message: string) => JSON.stringify({ success: false, error: message }),
};
