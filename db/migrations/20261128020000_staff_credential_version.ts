import type { Kysely } from 'kysely';

// A sign-in reads the password hash, verifies it, then writes its session; a password reset or a disable in between
// deleted the account's sessions before that session existed, so it survived. Every change of credentials bumps
// this number, and a sign-in writes its session only while the number is still the one it read with the hash.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('staff')
    .addColumn('credential_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('staff').dropColumn('credential_version').execute();
}
