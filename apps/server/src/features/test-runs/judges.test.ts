import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { SEEDED_MODULES } from '@hearth/db/seed';
import { createTextAi } from '../../providers/text-ai';
import { startFakeOpenAiRest, type FakeOpenAiRest } from '../../test/fake-openai-rest';
import { testConfig } from '../../test/harness';
import { judgeCriterion, judgeTransition } from './judges';

const local = createTextAi(testConfig());
const WELCOME = SEEDED_MODULES['Get to Know You'].prompts[0];
const walk = (memberLines: string[], movedAfter: number | null) =>
  judgeTransition(local, { from: 'welcome', to: 'interests', trigger: WELCOME.trigger_condition, memberLines, movedAfter });

describe('transition judge by keywords (local provider)', () => {
  test('moved right after the first fitting reply: on time', async () => {
    const j = await walk(['Hmm, not sure.', 'You can call me Maya.'], 1);
    expect(j).toMatchObject({ verdict: 'on_time', byKeywords: true, costUsd: 0 });
    expect(j.reason).toContain('right after reply 2');
    expect(j.reason).toContain('Judged by keywords');
  });

  test('moved before any fitting reply: premature', async () => {
    expect((await walk(['Hmm, not sure.', 'You can call me Maya.'], 0)).verdict).toBe('premature');
    expect((await walk(['Hmm, not sure.'], 0)).verdict).toBe('premature');
    expect((await walk([], 0)).verdict).toBe('premature');
  });

  test('a fitting reply but it never moved, or moved later: missed, saying how late', async () => {
    const never = await walk(['My name is Maya.', 'Sure.'], null);
    expect(never.verdict).toBe('missed');
    expect(never.reason).toContain('never moved to "interests"');
    const late = await walk(['My name is Maya.', 'Sure.', 'Yes.'], 2);
    expect(late.verdict).toBe('missed');
    expect(late.reason).toContain('2 replies late');
  });

  test('stayed and nothing fit: none', async () => {
    const j = await walk(['Hmm, not sure.', 'Pass, for now.'], null);
    expect(j.verdict).toBe('none');
    expect(j.reason).toContain('no reply fit');
  });
});

describe('criterion judge by keywords (local provider)', () => {
  const criterion = { criterion: 'Asks about hobbies', pass: 'What hobbies do you enjoy on weekends?', fail: 'What is your address?' };

  test('passes when the transcript shares more keywords with the passing side, and says it judged by keywords', async () => {
    const j = await judgeCriterion(local, {
      ...criterion,
      transcript: [
        { role: 'assistant', text: 'Which hobbies fill your weekends?' },
        { role: 'member', text: 'Chess.' },
      ],
    });
    expect(j).toMatchObject({ passed: true, byKeywords: true, costUsd: 0 });
    expect(j.reason).toContain('Judged by keywords');
    expect(j.reason).toContain('hobby');
  });

  test('fails when the failing example is closer, or nothing is shared', async () => {
    const closer = await judgeCriterion(local, { ...criterion, transcript: [{ role: 'assistant', text: 'Tell me your home address.' }] });
    expect(closer.passed).toBe(false);
    expect(closer.reason).toContain('1 with the failing example: address');
    expect((await judgeCriterion(local, { ...criterion, transcript: [] })).passed).toBe(false);
  });
});

describe('judges on OpenAI', () => {
  let fake: FakeOpenAiRest;
  const openai = () =>
    createTextAi(testConfig({ openaiApiKey: 'sk-test-key', openaiBaseUrl: fake.baseUrl, openaiTextModel: 'gpt-4.1-mini' }));
  beforeAll(() => {
    fake = startFakeOpenAiRest();
  });
  afterAll(() => fake.stop());

  test('a criterion: the model’s JSON answer, in JSON mode, with its cost', async () => {
    fake.reply = () => '```json\n{"passed": true, "reason": "The assistant asked about hobbies."}\n```';
    const j = await judgeCriterion(openai(), {
      criterion: 'Asks about hobbies',
      pass: 'p',
      fail: 'f',
      transcript: [{ role: 'assistant', text: 'Any hobbies?' }],
    });
    expect(j).toMatchObject({ passed: true, reason: 'The assistant asked about hobbies.', byKeywords: false });
    expect(j.costUsd).toBeGreaterThan(0);
    const [request] = fake.chatRequests().slice(-1);
    expect(request.response_format).toEqual({ type: 'json_object' });
    expect(request.messages[1].content).toContain('Assistant: Any hobbies?');
  });

  test('a transition: the verdict comes from the replies the model says fit', async () => {
    fake.reply = () => '{"fits": [2, 3], "reason": "Reply 2 gives a name."}';
    const j = await judgeTransition(openai(), {
      from: 'welcome',
      to: 'interests',
      trigger: WELCOME.trigger_condition,
      memberLines: ['Hi.', 'I go by Mo.', 'Mo is fine.'],
      movedAfter: 1,
    });
    expect(j).toMatchObject({ verdict: 'on_time', byKeywords: false });
    expect(j.reason).toContain('Reply 2 gives a name.');
    expect(fake.chatRequests().at(-1).messages[1].content).toContain('1. Hi.\n2. I go by Mo.\n3. Mo is fine.');
  });

  test('an unreadable answer or a failing provider is a failed judgement with a reason, never a throw', async () => {
    fake.reply = () => 'I think it passed.';
    const unreadable = await judgeCriterion(openai(), { criterion: 'c', pass: 'p', fail: 'f', transcript: [] });
    expect(unreadable.passed).toBe(false);
    expect(unreadable.reason).toContain('could not be read');
    fake.reply = () => '{"fits": "two"}';
    const transition = await judgeTransition(openai(), { from: 'a', to: 'b', trigger: 't', memberLines: ['x'], movedAfter: 0 });
    expect(transition.verdict).toBe('none');
    expect(transition.reason).toStartWith('Not judged');
    fake.failNext(500, 3); // the SDK's first try and its two retries
    const down = await judgeCriterion(openai(), { criterion: 'c', pass: 'p', fail: 'f', transcript: [] });
    expect(down.passed).toBe(false);
    expect(down.reason).toContain('could not be asked');
  });
});
