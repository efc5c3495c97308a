import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createTestContext, type TestContext } from '../../test/harness';
import { insertSequence, promptFixture as prompt } from '../../test/sequence-fixtures';

// PRODUCT §10 published versions: staff publish, members get only what is published.
let ctx: TestContext;
let operator: string;
let admin: string;
let member: { id: string; fileName: string };
let memberCookie: string;

const path = (route: string, name: string) => `/api/${route}/${encodeURIComponent(name)}`;
const publish = (name: string, body: unknown, cookie = operator) => ctx.request('POST', path('publish-sequence', name), { cookie, body });
const status = async (name: string) => (await ctx.request('GET', path('get-sequence-status', name), { cookie: operator })).body;
const memberList = async () => (await ctx.request('GET', '/api/get-sequences', { cookie: memberCookie })).body as string[];
const create = (name: string) =>
  ctx.request('POST', '/api/create-sequence', {
    cookie: operator,
    body: { name, content: [{ version: 1, module_prompt: 'About', sequential_prompts: [prompt('start')] }] },
  });
const saveDraft = (name: string) =>
  ctx.request('PUT', path('update-sequence-content', name), {
    cookie: operator,
    body: { module_prompt: 'About, edited', sequential_prompts: [prompt('start')] },
  });

beforeAll(async () => {
  ctx = await createTestContext();
  operator = await ctx.staffCookie('operator');
  admin = await ctx.staffCookie('admin');
  member = await ctx.createUser('Noor', { phone_number: '+15005550006', email: 'noor@example.com' });
  memberCookie = await ctx.userCookie(member.id);
}, 60_000);
afterAll(() => ctx.close());

