import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { SEEDED_MODULES } from '@hearth/db/seed';
import { createTextAi } from '../../providers/text-ai';
import { NON_ANSWERS } from '../../providers/text-ai-local-member';
import { fitsTrigger } from '../../realtime/providers/local/trigger-keywords';
import { startFakeOpenAiRest, type FakeOpenAiRest } from '../../test/fake-openai-rest';
import { testConfig } from '../../test/harness';
import { memberReply, type RunTranscript } from './simulated-member';

const local = createTextAi(testConfig());
const prompts = SEEDED_MODULES['Get to Know You'].prompts;
const trigger = (name: string) => prompts.find((p) => p.name === name)!.trigger_condition;

const MAYA = 'Maya, a retired nurse who loves birdwatching and baking.';
const SHY = 'Shy and reluctant, gives brief answers; likes chess.';
// What the local realtime provider says for the seeded prompts (spoken-line.ts).
const ASKS = {
  welcome: "Welcome! I'm Hearth. What would you like to be called?",
  interests: 'Thank you. What do you enjoy doing in your free time?',
  community: 'Thank you. What kind of people would you like to meet, and what do you hope to find in this community?',
};
const said = (text: string): RunTranscript => [{ role: 'assistant', text }];
const replies = (persona: string, transcript: RunTranscript, seeds = 40) =>
  Promise.all(Array.from({ length: seeds }, (_, seed) => memberReply(local, { persona, transcript, seed }).then((r) => r.text)));

describe('simulated member on the local provider', () => {
  test('the same seed gives the same reply, other seeds differ, and it costs nothing', async () => {
    const a = await memberReply(local, { persona: MAYA, transcript: said(ASKS.interests), seed: 3 });
    const b = await memberReply(local, { persona: MAYA, transcript: said(ASKS.interests), seed: 3 });
    expect(a).toEqual(b);
    expect(a.costUsd).toBe(0);
    expect(new Set(await replies(MAYA, said(ASKS.interests))).size).toBeGreaterThan(5);
  });

  test('answers the question in character: the persona’s name and interests, often fitting the prompt’s trigger', async () => {
    const names = await replies(MAYA, said(ASKS.welcome));
    expect(names.filter((r) => r.includes('Maya')).length).toBeGreaterThan(25);
    const interests = await replies(MAYA, said(ASKS.interests));
    expect(interests.filter((r) => /birdwatching|baking/i.test(r)).length).toBeGreaterThan(25);
    expect(interests.some((r) => /nurse/.test(r))).toBe(false);
    for (const [name, ask] of Object.entries(ASKS)) {
      const fits = (await replies(MAYA, said(ask))).filter((r) => fitsTrigger(trigger(name), r)).length;
      // Most replies fit (so a walk moves on), not all (so a prompt can be stayed at).
      expect(fits).toBeGreaterThan(20);
      expect(fits).toBeLessThan(40);
    }
  });

  test('a shy or reluctant persona gives no real answer more often', async () => {
    const nonAnswers = async (persona: string) =>
      (await replies(persona, said(ASKS.community), 200)).filter((r) => NON_ANSWERS.includes(r)).length;
    const usual = await nonAnswers(MAYA);
    const shy = await nonAnswers(SHY);
    expect(usual).toBeGreaterThan(10);
    expect(shy).toBeGreaterThan(usual * 2);
  });

  test('never repeats the whole question, and each turn of one conversation is drawn anew', async () => {
    for (const ask of Object.values(ASKS)) {
      const question = ask
        .slice(ask.indexOf('.') + 1)
        .trim()
        .toLowerCase();
      for (const reply of await replies(MAYA, said(ask))) expect(reply.toLowerCase()).not.toContain(question.slice(0, -1));
    }
    const first = said(ASKS.interests);
    const later: RunTranscript = [...first, { role: 'member', text: 'I love baking.' }, { role: 'assistant', text: ASKS.interests }];
    const pairs = await Promise.all(
      Array.from({ length: 20 }, async (_, seed) => [
        (await memberReply(local, { persona: MAYA, transcript: first, seed })).text,
        (await memberReply(local, { persona: MAYA, transcript: later, seed })).text,
      ]),
    );
    expect(pairs.filter(([a, b]) => a !== b).length).toBeGreaterThan(5);
  });
});

describe('simulated member on OpenAI', () => {
  let fake: FakeOpenAiRest;
  beforeAll(() => {
    fake = startFakeOpenAiRest();
  });
  afterAll(() => fake.stop());

  test('sends fixed instructions, the persona and the transcript; strips a role label and quotes', async () => {
    const text = createTextAi(testConfig({ openaiApiKey: 'sk-test-key', openaiBaseUrl: fake.baseUrl, openaiTextModel: 'gpt-4.1-mini' }));
    fake.reply = () => 'Member: "I go by Maya, thanks."';
    const reply = await memberReply(text, {
      persona: MAYA,
      transcript: [
        { role: 'assistant', text: 'Hello!' },
        { role: 'member', text: 'Hi.' },
        { role: 'assistant', text: ASKS.welcome },
      ],
      seed: 1,
    });
    expect(reply.text).toBe('I go by Maya, thanks.');
    expect(reply.costUsd).toBeGreaterThan(0);
    const [request] = fake.chatRequests().slice(-1);
    expect(request.messages[0].content).toContain('Stay in character as the persona');
    expect(request.messages[1].content).toContain(MAYA);
    expect(request.messages[1].content).toContain(`Member: Hi.\nAssistant: ${ASKS.welcome}`);
    expect(request.messages[1].content).not.toContain('Seed');
  });
});
