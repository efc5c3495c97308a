import { sql } from 'kysely';
import type { DB } from '@hearth/db/client';
import type { StaffRole } from '@hearth/db/schema';

export const findStaffByEmail = (db: DB, email: string) =>
  db.selectFrom('staff').selectAll().where('email', '=', email.trim().toLowerCase()).executeTakeFirst();

/** ADMIN_EMAIL at start: creates the account, or makes it an enabled account of `role` with this hash. Its id. */
export async function upsertStaff(db: DB, email: string, passwordHash: string, role: StaffRole) {
  const row = await db
    .insertInto('staff')
    .values({ email: email.trim().toLowerCase(), password_hash: passwordHash, role })
    .onConflict((oc) => oc.column('email').doUpdateSet({ password_hash: passwordHash, role, disabled: false }))
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Sign-ins that read the credentials before this (and have not written their session yet) write none. */
export const bumpCredentialVersion = (db: DB, staffId: string) =>
  db
    .updateTable('staff')
    .set((eb) => ({ credential_version: eb('credential_version', '+', 1) }))
    .where('id', '=', staffId)
    .execute();

/** Signs the account out everywhere, or everywhere but one session (the admin changing their own password). */
export const deleteStaffSessions = (db: DB, staffId: string, exceptTokenHash?: string) => {
  let q = db.deleteFrom('sessions').where('staff_id', '=', staffId);
  if (exceptTokenHash) q = q.where('token_hash', '<>', exceptTokenHash);
  return q.execute();
};

export const recordSignIn = (db: DB, staffId: string) =>
  db.updateTable('staff').set({ last_sign_in_at: new Date() }).where('id', '=', staffId).execute();

export async function insertSession(db: DB, tokenHash: string, who: { staffId: string } | { userId: string }, expiresAt: Date) {
  await db
    .insertInto('sessions')
    .values({
      token_hash: tokenHash,
      staff_id: 'staffId' in who ? who.staffId : null,
      user_id: 'userId' in who ? who.userId : null,
      expires_at: expiresAt,
    })
    .execute();
}

/**
 * A staff sign-in's session, written only while the account is enabled and its credential version is still the
 * one read with the password hash that was verified. FOR SHARE makes it wait for a credential change in progress
 * (and then see the new version), or makes that change wait until this session exists, so the change deletes it.
 * False when nothing was written.
 */
export async function insertStaffSession(db: DB, tokenHash: string, staffId: string, credentialVersion: number, expiresAt: Date) {
  const row = await db
    .insertInto('sessions')
    .columns(['token_hash', 'staff_id', 'expires_at'])
    .expression((eb) =>
      eb
        .selectFrom('staff')
        .select([
          sql<string>`${tokenHash}::text`.as('token_hash'),
          'id',
          sql<Date>`${expiresAt.toISOString()}::timestamptz`.as('expires_at'),
        ])
        .where('id', '=', staffId)
        .where('credential_version', '=', credentialVersion)
        .where('disabled', '=', false)
        .forShare(),
    )
    .returning('token_hash')
    .executeTakeFirst();
  return row !== undefined;
}

/** The signed-in staff member of a live session. */
export const findStaffSession = (db: DB, tokenHash: string) =>
  db
    .selectFrom('sessions')
    .innerJoin('staff', 'staff.id', 'sessions.staff_id')
    .select(['staff.id', 'staff.email', 'staff.role'])
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.expires_at', '>', new Date())
    // Disabling deletes the sessions; this also covers a sign-in that raced the disable.
    .where('staff.disabled', '=', false)
    .executeTakeFirst();

/** The end user of a live session (opened with a personal link). */
export const findUserSession = (db: DB, tokenHash: string) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['users.id', 'users.name', 'users.file_name'])
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.expires_at', '>', new Date())
    .executeTakeFirst();

/** findStaffSession for many sign-ins in one statement (voice sockets opening together), each row with its token_hash. */
export const findStaffSessions = (db: DB, tokenHashes: readonly string[]) =>
  db
    .selectFrom('sessions')
    .innerJoin('staff', 'staff.id', 'sessions.staff_id')
    .select(['sessions.token_hash', 'staff.id', 'staff.email', 'staff.role'])
    .where('sessions.token_hash', 'in', tokenHashes)
    .where('sessions.expires_at', '>', new Date())
    .where('staff.disabled', '=', false)
    .execute();

/** findUserSession for many sign-ins in one statement, each row with its token_hash. */
export const findUserSessions = (db: DB, tokenHashes: readonly string[]) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['sessions.token_hash', 'users.id', 'users.name', 'users.file_name'])
    .where('sessions.token_hash', 'in', tokenHashes)
    .where('sessions.expires_at', '>', new Date())
    .execute();

export const deleteSession = (db: DB, tokenHash: string) => db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();

export const deleteExpiredSessions = (db: DB) => db.deleteFrom('sessions').where('expires_at', '<', new Date()).execute();

/** A personal link ("Generate URL"); the first one issued is when the member was invited (PRODUCT §11 funnel). */
export async function insertLinkToken(db: DB, tokenHash: string, userId: string, moduleName: string) {
  await db.insertInto('user_link_tokens').values({ token_hash: tokenHash, user_id: userId, module_name: moduleName }).execute();
  await db
    .updateTable('users')
    .set({ invited_at: sql`coalesce(invited_at, now())` })
    .where('id', '=', userId)
    .where('invited_at', 'is', null)
    .execute();
}

/** Exchanges a link for its user; the first exchange is when the member opened their link (PRODUCT §11 funnel). */
export async function useLinkToken(db: DB, tokenHash: string) {
  const row = await db
    .updateTable('user_link_tokens')
    .set({ last_used_at: new Date() })
    .from('users')
    .whereRef('users.id', '=', 'user_link_tokens.user_id')
    .where('user_link_tokens.token_hash', '=', tokenHash)
    .where('user_link_tokens.revoked_at', 'is', null)
    .returning(['users.id', 'users.name', 'users.file_name', 'user_link_tokens.module_name'])
    .executeTakeFirst();
  if (row) {
    await db
      .updateTable('users')
      .set({ link_opened_at: sql`coalesce(link_opened_at, now())` })
      .where('id', '=', row.id)
      .where('link_opened_at', 'is', null)
      .execute();
  }
  return row;
}

/**
 * Revokes the user's personal links and ends their sign-ins (which ends their live voice sessions on every
 * instance). Answers how many of each there were, so the admin hears what the revocation did.
 */
export async function revokeLinkTokens(db: DB, userId: string) {
  return db.transaction().execute(async (trx) => {
    const r = await trx
      .updateTable('user_link_tokens')
      .set({ revoked_at: new Date() })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    // Live: not ended and heartbeating (a crashed instance's rows stop counting after 30 s, as in admission).
    const live = await trx
      .selectFrom('live_voice_sessions')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('user_id', '=', userId)
      .where('ended_reason', 'is', null)
      .where('heartbeat_at', '>', sql<Date>`now() - interval '30 seconds'`)
      .executeTakeFirst();
    const signedOut = await trx.deleteFrom('sessions').where('user_id', '=', userId).executeTakeFirst();
    return { revoked: Number(r.numUpdatedRows), signedOut: Number(signedOut.numDeletedRows), liveSessionsEnded: live?.n ?? 0 };
  });
}
