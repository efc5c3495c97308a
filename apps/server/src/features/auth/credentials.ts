import type { DB } from '@hearth/db/client';
import * as repo from './repository';

/**
 * The account's credentials changed (a new password, a disable): sign-ins in flight with the old ones write no
 * session, and its sessions end, but for `keepTokenHash` (an admin changing their own password keeps theirs).
 * Call it in the transaction that changed the account, after the change.
 */
export async function credentialsChanged(trx: DB, staffId: string, keepTokenHash?: string) {
  await repo.bumpCredentialVersion(trx, staffId);
  await repo.deleteStaffSessions(trx, staffId, keepTokenHash);
}
