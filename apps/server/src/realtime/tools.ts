import { MOOD_MAX, MOOD_MIN, type FunctionTool, type ToolName, type VoicePage } from '@hearth/protocol';

/**
 * The four tools the model is offered (SPEC §7) and the checks on their arguments (SPEC §4/§5). They run in
 * the relay; this file only describes them and turns raw arguments into a call or a message for the model.
 */

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
};

/** Module switching is for the testing page and console (SPEC §4); end users stay in the module they chose. */
export function toolNamesFor(page: VoicePage): ToolName[] {
  return page === 'user'
    ? ['change_prompt', 'set_memory', 'set_mood_score']
    : ['change_prompt', 'change_module', 'set_memory', 'set_mood_score'];
}

export function toolDefinitions(page: VoicePage): FunctionTool[] {
  return toolNamesFor(page).map((name) => TOOLS[name]);
}

export type ToolCall =
  | { name: 'change_prompt'; promptName: string }
  | { name: 'change_module'; moduleName: string }
  | { name: 'set_memory'; key: string; value: string }
  | { name: 'set_mood_score'; key: string; value: number };

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

export function parseToolCall(name: string, rawArguments: string, page: VoicePage): ParsedToolCall {
  if (!(toolNamesFor(page) as string[]).includes(name)) return { ok: false, error: `Tool ${name} is not available here` };
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
  }
  return { ok: false, error: `Unknown tool ${name}` };
}

/** function_call_output text: JSON the model reads; errors carry SPEC's texts in `error`. */
export const toolOutput = {
  ok: (details: Record<string, unknown>) => JSON.stringify({ success: true, ...details }),
  error: (message: string) => JSON.stringify({ success: false, error: message }),
};
