import type { DB } from '@hearth/db/client';
import { Forbidden } from '../../errors';
import type { Identity } from '../../plugins/auth';
import * as repo from './repository';

/**
 * A member sees and clears their own loneliness scale answers (PRODUCT §7). Staff have no answers of their own and
 * see no member's here: aggregates of five or more are all an organiser gets (lookup.ts).
 */
function memberId(identity: Identity): string {
  if (identity.kind !== 'user') throw new Forbidden('Only a member can see their own well-being answers');
  return identity.id;
}

export async function myWellbeing(db: DB, identity: Identity) {
  return { answers: await repo.listAnswers(db, memberId(identity)) };
}

export async function clearMyWellbeing(db: DB, identity: Identity) {
  return { deleted: await repo.deleteAnswers(db, memberId(identity)) };
}
