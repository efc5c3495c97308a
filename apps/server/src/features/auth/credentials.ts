import type { DB } from '@hearth/db/client';
import * as repo from './repository';

/** Staff passwords (PRODUCT §3): the one rule for the staff screens, the staff API and ADMIN_PASSWORD. */
export const MIN_PASSWORD_LENGTH = 12;

// Spaces, invisible format characters (zero-width space, …) and control characters add length but guard nothing.
const BLANK = /[\s\p{Cc}\p{Cf}]/gu;

/** Why a staff password is refused, in a sentence for the person choosing it; null when it is fine. */
export function passwordProblem(password: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) return `The password must be at least ${MIN_PASSWORD_LENGTH} characters long`;
  if (password.replace(BLANK, '').length < MIN_PASSWORD_LENGTH) {
    return `The password must have at least ${MIN_PASSWORD_LENGTH} characters that are not spaces`;
  }
  return null;
}

/**
 * The account's credentials changed (a new password, a disable): sign-ins in flight with the old ones write no
 * session, and its sessions end, but for `keepTokenHash` (an admin changing their own password keeps theirs).
 * Call it in the transaction that changed the account, after the change.
 */
export async function credentialsChanged(trx: DB, staffId: string, keepTokenHash?: string) {
  await repo.bumpCredentialVersion(trx, staffId);
  await repo.deleteStaffSessions(trx, staffId, keepTokenHash);
}
