import { randomUUID } from 'node:crypto';
import type { AppDeps } from '../../deps';
import { log } from '../../log';
import { Invalid, NotFound, ProviderUnavailable } from '../../errors';
import { userFileName } from '../users/lookup';
import { composeInput, INPUT, PROFILE_SEPARATOR, readJsonAnswer } from '../../providers/text-ai';
import { instructionsFor } from '../prompts/lookup';
import { splitMembers, type SplitInput } from './split';
import * as repo from './repository';

export const MIN_TEST_USERS = 1;
export const MAX_TEST_USERS = 40;
export const DEFAULT_TEST_USERS = 15;
const MAX_PROFILE_CHARS = 1500;
const MAX_NAMING_INPUT_CHARS = 30_000;
const AI_CONCURRENCY = 4;

function wholeNumber(value: number | string, field: string, min: number, max: number): number {
  const n = typeof value === 'string' ? Number(value.trim() || NaN) : value;
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new Invalid(
      max === Infinity ? `${field} must be a whole number of at least ${min}` : `${field} must be a whole number from ${min} to ${max}`,
    );
  }
  return n;
}

/** SPEC §5 "clamped between 1 and 40 (default 15)": missing → 15, a fraction rounds, text that is no number is 400. */
export function testUserCount(value: number | string | null | undefined): number {
  const text = typeof value === 'string' ? value.trim() : value;
  if (text === undefined || text === null || text === '') return DEFAULT_TEST_USERS;
  const n = Number(text);
  if (!Number.isFinite(n)) throw new Invalid('usersToGenerate must be a number');
  return Math.min(MAX_TEST_USERS, Math.max(MIN_TEST_USERS, Math.round(n)));
}

async function requireGroup(deps: AppDeps, groupId: string | number) {
  const group = await repo.findGroup(deps.db, String(groupId));
  if (!group) throw new NotFound('Group not found');
  return group;
}

/**
 * A turn for the event loop. The local text provider answers without I/O, so a loop of thousands of its calls
 * would run as one chain of microtasks and hold up every socket (live voice sessions) until it ends.
 */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Runs `work` over `items` with at most `limit` at a time, keeping order. */
async function mapLimit<T, R>(items: T[], limit: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i], i);
      await yieldToEventLoop();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

const clip = (text: string, max: number) => (text.length <= max ? text : text.slice(0, max));

/**
 * Splits the group's members into balanced subgroups of about `usersPerGroup` by profile similarity, lets
 * the text provider name and describe each subgroup and member, and replaces the previous subgroups.
 */
export async function assignSubgroups(deps: AppDeps, groupId: string | number, usersPerGroupRaw: number | string) {
  const usersPerGroup = wholeNumber(usersPerGroupRaw, 'usersPerGroup', 1, Infinity);
  const group = await requireGroup(deps, groupId);
  const members = await repo.groupMembers(deps.db, group.id);
  if (!members.length) throw new Invalid('The group has no members');

  const text = deps.providers.text;
  const profiles = members.map((m) => clip(m.profile_for_group.trim() || m.memory_document.trim() || m.name, MAX_PROFILE_CHARS));
  let cost = 0;
  let input: SplitInput = { texts: profiles };
  if (text.kind !== 'local') {
    const { vectors, costUsd } = await text.embed(profiles);
    cost += costUsd;
    input = { vectors };
  }
  const groups = await splitMembers(input, usersPerGroup);

  const namingPrompt = await instructionsFor(deps.db, 'subgroup_naming');
  const describePrompt = await instructionsFor(deps.db, 'member_description');
  const usedNames: string[] = [];
  const subgroups: repo.NewSubgroup[] = [];
  for (const indexes of groups) {
    const answer = await text.complete({
      task: 'subgroup_naming',
      instructions: namingPrompt,
      input: composeInput([
        [INPUT.group, group.name],
        [INPUT.memberProfiles, clip(indexes.map((i) => profiles[i]).join(PROFILE_SEPARATOR), MAX_NAMING_INPUT_CHARS)],
        [INPUT.memberNames, indexes.map((i) => members[i].name).join('\n')],
        [INPUT.namesUsed, usedNames.join('\n')],
      ]),
    });
    cost += answer.costUsd;
    await yieldToEventLoop();
    const { name, description } = subgroupLabel(answer.text, usedNames, subgroups.length + 1);
    usedNames.push(name);
    subgroups.push({ id: randomUUID(), name, description, members: [] });
  }

  const assignments = groups.flatMap((indexes, g) => indexes.map((i) => ({ i, g })));
  const descriptions = await mapLimit(assignments, AI_CONCURRENCY, async ({ i, g }) => {
    const answer = await text.complete({
      task: 'member_description',
      instructions: describePrompt,
      input: composeInput([
        [INPUT.name, members[i].name],
        [INPUT.memberProfile, profiles[i]],
        [INPUT.subgroup, `${subgroups[g].name}\n${subgroups[g].description}`],
      ]),
    });
    cost += answer.costUsd;
    return clip(answer.text.trim(), 500);
  });
  assignments.forEach(({ i, g }, k) => subgroups[g].members.push({ userId: members[i].id, description: descriptions[k] }));

  await repo.replaceSubgroups(deps.db, group.id, subgroups);
  log.info('subgroups assigned', { groupId: group.id, members: members.length, subgroups: subgroups.length });
  return {
    usersAssigned: members.length,
    cost: { total_cost: Math.round(cost * 1e6) / 1e6 },
    subgroups: subgroups.map((s) => ({ id: s.id, name: s.name, description: s.description, memberCount: s.members.length })),
  };
}

