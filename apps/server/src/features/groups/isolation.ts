// "Isolate to this Module" (PRODUCT §9), the groups feature's public file: the user page, the voice session and
// invitations ask here which modules a member may use, so the rule lives in one place.
import type { DB } from '@hearth/db/client';
import { isolatedModulesOfUser } from './repository';

/**
 * The modules `userId` may choose: when one of their groups is isolated to a module, only those (in `all`'s
 * order); otherwise, or when none of those modules can be chosen any more (archived, deleted), all of them.
 */
export async function modulesForUser(db: DB, userId: string, all: readonly string[]): Promise<string[]> {
  const isolated = new Set(await isolatedModulesOfUser(db, userId));
  if (isolated.size === 0) return [...all];
  const allowed = all.filter((name) => isolated.has(name));
  return allowed.length ? allowed : [...all];
}

/**
 * The module an invitation to `userId` links to: the requested one (none: the caller's default) unless their group
 * is isolated to another, then that one.
 */
export async function invitationModuleFor<T extends string | null | undefined>(db: DB, userId: string, requested: T): Promise<T | string> {
  const isolated = await isolatedModulesOfUser(db, userId);
  const wanted = requested?.trim().replace(/\.json$/i, '');
  return isolated.length === 0 || (wanted && isolated.includes(wanted)) ? requested : isolated[0];
}
