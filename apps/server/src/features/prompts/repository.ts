import type { DB } from '@hearth/db/client';

export const findPrompt = (db: DB, name: string) => db.selectFrom('prompts').select('prompt').where('name', '=', name).executeTakeFirst();

export const listPrompts = (db: DB) => db.selectFrom('prompts').select(['name', 'prompt']).orderBy('name').execute();

export const updatePrompt = (db: DB, name: string, prompt: string) =>
  db
    .updateTable('prompts')
    .set({ prompt, updated_at: new Date() })
    .where('name', '=', name)
    .returning(['name', 'prompt'])
    .executeTakeFirst();

export const getSystemPrompt = (db: DB) => db.selectFrom('system_prompt').select('prompt').where('id', '=', 1).executeTakeFirst();

export const setSystemPrompt = (db: DB, prompt: string) =>
  db
    .insertInto('system_prompt')
    .values({ id: 1, prompt })
    .onConflict((oc) => oc.column('id').doUpdateSet({ prompt, updated_at: new Date() }))
    .execute();
