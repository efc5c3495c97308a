import { randomInt } from 'node:crypto';
import type { AppDeps } from '../../deps';
import { log } from '../../log';
import { Conflict, Invalid, NotFound } from '../../errors';
import { credentialsChanged, passwordProblem } from '../auth/credentials';
import { lookAlikes, mixedScripts } from './look-alike';
import { type CreateStaffBody, type LookAlikeAnswer, type StaffAccount, type UpdateStaffBody } from './model';
import * as repo from './repository';

type StaffRow = NonNullable<Awaited<ReturnType<typeof repo.findStaff>>>;

/** The answer shape of every staff endpoint (PRODUCT §9). */
export const toAccount = (row: StaffRow): StaffAccount => ({
  id: row.id,
  email: row.email,
  role: row.role,
  disabled: row.disabled,
  createdAt: row.created_at,
  lastSignInAt: row.last_sign_in_at,
});

/** Who is asking: their account and the hash of the session they ask with. */
export type Actor = { id: string; sessionHash: string | null };

// No 0/O, 1/l/I: a generated password is often read out or typed from a screen.
const ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Four groups of five (about 116 bits), e.g. `Xk7pQ-2mRtz-…`. */
export function generatePassword() {
  const group = () => Array.from({ length: 5 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return [group(), group(), group(), group()].join('-');
}

const hash = (password: string) => Bun.password.hash(password, { algorithm: 'argon2id' });

function checkPassword(password: string) {
  const problem = passwordProblem(password);
  if (problem) throw new Invalid(problem);
}

export async function listStaff(deps: AppDeps) {
  return (await repo.listStaff(deps.db)).map(toAccount);
}

/** The new account, or (without `confirm`) the warning that its e-mail looks like another's, and nothing is added. */
export async function createStaff(
  deps: AppDeps,
  body: CreateStaffBody,
): Promise<{ created: StaffAccount } | { lookAlike: LookAlikeAnswer }> {
  const email = body.email.trim().toLowerCase();
  if (!EMAIL.test(email)) throw new Invalid('Enter a valid e-mail address');
  if (body.password !== undefined) checkPassword(body.password);
  if (!body.confirm) {
    const warning = lookAlikeWarning(email, await repo.listStaffEmails(deps.db));
    if (warning) return { lookAlike: warning };
  }
  const generatedPassword = body.password === undefined ? generatePassword() : undefined;
  const row = await repo.insertStaff(deps.db, { email, passwordHash: await hash(body.password ?? generatedPassword!), role: body.role });
  if (!row) throw new Conflict('A staff account with this e-mail already exists');
  log.info('staff account created', { staffId: row.id, role: row.role, generatedPassword: Boolean(generatedPassword) });
  return { created: generatedPassword ? { ...toAccount(row), generatedPassword } : toAccount(row) };
}

function lookAlikeWarning(email: string, existing: string[]): LookAlikeAnswer | null {
  const similar = lookAlikes(email, existing);
  if (similar.length > 0) {
    const which = similar.length === 1 ? 'an existing staff account' : 'existing staff accounts';
    return { error: `This e-mail looks like ${which}: ${similar.join(', ')}. Add it anyway?`, lookAlike: similar };
  }
  const scripts = mixedScripts(email);
  if (scripts.length > 0) {
    return {
      error: `This e-mail mixes letters of different alphabets (${scripts.join(', ')}), as look-alike addresses do. Add it anyway?`,
      lookAlike: [],
    };
  }
  return null;
}

export async function updateStaff(deps: AppDeps, id: string, body: UpdateStaffBody, actor: Actor) {
  if (body.password !== undefined && body.resetPassword) throw new Invalid('Give either a new password or resetPassword, not both');
  if (body.role === undefined && body.disabled === undefined && body.password === undefined && !body.resetPassword) {
    throw new Invalid('Nothing to change');
  }
  if (body.password !== undefined) checkPassword(body.password);
  if (!UUID.test(id)) throw new NotFound('Staff account not found');
  const generatedPassword = body.resetPassword ? generatePassword() : undefined;
  const newPassword = body.password ?? generatedPassword;
  const passwordHash = newPassword === undefined ? undefined : await hash(newPassword);

  const row = await deps.db.transaction().execute(async (trx) => {
    await repo.lockStaffChanges(trx);
    const before = await repo.findStaff(trx, id);
    if (!before) throw new NotFound('Staff account not found');
    const wasActiveAdmin = before.role === 'admin' && !before.disabled;
    const staysActiveAdmin = (body.role ?? before.role) === 'admin' && !(body.disabled ?? before.disabled);
    if (wasActiveAdmin && !staysActiveAdmin && (await repo.countActiveAdminsExcept(trx, id)) === 0) {
      throw new Conflict(
        body.disabled
          ? 'The last admin cannot be disabled. Make another account an admin first.'
          : 'The last admin must stay an admin. Make another account an admin first.',
      );
    }
    const after = await repo.updateStaff(trx, id, { role: body.role, disabled: body.disabled, passwordHash });
    if (!after) throw new NotFound('Staff account not found');
    // Disabling signs the account out everywhere at once, sign-ins in flight included. A new password does too,
    // except for the admin's own session when they change their own password.
    if (body.disabled) await credentialsChanged(trx, id);
    else if (passwordHash) await credentialsChanged(trx, id, id === actor.id ? (actor.sessionHash ?? undefined) : undefined);
    return after;
  });
  log.info('staff account updated', {
    staffId: id,
    role: body.role,
    disabled: body.disabled,
    password: body.resetPassword ? 'generated' : body.password !== undefined ? 'set' : undefined,
  });
  return generatedPassword ? { ...toAccount(row), generatedPassword } : toAccount(row);
}

export async function deleteStaff(deps: AppDeps, id: string) {
  if (!UUID.test(id)) throw new NotFound('Staff account not found');
  await deps.db.transaction().execute(async (trx) => {
    await repo.lockStaffChanges(trx);
    const before = await repo.findStaff(trx, id);
    if (!before) throw new NotFound('Staff account not found');
    if (before.role === 'admin' && !before.disabled && (await repo.countActiveAdminsExcept(trx, id)) === 0) {
      throw new Conflict('The last admin cannot be deleted. Make another account an admin first.');
    }
    // Sessions go with the account (on delete cascade): it is signed out everywhere.
    await repo.deleteStaff(trx, id);
  });
  log.info('staff account deleted', { staffId: id });
  return { ok: true as const };
}
