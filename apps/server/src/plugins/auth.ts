import { Elysia } from 'elysia';
import { createHash, randomBytes } from 'node:crypto';
import type { AppDeps } from '../deps';
import { findStaffSession, findUserSession } from '../features/auth/repository';
import { forbidden, unauthorized } from './errors';
import type { StaffRole } from '@hearth/db/schema';

export const STAFF_COOKIE = 'hearth_staff';
export const USER_COOKIE = 'hearth_user';
export const STAFF_SESSION_DAYS = 14;
export const USER_SESSION_DAYS = 30;

export type StaffIdentity = { kind: 'staff'; id: string; email: string; role: StaffRole };
export type UserIdentity = { kind: 'user'; id: string; name: string; fileName: string };
export type Identity = StaffIdentity | UserIdentity;

/** Who may call a route: any staff member, admins only, or also the end user (for their own data). */
export type AccessLevel = 'operator' | 'admin' | 'user';

export const newToken = () => randomBytes(32).toString('base64url');
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export type CookieJar = Record<string, { value: unknown }>;

/** The hash of the cookie's token when it can be one of ours (anything else is never looked up). */
export function cookieTokenHash(cookie: CookieJar, name: typeof STAFF_COOKIE | typeof USER_COOKIE): string | null {
  const token = cookie[name]?.value;
  if (typeof token !== 'string' || token.length < 20 || token.length > 200) return null;
  return hashToken(token);
}

export const staffIdentity = (row: { id: string; email: string; role: StaffRole }): StaffIdentity => ({
  kind: 'staff',
  id: row.id,
  email: row.email,
  role: row.role,
});
export const userIdentity = (row: { id: string; name: string; file_name: string }): UserIdentity => ({
  kind: 'user',
  id: row.id,
  name: row.name,
  fileName: row.file_name,
});

export async function staffFromCookie(deps: AppDeps, cookie: CookieJar): Promise<StaffIdentity | null> {
  const hash = cookieTokenHash(cookie, STAFF_COOKIE);
  const row = hash ? await findStaffSession(deps.db, hash) : undefined;
  return row ? staffIdentity(row) : null;
}

export async function userFromCookie(deps: AppDeps, cookie: CookieJar): Promise<UserIdentity | null> {
  const hash = cookieTokenHash(cookie, USER_COOKIE);
  const row = hash ? await findUserSession(deps.db, hash) : undefined;
  return row ? userIdentity(row) : null;
}

/** Staff first: a staff member who also opened a personal link still acts as staff. */
export async function identify(deps: AppDeps, cookie: CookieJar, level: AccessLevel): Promise<Identity> {
  const staff = await staffFromCookie(deps, cookie);
  if (staff) {
    if (level === 'admin' && staff.role !== 'admin') throw forbidden('Only admins can do this');
    return staff;
  }
  if (level === 'user') {
    const user = await userFromCookie(deps, cookie);
    if (user) return user;
  } else if (await userFromCookie(deps, cookie)) {
    throw forbidden('Only staff can do this');
  }
  throw unauthorized();
}

/**
 * `auth: 'operator' | 'admin' | 'user'` on a route resolves `identity` or answers 401/403.
 * `staff` is set for staff identities (null for end users) so staff-only routes need no narrowing.
 */
export const authPlugin = (deps: AppDeps) =>
  // Named, so Elysia applies it once per app however many features use it (the seed tells apps apart).
  new Elysia({ name: 'auth', seed: deps.config }).macro({
    auth: (level: AccessLevel) => ({
      async resolve({ cookie }) {
        const identity = await identify(deps, cookie as CookieJar, level);
        return { identity, staff: identity.kind === 'staff' ? identity : (null as StaffIdentity | null) };
      },
    }),
  });

/** An end user may only touch their own record; staff may touch any. Not yours reads as not found. */
export function canActOnUser(identity: Identity, userId: string): boolean {
  return identity.kind === 'staff' || identity.id === userId;
}

export function cookieOptions(deps: AppDeps, days: number) {
  return {
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: deps.config.publicUrl.startsWith('https:'),
    path: '/',
    maxAge: days * 24 * 60 * 60,
  };
}
