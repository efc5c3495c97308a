import type { DB } from '@hearth/db/client';
import { jsonb } from '@hearth/db/json';

export const listCases = (db: DB, sequenceId: number) =>
  db
    .selectFrom('test_cases')
    .select(['id', 'name', 'definition'])
    .where('sequence_id', '=', sequenceId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();

export const findCase = (db: DB, sequenceId: number, caseId: string) =>
  db.selectFrom('test_cases').select(['id', 'name']).where('sequence_id', '=', sequenceId).where('id', '=', caseId).executeTakeFirst();

/** Another case of the sequence already holding this name. */
export const findCaseNamed = (db: DB, sequenceId: number, name: string, exceptId?: string) =>
  db
    .selectFrom('test_cases')
    .select('id')
    .where('sequence_id', '=', sequenceId)
    .where('name', '=', name)
    .$if(exceptId !== undefined, (qb) => qb.where('id', '!=', exceptId!))
    .executeTakeFirst();

export const insertCase = (
  db: DB,
  row: { id: string; sequenceId: number; name: string; definition: Record<string, unknown>; createdBy: string },
) =>
  db
    .insertInto('test_cases')
    .values({ id: row.id, sequence_id: row.sequenceId, name: row.name, definition: jsonb(row.definition), created_by: row.createdBy })
    .execute();

export const updateCase = (db: DB, id: string, name: string, definition: Record<string, unknown>) =>
  db
    .updateTable('test_cases')
    .set({ name, definition: jsonb(definition), updated_at: new Date() })
    .where('id', '=', id)
    .execute();

export const deleteCase = (db: DB, id: string) => db.deleteFrom('test_cases').where('id', '=', id).execute();
