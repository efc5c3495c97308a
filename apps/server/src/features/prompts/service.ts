import type { DB } from '@hearth/db/client';
import { Invalid, NotFound } from '../../errors';
import * as repo from './repository';

/** The named prompts of /system-prompts. Names are fixed by the text tasks that read them; only texts change. */
export const listPrompts = (db: DB) => repo.listPrompts(db);

export async function updatePrompt(db: DB, name: string, text: string) {
  if (!text.trim()) throw new Invalid('The prompt must not be empty');
  const row = await repo.updatePrompt(db, name, text);
  if (!row) throw new NotFound('Prompt not found');
  return row;
}

/** SPEC §3: "a list whose first item has the prompt text". */
export async function getSystemPrompt(db: DB) {
  const row = await repo.getSystemPrompt(db);
  return [{ prompt: row?.prompt ?? '' }];
}

export async function updateSystemPrompt(db: DB, text: string | undefined) {
  if (!text?.trim()) throw new Invalid('Prompt not updated');
  await repo.setSystemPrompt(db, text);
  return { newSystemPrompt: text };
}
