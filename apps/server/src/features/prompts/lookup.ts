import type { DB } from '@hearth/db/client';
import { DEFAULT_SYSTEM_PROMPT, NAMED_PROMPTS } from '@hearth/db/seed';
import type { NamedPromptTask } from '../../providers/text-ai';
import { findPrompt, getSystemPrompt } from './repository';

// The prompts feature's public read side: the post-chat work and subgroups read the admin-edited prompts here.

/** The admin-editable prompt of a task (the seeded text if an admin removed it). */
export async function instructionsFor(db: DB, task: NamedPromptTask): Promise<string> {
  const row = await findPrompt(db, task);
  return row?.prompt ?? NAMED_PROMPTS[task] ?? '';
}

/** The testing page's second-model prompt ("Edit gpt4o prompt"). */
export async function storedSystemPrompt(db: DB): Promise<string> {
  const row = await getSystemPrompt(db);
  return row?.prompt || DEFAULT_SYSTEM_PROMPT;
}