describe('publishing a sequence', () => {
  test('a new sequence is unpublished: staff see it, members do not', async () => {
    expect((await create('Morning Walk')).status).toBe(200);
    expect(await status('Morning Walk.json')).toEqual({
      published: null,
      requireTests: false,
      turnDetection: null,
      wellbeing: false,
      versions: [{ version: 1, publishedAt: null, publishedBy: null, lastRun: null }],
    });
    expect((await ctx.request('GET', '/api/get-sequences', { cookie: operator })).body).toContain('Morning Walk.json');
    expect(await memberList()).not.toContain('Morning Walk.json');
  });

  test('an operator publishes; members then see it, and who and when is kept', async () => {
    const before = Date.now();
    const res = await publish('Morning Walk.json', { version: 1 });
    expect(res).toMatchObject({ status: 200, body: { published: 1 } });
    const s = await status('Morning Walk');
    expect(s.published).toBe(1);
    expect(s.versions[0].publishedBy).toBe('operator@hearth.test');
    expect(Date.parse(s.versions[0].publishedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(await memberList()).toContain('Morning Walk.json');
  });

  test('Save creates a draft: the published version stays; publishing an older one rolls back', async () => {
    expect((await saveDraft('Morning Walk')).status).toBe(200);
    const s = await status('Morning Walk');
    expect(s.published).toBe(1);
    expect(s.versions.map((v: { version: number; publishedAt: string | null }) => [v.version, v.publishedAt !== null])).toEqual([
      [1, true],
      [2, false],
    ]);
    expect((await publish('Morning Walk', { version: 2 }, admin)).body).toEqual({ published: 2 });
    expect((await status('Morning Walk')).versions[1].publishedBy).toBe('admin@hearth.test');
    expect((await publish('Morning Walk', { version: 1 })).body).toEqual({ published: 1 });
    expect((await status('Morning Walk')).published).toBe(1);
  });

  test('errors: unknown version 400, archived version 400, unknown sequence 404, global_prompt 400, bad body 400', async () => {
    expect(await publish('Morning Walk', { version: 9 })).toMatchObject({ status: 400, body: { error: 'Version 9 not found' } });
    await insertSequence(ctx.db, 'Old Ways', { versions: [{ version: 1 }, { version: 2, archived: true }] });
    expect((await publish('Old Ways', { version: 2 })).status).toBe(400);
    expect(await publish('Nowhere', { version: 1 })).toMatchObject({ status: 404, body: { error: 'Sequence not found' } });
    expect((await ctx.request('GET', path('get-sequence-status', 'Nowhere'), { cookie: operator })).status).toBe(404);
    expect((await publish('global_prompt.json', { version: 1 })).status).toBe(400);
    expect((await publish('Morning Walk', { version: 'one' })).status).toBe(400);
    expect((await publish('Morning Walk', {})).status).toBe(400);
  });

  test('members and operators: a member may not publish or read the status; an operator may not force', async () => {
    expect((await publish('Morning Walk', { version: 1 }, memberCookie)).status).toBe(403);
    expect((await ctx.request('GET', path('get-sequence-status', 'Morning Walk'), { cookie: memberCookie })).status).toBe(403);
    expect(await publish('Morning Walk', { version: 2, force: true })).toMatchObject({ status: 403 });
    expect((await status('Morning Walk')).published).toBe(1);
  });
});

describe('PUT /api/sequence-settings/{name} and the gate', () => {
  test('only an admin sets requireTests; then publishing answers 409 { error, failing } unless an admin forces', async () => {
    const put = (cookie: string, body: unknown) => ctx.request('PUT', path('sequence-settings', 'Morning Walk'), { cookie, body });
    expect((await put(operator, { requireTests: true })).status).toBe(403);
    expect(await put(admin, { requireTests: true })).toMatchObject({ status: 200, body: { requireTests: true } });
    expect((await put(admin, { requireTests: 'yes' })).status).toBe(400);
    expect((await ctx.request('PUT', path('sequence-settings', 'Nowhere'), { cookie: admin, body: { requireTests: true } })).status).toBe(
      404,
    );
    expect((await status('Morning Walk')).requireTests).toBe(true);

    for (const cookie of [operator, admin]) {
      const blocked = await publish('Morning Walk', { version: 2 }, cookie);
      expect(blocked.status).toBe(409);
      expect(blocked.body).toEqual({
        error: 'This sequence requires a passing test run before publishing; none exists yet',
        failing: [],
      });
    }
    expect((await status('Morning Walk')).published).toBe(1);
    expect((await publish('Morning Walk', { version: 2, force: true }, admin)).body).toEqual({ published: 2 });
    const forced = await ctx.db
      .selectFrom('sequence_publications')
      .select(['version', 'forced'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(forced).toEqual({ version: 2, forced: true });
    await put(admin, { requireTests: false });
  });
});

describe('members are only sent to published modules', () => {
  beforeAll(async () => {
    await insertSequence(ctx.db, 'Draft Only', { versions: [{ version: 1 }], published: null });
  });
  const unpublished = {
    status: 400,
    body: { error: 'The module "Draft Only" is not published yet; publish a version in the Prompt Manager first' },
  };

  test('get-sequences as a member leaves the unpublished module out', async () => {
    expect(await memberList()).not.toContain('Draft Only.json');
  });

  test('staff choosing where to send members get only published modules with ?published=true', async () => {
    const all = (await ctx.request('GET', '/api/get-sequences', { cookie: operator })).body as string[];
    const offered = (await ctx.request('GET', '/api/get-sequences?published=true', { cookie: operator })).body as string[];
    expect(all).toContain('Draft Only.json');
    expect(offered).not.toContain('Draft Only.json');
    expect(offered).not.toContain('global_prompt.json');
    expect(offered).toContain('Morning Walk.json');
  });

  test('a personal link to an unpublished module is refused', async () => {
    const res = await ctx.request('POST', '/api/user-link', {
      cookie: operator,
      body: { userFile: member.fileName, moduleName: 'Draft Only.json' },
    });
    expect(res).toMatchObject(unpublished);
    const ok = await ctx.request('POST', '/api/user-link', {
      cookie: operator,
      body: { userFile: member.fileName, moduleName: 'Morning Walk.json' },
    });
    expect(ok.status).toBe(200);
  });

  test('an invitation to an unpublished module is refused', async () => {
    const body = { userFile: member.fileName, channel: 'sms', moduleName: 'Draft Only' };
    expect(await ctx.request('POST', '/api/invitations/preview', { cookie: admin, body })).toMatchObject(unpublished);
  });

  test('a group cannot be isolated to it, and a blast cannot invite to it', async () => {
    const group = (await ctx.request('POST', '/api/create-group', { cookie: admin, body: { name: 'Walkers' } })).body as { id: string };
    await ctx.request('POST', '/api/add-user-to-group', { cookie: admin, body: { groupId: group.id, userFile: member.fileName } });
    const isolate = await ctx.request('PUT', `/api/set-group-module/${group.id}`, {
      cookie: admin,
      body: { moduleName: 'Draft Only.json' },
    });
    expect(isolate).toMatchObject(unpublished);
    const blast = await ctx.request('POST', '/api/blasts/preview', {
      cookie: admin,
      body: { groupId: group.id, kind: 'invite-sms', moduleName: 'Draft Only' },
    });
    expect(blast).toMatchObject(unpublished);
  });
});
