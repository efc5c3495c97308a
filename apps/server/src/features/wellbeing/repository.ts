import type { DB } from '@hearth/db/client';
import { sql } from 'kysely';
import { isoUtc } from '../users/lookup';

/** A member's loneliness scale answers (numbers only), oldest first. */
export const listAnswers = (db: DB, userId: string) =>
  db
    .selectFrom('wellbeing_answers')
    .select([
      'id',
      'module_name as moduleName',
      'phase',
      'lack_companionship as lackCompanionship',
      'left_out as leftOut',
      'isolated',
      'score',
      isoUtc(sql.ref('recorded_at')).as('recordedAt'),
    ])
    .where('user_id', '=', userId)
    .orderBy('recorded_at')
    .orderBy('id')
    .execute();

export async function deleteAnswers(db: DB, userId: string): Promise<number> {
  const r = await db.deleteFrom('wellbeing_answers').where('user_id', '=', userId).executeTakeFirst();
  return Number(r.numDeletedRows);
}
