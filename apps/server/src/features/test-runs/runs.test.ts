import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createTestContext, type TestContext } from '../../test/harness';
import { insertSequence, promptFixture } from '../../test/sequence-fixtures';
import { insertWalk, waitForRun, withTestRunJobs, WALK_PROMPTS } from '../../test/test-runs-fixture';

// PRODUCT §10 test runs on the local provider: a real voice session per attempt, driven by the simulated member.
let ctx: TestContext;
let operator: string;
const SEQ = 'Walk Runs';

const passing = {
  name: 'Friendly member',
  persona: 'Maria, a friendly retired teacher who loves gardening and painting.',
  memory: 'Has a cat named Pip.',
  turnLimit: 3,
  expect: [
    { type: 'reaches', prompt: 'welcome', within: 1 },
    { type: 'memory_key', key: 'typed_note' },
    { type: 'tool', name: 'set_memory', args: { key: 'typed_note' } },
  ],
};
const failing = {
  name: 'Impossible member',
  persona: 'Tom, a chatty baker who likes football.',
  turnLimit: 2,
  expect: [
    { type: 'never_reaches', prompt: 'welcome' },
    { type: 'reaches', prompt: 'goodbye', within: 1 },
  ],
};

let passingId: string;
let failingId: string;

beforeAll(async () => {
  ctx = await createTestContext({ setup: withTestRunJobs() });
  operator = await ctx.staffCookie('operator');
  await insertWalk(ctx, SEQ);
  passingId = (await ctx.request('POST', `/api/test-cases/${encodeURIComponent(SEQ)}`, { cookie: operator, body: passing })).body.caseId;
  failingId = (await ctx.request('POST', `/api/test-cases/${encodeURIComponent(SEQ)}`, { cookie: operator, body: failing })).body.caseId;
});

afterAll(async () => {
  await ctx.close();
});

describe('a run on the local provider', () => {
  test('finishes with the right verdict per case, failures in words, coverage and the detail', async () => {
    const start = await ctx.request('POST', '/api/test-runs', { cookie: operator, body: { sequence: SEQ, version: 2, repeats: 2 } });
    expect(start.status).toBe(200);
    const summary = await waitForRun(ctx, start.body.runId, operator);
    expect(summary.status).toBe('done');
    expect(summary.sequence).toBe(SEQ);
    expect(summary.version).toBe(2);
    const byName = Object.fromEntries(summary.cases.map((c: any) => [c.name, c]));
    expect(byName['Friendly member']).toMatchObject({ caseId: passingId, runs: 2, passes: 2, passed: true, failures: [] });
    expect(byName['Impossible member']).toMatchObject({ caseId: failingId, runs: 2, passes: 0, passed: false });
    expect(byName['Impossible member'].failures).toContain('Repeat 1: reached "welcome" at turn 1');
    expect(byName['Impossible member'].failures).toContain('Repeat 2: never reached "goodbye"');
    // Every attempt starts at welcome; edges are the version's next_prompt edges with how many attempts took them.
    expect(summary.coverage.prompts.welcome).toBe(4);
    expect(summary.coverage.edges).toContainEqual(expect.objectContaining({ from: 'welcome', to: 'interests' }));

    const detail = (await ctx.request('GET', `/api/test-runs/${start.body.runId}/detail`, { cookie: operator })).body;
    expect(detail).toMatchObject({ status: 'done', provider: 'local', judge: 'keywords', progress: { done: 4, total: 4 } });
    expect(detail.graph.prompts.map((p: any) => p.name)).toEqual(['welcome', 'interests', 'goodbye']);
    const friendly = detail.cases.find((c: any) => c.name === 'Friendly member');
    const attempt = friendly.attempts[0];
    expect(attempt.turns).toBe(3);
    expect(attempt.transcript.filter((l: any) => l.role === 'assistant')).toHaveLength(3);
    expect(attempt.transcript.find((l: any) => l.role === 'member').text).toContain('My locker code is');
    expect(attempt.checks.map((c: any) => c.passed)).not.toContain(false);
    expect(attempt.checks.some((c: any) => c.expectation.startsWith('privacy canary'))).toBe(true);
    const tools = attempt.transcript.flatMap((l: any) => l.tools);
    expect(tools.find((t: any) => t.name === 'set_memory').output).toMatchObject({ success: true });
    // Coverage counts agree with the attempts' own prompt paths.
    const all = detail.cases.flatMap((c: any) => c.attempts);
    const took = all.filter((a: any) => a.promptPath.join('>').includes('welcome>interests')).length;
    expect(detail.coverage.edges.find((e: any) => e.from === 'welcome' && e.to === 'interests').taken).toBe(took);
    expect(detail.coverage.prompts.interests).toBe(all.filter((a: any) => a.promptPath.includes('interests')).length);

    // Scratch members are gone once judged.
    const left = await ctx.db.selectFrom('users').select('id').where('scratch', '=', true).execute();
    expect(left).toEqual([]);

    const list = (await ctx.request('GET', `/api/test-runs?sequence=${encodeURIComponent(SEQ)}`, { cookie: operator })).body;
    expect(list.runs[0]).toMatchObject({
      runId: start.body.runId,
      status: 'done',
      casesPassed: 1,
      casesFailed: 1,
      progress: { done: 4, total: 4 },
    });
  }, 60_000);

  test('a case starting at a prompt the version lacks fails, saying where it started instead', async () => {
    await insertSequence(ctx.db, 'Renamed Walk', {
      versions: [
        { version: 1, prompts: WALK_PROMPTS },
        { version: 2, prompts: [promptFixture('hello')] },
      ],
    });
    const body = { name: 'Starts late', persona: 'Kim, a calm gardener.', startPrompt: 'interests', turnLimit: 1, repeats: 1, expect: [] };
    await ctx.request('POST', `/api/test-cases/${encodeURIComponent('Renamed Walk')}`, { cookie: operator, body });
    const start = await ctx.request('POST', '/api/test-runs', { cookie: operator, body: { sequence: 'Renamed Walk', version: 2 } });
    const summary = await waitForRun(ctx, start.body.runId, operator);
    expect(summary.cases[0].failures).toEqual(['Repeat 1: version 2 has no prompt "interests"; the conversation started at "hello"']);
    const v1 = await ctx.request('POST', '/api/test-runs', { cookie: operator, body: { sequence: 'Renamed Walk', version: 1 } });
    const detail = (await ctx.request('GET', `/api/test-runs/${v1.body.runId}/detail`, { cookie: operator })).body;
    await waitForRun(ctx, v1.body.runId, operator);
    const again = (await ctx.request('GET', `/api/test-runs/${v1.body.runId}/detail`, { cookie: operator })).body;
    expect(detail.progress.total).toBe(1);
    expect(again.cases[0]).toMatchObject({ passed: true, failures: [] });
    expect(again.cases[0].attempts[0].promptPath[0]).toBe('interests');
  }, 60_000);
});
