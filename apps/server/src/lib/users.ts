import type { DB } from '@hearth/db/client';
import { conflict } from '../plugins/errors';

/** SPEC §3: the user file name is the id, an underscore, the lower-cased name, then .json. */
export const userFileName = (id: string, name: string) => `${id}_${name.toLowerCase()}.json`;

const userColumns = ['id', 'name', 'file_name', 'email', 'phone_number', 'memory_document', 'profile_for_group', 'sms_opt_out'] as const;

/** A user by file name (with or without .json) or id. */
export async function findUserByFile(db: DB, userFile: string) {
  const withJson = userFile.endsWith('.json') ? userFile : `${userFile}.json`;
  return db
    .selectFrom('users')
    .select(userColumns)
    .where((eb) => eb.or([eb('file_name', '=', withJson), eb('id', '=', userFile)]))
    .executeTakeFirst();
}

/**
 * A user as SPEC's `{userName}` paths name them: the file name or id first, else the name (case-insensitive).
 * Two users with one name is a conflict the caller must settle with the file name.
 */
export async function findUserByName(db: DB, userName: string) {
  const byFile = await findUserByFile(db, userName);
  if (byFile) return byFile;
  const rows = await db
    .selectFrom('users')
    .select(userColumns)
    .where((eb) => eb(eb.fn('lower', ['name']), '=', userName.trim().toLowerCase()))
    .limit(2)
    .execute();
  if (rows.length > 1) throw conflict(`More than one user is named "${userName}"; use the user file name instead`);
  return rows[0];
}

export type FoundUser = NonNullable<Awaited<ReturnType<typeof findUserByFile>>>;
