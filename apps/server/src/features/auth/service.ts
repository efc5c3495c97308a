import type { AppDeps } from '../../deps';
import { hashToken, newToken, STAFF_SESSION_DAYS, USER_SESSION_DAYS } from '../../plugins/auth';
import { Invalid, NotFound, Unauthenticated } from '../../errors';
import { rateLimit } from '../../plugins/rate-limit';
import { findUserByFile } from '../users/lookup';
export { issueUserLink } from './personal-links';
import { credentialsChanged, passwordProblem } from './credentials';
import * as repo from './repository';
import type { StaffRole } from '@hearth/db/schema';

const days = (n: number) => new Date(Date.now() + n * 86_400_000);

// Verifying against a real hash keeps a wrong e-mail as slow as a wrong password.
let dummyHash: Promise<string> | undefined;

export async function login(deps: AppDeps, email: string, password: string, clientKey: string) {
  const perMinute = deps.config.limits.loginAttemptsPerMinute;
  // Per address, and per (e-mail, address): never per e-mail alone, or anyone could lock a staff member out (PRODUCT §3).
  await rateLimit(deps.db, `login-ip:${clientKey}`, perMinute * 3, 60);
  await rateLimit(deps.db, `login-email:${email.trim().toLowerCase()}|${clientKey}`, perMinute, 60);
  const staff = await repo.findStaffByEmail(deps.db, email);
  dummyHash ??= Bun.password.hash('not-a-password', { algorithm: 'argon2id' });
  const ok = await Bun.password.verify(password, staff?.password_hash ?? (await dummyHash));
  // A disabled account reads exactly like a wrong password: no account enumeration.
  if (!staff || staff.disabled || !ok) throw new Unauthenticated('Invalid e-mail or password');
  const token = newToken();
  // Nothing is written when the password was changed (or the account disabled) since it was read: the password just
  // verified is not the account's any more.
  const written = await repo.insertStaffSession(deps.db, hashToken(token), staff.id, staff.credential_version, days(STAFF_SESSION_DAYS));
  if (!written) throw new Unauthenticated('Invalid e-mail or password');
  await repo.recordSignIn(deps.db, staff.id);
  return { token, staff: { email: staff.email, role: staff.role } };
}

export async function logout(deps: AppDeps, tokens: unknown[]) {
  for (const token of tokens) if (typeof token === 'string' && token) await repo.deleteSession(deps.db, hashToken(token));
}

/**
 * ADMIN_EMAIL/ADMIN_PASSWORD at start: creates that account, or resets its password and role and enables it again.
 * It is the way back in when nobody can sign in, so it wins over a disable done in the product; to retire that
 * account, take the two variables out of the environment. A restart with another password signs the account out
 * everywhere, as a reset in the product does; with the same password its sessions stay.
 */
export async function ensureStaff(deps: AppDeps, email: string, password: string, role: StaffRole) {
  const problem = passwordProblem(password);
  if (problem) throw new Invalid(`ADMIN_PASSWORD: ${problem}`);
  const existing = await repo.findStaffByEmail(deps.db, email);
  const samePassword = existing ? await verifies(password, existing.password_hash) : false;
  const hash = samePassword ? existing!.password_hash : await Bun.password.hash(password, { algorithm: 'argon2id' });
  await deps.db.transaction().execute(async (trx) => {
    const id = await repo.upsertStaff(trx, email, hash, role);
    if (existing && !samePassword) await credentialsChanged(trx, id);
  });
}

/** False for a stored value that is not a hash at all, as well as for a wrong password. */
async function verifies(password: string, hash: string) {
  try {
    return await Bun.password.verify(password, hash);
  } catch {
    return false;
  }
}

export async function startUserSession(deps: AppDeps, token: string, clientKey: string) {
  await rateLimit(deps.db, `user-session:${clientKey}`, 30, 60);
  const found = await repo.useLinkToken(deps.db, hashToken(token));
  if (!found) throw new Unauthenticated('This personal link is not valid any more. Please ask for a new one.');
  const sessionToken = newToken();
  await repo.insertSession(deps.db, hashToken(sessionToken), { userId: found.id }, days(USER_SESSION_DAYS));
  return { sessionToken, name: found.name, userFile: found.file_name, moduleName: found.module_name };
}

export async function revokeUserLinks(deps: AppDeps, userFile: string) {
  const user = await findUserByFile(deps.db, userFile);
  if (!user) throw new NotFound('User not found');
  return repo.revokeLinkTokens(deps.db, user.id);
}
