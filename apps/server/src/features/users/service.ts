import { randomBytes } from 'node:crypto';
import type { DB } from '@hearth/db/client';
import type { Identity } from '../../plugins/auth';
import { Invalid, NotFound } from '../../errors';
import { findUserByFile, findUserByName, userFileName, type FoundUser } from './lookup';
import { normalizePhone } from './phone';
import {
  type CreatedUser,
  type CreateUserBody,
  DEFAULT_PAGE_SIZE,
  type SameName,
  SORT_KEYS,
  type SortKey,
  type UpdateUserInfoBody,
  type UsersInfoQuery,
} from './model';
import * as repo from './repository';

/** Text ids like the rest of users.id: 13 base-36 characters from 64 random bits. */
export const newUserId = () => randomBytes(8).readBigUInt64BE().toString(36).padStart(13, '0');

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A given e-mail must look like one; empty means none. */
export function normalizeEmail(input: string | null | undefined): string | null {
  const trimmed = input?.trim() ?? '';
  if (trimmed === '') return null;
  if (!EMAIL.test(trimmed)) throw new Invalid('Invalid e-mail address');
  return trimmed;
}

/** SPEC §5: underscores are stripped from the name as typed; the name is required. */
export function cleanName(input: string): string {
  // Control characters never belong in a name (and would break the SMS and e-mail texts that carry it).
  const name = input
    .replace(/_/g, '')
    .replace(/[\p{Cc}]/gu, '')
    .trim();
  if (!name) throw new Invalid('Name is required');
  if (name.length > 100) throw new Invalid('Name is too long (100 characters at most)');
  return name;
}

export const getUserNames = (db: DB) => repo.listUserNames(db);

export async function getAllUsersInfo(db: DB, query: UsersInfoQuery) {
  const paged = query.page !== undefined || query.pageSize !== undefined || query.q !== undefined || query.sort !== undefined;
  if (!paged) return repo.allAdminUsers(db);
  const pageSize = query.pageSize ?? DEFAULT_PAGE_SIZE;
  const { sort, descending } = parseSort(query.sort);
  const q = query.q?.trim().toLowerCase() || null;
  return repo.adminUsersPage(db, { limit: pageSize, offset: ((query.page ?? 1) - 1) * pageSize, q, sort, descending });
}

/** No sort given: null, the page orders by relevance to the search (by name without one). */
function parseSort(raw: string | undefined): { sort: SortKey | null; descending: boolean } {
  if (!raw) return { sort: null, descending: false };
  const [key, dir = 'asc', ...rest] = raw.split(':');
  if (!(SORT_KEYS as readonly string[]).includes(key) || (dir !== 'asc' && dir !== 'desc') || rest.length) {
    throw new Invalid(`Invalid sort "${raw}": use one of ${SORT_KEYS.join(', ')}, optionally followed by :asc or :desc`);
  }
  return { sort: key as SortKey, descending: dir === 'desc' };
}

/** The new user, or (asked with `allowSameName: false`) the users that already have the name. */
export async function createUser(db: DB, input: CreateUserBody): Promise<CreatedUser | { refused: SameName }> {
  const name = cleanName(input.name);
  const email = normalizeEmail(input.email);
  const phone = normalizePhone(input.phone_number);
  if (input.allowSameName === false) {
    const sameName = await repo.usersNamed(db, name);
    if (sameName.length > 0) {
      const who = sameName.length === 1 ? 'A user' : `${sameName.length} users`;
      const refused: SameName = { error: `${who} named "${name}" already ${sameName.length === 1 ? 'exists' : 'exist'}`, sameName };
      return { refused };
    }
  }
  const id = newUserId();
  const fileName = userFileName(id, name);
  await repo.insertUser(db, { id, name, fileName, email, phone });
  return { id, name, fileName };
}

const content = (u: FoundUser) => ({
  phone_number: u.phone_number,
  email: u.email,
  memory_document: u.memory_document,
  name: u.name,
  userFile: u.file_name,
});

/**
 * The user a `{userName}` path names, as the caller may see them. An end user only ever resolves to
 * themself, matched by file name, id or name, so another user's name (even a shared one) is just 404.
 */
async function userForCaller(db: DB, identity: Identity, userName: string): Promise<FoundUser> {
  if (identity.kind === 'user') {
    const ref = userName.trim().toLowerCase();
    const own = [identity.id, identity.fileName, identity.fileName.replace(/\.json$/, ''), identity.name.toLowerCase()];
    const user = own.includes(ref) ? await findUserByFile(db, identity.id) : undefined;
    if (!user) throw new NotFound('User not found');
    return user;
  }
  const user = await findUserByName(db, userName);
  if (!user) throw new NotFound('User not found');
  return user;
}

export async function getUserContent(db: DB, identity: Identity, userName: string) {
  return content(await userForCaller(db, identity, userName));
}

export async function updateUserInfo(db: DB, input: UpdateUserInfoBody) {
  const user = await findUserByFile(db, input.userFileName);
  if (!user) throw new NotFound('User not found');
  const fields: { phone_number?: string | null; email?: string | null } = {};
  // SPEC §5: on the operator's card the phone must be empty or a plus followed by digits.
  if (input.phoneNumber !== undefined) fields.phone_number = normalizePhone(input.phoneNumber, { requirePlus: true });
  if (input.email !== undefined) fields.email = normalizeEmail(input.email);
  await repo.updateContact(db, user.id, fields);
  return content({ ...user, ...fields });
}

export async function updateOwnPhone(db: DB, identity: Identity, userName: string, phoneNumber: string | null) {
  const user = await userForCaller(db, identity, userName);
  const phone = normalizePhone(phoneNumber);
  await repo.updateContact(db, user.id, { phone_number: phone });
  return { phone_number: phone };
}

export async function deleteUser(db: DB, fileName: string) {
  const user = await findUserByFile(db, fileName);
  if (!user || !(await repo.deleteUser(db, user.id))) throw new NotFound('User not found');
  return { deleted: user.file_name, userId: user.id };
}

export async function exportUser(db: DB, fileName: string) {
  const user = await findUserByFile(db, fileName);
  if (!user) throw new NotFound('User not found');
  return repo.exportUser(db, user.id);
}