/** The name and description from the provider's answer; a name is unique within the group. */
function subgroupLabel(answer: string, usedNames: string[], ordinal: number) {
  const json = readJsonAnswer(answer);
  const lines = answer
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  let name =
    clip(
      String(json?.name ?? lines[0] ?? '')
        .replace(/^name\s*:\s*/i, '')
        .replace(/["*]/g, '')
        .trim(),
      80,
    ) || `Subgroup ${ordinal}`;
  const description = clip(
    String(json?.description ?? lines.slice(1).join(' '))
      .replace(/^description\s*:\s*/i, '')
      .trim(),
    500,
  );
  const taken = new Set(usedNames.map((n) => n.toLowerCase()));
  for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${name.replace(/ \(\d+\)$/, '')} (${n})`;
  return { name, description };
}

/** Creates test users with generated profiles in the group (SPEC: 1 to 40, default 15). */
export async function generateTestUsers(deps: AppDeps, groupId: string | number, countRaw: number | string | null | undefined) {
  const count = testUserCount(countRaw);
  const group = await requireGroup(deps, groupId);
  const instructions = await instructionsFor(deps.db, 'test_user_generation');
  const namesUsed = (await repo.groupMembers(deps.db, group.id)).map((m) => m.name);
  const batchSeed = randomUUID();
  const users: Array<{ id: string; name: string; fileName: string; profile: string }> = [];
  // Small batches: each sees the names chosen before it, so names rarely repeat.
  for (let start = 0; start < count; start += AI_CONCURRENCY) {
    const batch = Array.from({ length: Math.min(AI_CONCURRENCY, count - start) }, (_, j) => start + j);
    const made = await mapLimit(batch, AI_CONCURRENCY, async (n) => {
      const answer = await deps.providers.text.complete({
        task: 'test_user_generation',
        instructions,
        temperature: 1,
        input: composeInput([
          [INPUT.group, group.name],
          [INPUT.seed, `${batchSeed}:${n}`],
          [INPUT.namesUsed, namesUsed.join('\n')],
        ]),
      });
      return testUserFrom(answer.text);
    });
    for (const u of made) {
      namesUsed.push(u.name);
      const id = randomUUID();
      users.push({ id, name: u.name, fileName: userFileName(id, u.name), profile: u.profile });
    }
  }
  await repo.insertTestUsers(deps.db, group.id, users);
  log.info('test users generated', { groupId: group.id, created: users.length });
  return { created: users.length, users: users.map(({ id, name, fileName }) => ({ id, name, fileName })) };
}

function testUserFrom(answer: string) {
  const json = readJsonAnswer(answer);
  // SPEC §5: underscores are stripped from user names.
  const name = clip(
    String(json?.name ?? '')
      .replace(/_/g, '')
      .replace(/\s+/g, ' ')
      .trim(),
    60,
  );
  const profile = clip(String(json?.profile ?? '').trim(), 2000);
  if (!name || !profile) {
    log.warn('unusable test user answer', { hasName: Boolean(name), hasProfile: Boolean(profile) });
    throw new ProviderUnavailable('The AI provider gave an unusable answer. Please try again.');
  }
  return { name, profile };
}
