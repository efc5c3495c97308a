import { sql } from 'kysely';
import type { DB } from '@hearth/db/client';
import type { StaffRole } from '@hearth/db/schema';

const columns = ['id', 'email', 'role', 'disabled', 'created_at', 'last_sign_in_at'] as const;

export const listStaff = (db: DB) => db.selectFrom('staff').select(columns).orderBy('email').execute();

export const listStaffEmails = async (db: DB) => (await db.selectFrom('staff').select('email').execute()).map((r) => r.email);

export const findStaff = (db: DB, id: string) => db.selectFrom('staff').select(columns).where('id', '=', id).executeTakeFirst();

/** Undefined when the e-mail is taken. */
export const insertStaff = (db: DB, values: { email: string; passwordHash: string; role: StaffRole }) =>
  db
    .insertInto('staff')
    .values({ email: values.email, password_hash: values.passwordHash, role: values.role })
    .onConflict((oc) => oc.column('email').doNothing())
    .returning(columns)
    .executeTakeFirst();

export const updateStaff = (db: DB, id: string, set: { role?: StaffRole; disabled?: boolean; passwordHash?: string }) =>
  db
    .updateTable('staff')
    .set({ role: set.role, disabled: set.disabled, password_hash: set.passwordHash })
    .where('id', '=', id)
    .returning(columns)
    .executeTakeFirst();

export const deleteStaff = (db: DB, id: string) => db.deleteFrom('staff').where('id', '=', id).executeTakeFirst();

export async function countActiveAdminsExcept(db: DB, id: string) {
  const row = await db
    .selectFrom('staff')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('role', '=', 'admin')
    .where('disabled', '=', false)
    .where('id', '<>', id)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Serialises changes that could take away admins, until the transaction ends: two admins disabling each other at
 * the same moment must not both succeed and leave nobody able to manage the product.
 */
export async function lockStaffChanges(trx: DB) {
  await sql`select pg_advisory_xact_lock(hashtext('hearth:staff-admins'))`.execute(trx);
}
