import { randomBytes } from 'node:crypto';
import type { DB } from '@hearth/db/client';
import { Invalid, NotFound } from '../../errors';
import { findUserByFile } from '../users/lookup';
import { DEFAULT_PAGE_SIZE, type LoopAsk, type PageQuery } from './model';
import * as repo from './repository';

export const newGroupId = () => randomBytes(8).readBigUInt64BE().toString(36).padStart(13, '0');

export const GROUP_EXISTS = 'Group already exists';

const isPaged = (query: PageQuery) => query.page !== undefined || query.pageSize !== undefined || query.q !== undefined;

function pageOf(query: PageQuery) {
  const pageSize = query.pageSize ?? DEFAULT_PAGE_SIZE;
  return { limit: pageSize, offset: ((query.page ?? 1) - 1) * pageSize, q: query.q?.trim().toLowerCase() || null };
}

/** SPEC's list of every group with its members; with `page`, `pageSize` or `q`: `{ groups, total }` for one page. */
export function listGroups(db: DB, query: PageQuery = {}) {
  return isPaged(query) ? repo.groupsPage(db, pageOf(query)) : repo.listGroups(db);
}

/**
 * SPEC's group with every member and its subgroups; with `page`, `pageSize` or `q` (the detail screen), one page
 * of members by name (searched by name, e-mail or phone) each with its `loop` (the met questions about their current
 * subgroup), `total` members matching, the group's `totals`, and subgroups with a `memberCount` instead of member lists.
 */
export function getGroup(db: DB, groupId: string, query: PageQuery = {}) {
  return isPaged(query) ? getGroupPage(db, groupId, query) : getWholeGroup(db, groupId);
}

async function getGroupPage(db: DB, groupId: string, query: PageQuery) {
  const group = await repo.findGroup(db, groupId);
  if (!group) throw new NotFound('Group not found');
  const page = pageOf(query);
  const [members, totals, subgroups] = await Promise.all([
    repo.memberViewsPage(db, groupId, page),
    repo.memberTotals(db, groupId, page.q),
    repo.subgroupCounts(db, groupId),
  ]);
  const ids = members.map((m) => m.id);
  const [placed, asks] = await Promise.all([repo.memberSubgroups(db, groupId, ids), repo.memberLoopAsks(db, groupId, ids)]);
  const subgroupOf = new Map(placed.map(({ user_id, ...s }) => [user_id, s]));
  const loopOf = new Map<string, { met: LoopAsk | null; metAgain: LoopAsk | null }>();
  for (const { userId, round, ...ask } of asks) {
    const loop = loopOf.get(userId) ?? { met: null, metAgain: null };
    loop[round === 'met' ? 'met' : 'metAgain'] = ask;
    loopOf.set(userId, loop);
  }
  return {
    id: group.id,
    name: group.name,
    isolatedModule: group.isolated_module,
    members: members.map((m) => ({
      ...m,
      subgroup: subgroupOf.get(m.id) ?? null,
      loop: loopOf.get(m.id) ?? { met: null, metAgain: null },
    })),
    subgroups,
    total: totals.matching,
    totals: { members: totals.members, withSubgroup: totals.withSubgroup, withProfile: totals.withProfile },
  };
}

async function getWholeGroup(db: DB, groupId: string) {
  const group = await repo.findGroup(db, groupId);
  if (!group) throw new NotFound('Group not found');
  const [members, placed, subgroups] = await Promise.all([
    repo.memberViews(db, groupId),
    repo.memberSubgroups(db, groupId),
    repo.subgroupsOf(db, groupId),
  ]);
  const subgroupOf = new Map(placed.map(({ user_id, ...s }) => [user_id, s]));
  return {
    id: group.id,
    name: group.name,
    isolatedModule: group.isolated_module,
    members: members.map((m) => ({ ...m, subgroup: subgroupOf.get(m.id) ?? null })),
    subgroups,
  };
}

export async function createGroup(db: DB, rawName: string) {
  const name = rawName.trim();
  if (!name) throw new Invalid('Group name is required');
  if (name.length > 100) throw new Invalid('Group name is too long (100 characters at most)');
  const id = newGroupId();
  // SPEC §7/§8: 400 (not 409) tells the admin screen that the group exists.
  if (!(await repo.insertGroup(db, id, name))) throw new Invalid(GROUP_EXISTS);
  return { id, name };
}

export async function deleteGroup(db: DB, groupId: string) {
  if (!(await repo.deleteGroup(db, groupId))) throw new NotFound('Group not found');
  return { deleted: groupId };
}

async function groupAndUser(db: DB, groupId: string, userFile: string) {
  const [group, user] = await Promise.all([repo.findGroup(db, groupId), findUserByFile(db, userFile)]);
  if (!group) throw new NotFound('Group not found');
  if (!user) throw new NotFound('User not found');
  return { group, user };
}

export async function addUserToGroup(db: DB, groupId: string, userFile: string) {
  const { user } = await groupAndUser(db, groupId, userFile);
  await repo.addMember(db, groupId, user.id);
  return { ok: true as const };
}

export async function removeUserFromGroup(db: DB, groupId: string, userFile: string) {
  const { user } = await groupAndUser(db, groupId, userFile);
  await repo.removeMember(db, groupId, user.id);
  return { ok: true as const };
}

/** "Isolate to this Module": stores the module's name without ".json"; null or empty lifts it. */
export async function setGroupModule(db: DB, groupId: string, moduleName: string | null) {
  const group = await repo.findGroup(db, groupId);
  if (!group) throw new NotFound('Group not found');
  const wanted = moduleName?.trim().replace(/\.json$/i, '') || null;
  const module = wanted ? await repo.findModule(db, wanted) : null;
  if (wanted && !module) throw new Invalid('The module does not exist');
  // Members of the group could open nothing else (PRODUCT §10).
  if (module && module.published_version === null) {
    throw new Invalid(`The module "${module.name}" is not published yet; publish a version in the Prompt Manager first`);
  }
  await repo.setIsolatedModule(db, groupId, module?.name ?? null);
  return { id: groupId, isolatedModule: module?.name ?? null };
}
