import type { Kysely } from 'kysely';

// Staff accounts managed in the product (PRODUCT §3, §9): an account can be disabled without losing its history
// (feedback, campaigns and voice sessions keep pointing at it), and admins see when each one last signed in.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('staff')
    .addColumn('disabled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('last_sign_in_at', 'timestamptz')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('staff').dropColumn('last_sign_in_at').dropColumn('disabled').execute();
}
