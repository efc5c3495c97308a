import type { DB } from '@hearth/db/client';
import { jsonb } from '@hearth/db/json';

export async function insertFeedback(
  db: DB,
  row: {
    userId: string | null;
    staffId: string | null;
    feedback: string;
    sequence: string | null;
    version: string | null;
    lastConversation: unknown;
  },
) {
  return db
    .insertInto('feedback')
    .values({
      user_id: row.userId,
      staff_id: row.staffId,
      feedback: row.feedback,
      selected_sequence: row.sequence,
      selected_version: row.version,
      last_conversation: row.lastConversation === null ? null : jsonb(row.lastConversation),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}
