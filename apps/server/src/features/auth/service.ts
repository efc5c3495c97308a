import type { AppDeps } from '../../deps';
import { hashToken, newToken, STAFF_SESSION_DAYS, USER_SESSION_DAYS } from '../../plugins/auth';
import { NotFound, Unauthenticated } from '../../errors';
import { rateLimit } from '../../plugins/rate-limit';
import { findUserByFile } from '../users/lookup';
export { issueUserLink } from './personal-links';
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
  await repo.insertSession(deps.db, hashToken(token), { staffId: staff.id }, days(STAFF_SESSION_DAYS));
  await repo.recordSignIn(deps.db, staff.id);
  return { token, staff: { email: staff.email, role: staff.role } };
}

export async function logout(deps: AppDeps, tokens: unknown[]) {
  for (const token of tokens) if (typeof token === 'string' && token) await repo.deleteSession(deps.db, hashToken(token));
}

/**
 * ADMIN_EMAIL/ADMIN_PASSWORD at start: creates that account, or resets its password and role and enables it again.
 * It is the way back in when nobody can sign in, so it wins over a disable done in the product; to retire that
 * account, take the two variables out of the environment.
 */
export async function ensureStaff(deps: AppDeps, email: string, password: string, role: StaffRole) {
  const hash = await Bun.password.hash(password, { algorithm: 'argon2id' });
  await repo.upsertStaff(deps.db, email, hash, role);
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
