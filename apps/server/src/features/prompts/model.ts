import { t } from 'elysia';

const PROMPT_MAX_CHARS = 50_000;

export const updatePromptBody = t.Object({
  promptName: t.String({ minLength: 1, maxLength: 200 }),
  updatedPrompt: t.String({ maxLength: PROMPT_MAX_CHARS }),
});

/** Optional so that a missing prompt gets SPEC §5's 'Prompt not updated' like an empty one. */
export const updateSystemPromptBody = t.Object({
  newSystemPrompt: t.Optional(t.String({ maxLength: PROMPT_MAX_CHARS })),
});

// ---- Answers ----

/** A named prompt of /system-prompts (SPEC §3 "Prompt"). */
export const namedPrompt = t.Object({ name: t.String(), prompt: t.String() });
export const promptsAnswer = t.Array(namedPrompt);
/** SPEC §3: "a list whose first item has the prompt text". */
export const systemPromptAnswer = t.Array(t.Object({ prompt: t.String() }));
export const updatedSystemPromptAnswer = t.Object({ newSystemPrompt: t.String() });
