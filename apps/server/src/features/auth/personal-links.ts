import type { AppDeps } from '../../deps';
import { hashToken, newToken } from '../../plugins/auth';
import { Invalid, NotFound } from '../../errors';
import { findSequence } from '../sequences/lookup';
import { findUserByFile } from '../users/lookup';
import { insertLinkToken } from './repository';

/** PRODUCT §3: `{PUBLIC_URL}/user?id={name}&module={module}#k={token}`; the token travels in the fragment. */
export function personalLinkUrl(publicUrl: string, name: string, moduleName: string, token: string) {
  const q = new URLSearchParams({ id: name, module: moduleName });
  return `${publicUrl}/user?${q.toString()}#k=${token}`;
}

/** Issues a new personal link (only its SHA-256 is stored); earlier links keep working until revoked. */
export async function issuePersonalLink(deps: AppDeps, userId: string, name: string, moduleName: string) {
  const token = newToken();
  await insertLinkToken(deps.db, hashToken(token), userId, moduleName);
  return personalLinkUrl(deps.config.publicUrl, name, moduleName, token);
}

export async function issueUserLink(deps: AppDeps, userFile: string, moduleName: string) {
  const user = await findUserByFile(deps.db, userFile);
  if (!user) throw new NotFound('User not found');
  // A link to a module nobody can open would fail only when the person taps it.
  const sequence = await findSequence(deps.db, moduleName);
  if (!sequence || sequence.is_global || sequence.archived) throw new NotFound('The module does not exist');
  if (sequence.published_version === null) {
    throw new Invalid(`The module "${sequence.name}" is not published yet; publish a version in the Prompt Manager first`);
  }
  return { url: await issuePersonalLink(deps, user.id, user.name, sequence.name), user };
}
