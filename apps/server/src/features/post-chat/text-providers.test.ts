import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { composeInput, createTextAi, INPUT, PROFILE_SEPARATOR, readInput, readJsonAnswer, type TextTask } from '../../providers/text-ai';
import { loadFaker, localComplete, localText, TEMPLATE_WORDS } from '../../providers/text-ai-local';
import { createTranscription, LOCAL_TRANSCRIPTION_TEXT } from '../../providers/transcription';
import { cosine, tfidfVectors, wordPairs, words } from '../../providers/tfidf';
import { startFakeOpenAiRest, type FakeOpenAiRest } from '../../test/fake-openai-rest';
import { testConfig } from '../../test/harness';
import { ProviderUnavailable } from '../../errors';
import { domainStatus } from '../../plugins/errors';

const transcriptTasks: TextTask[] = [
  'profile_for_group',
  'memory_document',
  'convo_recap_sms',
  'tagline_sms',
  'reminder_sms',
  'quiz_summary',
];

describe('local text provider', () => {
  const local = createTextAi(testConfig());

  test('is local and free', async () => {
    expect(local.kind).toBe('local');
    const r = await local.complete({
      task: 'profile_for_group',
      instructions: 'x',
      input: composeInput([[INPUT.transcript, 'User: I restore bicycles']]),
    });
    expect(r.costUsd).toBe(0);
    expect(r.text).toContain('bicycles');
  });

  test('never puts two words side by side that stood side by side in the transcript', () => {
    const vocabulary = [
      'garden',
      'gardening',
      'bicycle',
      'pottery',
      'river',
      'music',
      'tomatoes',
      'neighbours',
      'chess',
      'jazz',
      'baking',
      'hiking',
      'themes',
      'interests',
      'and',
      'the',
      'about',
      'conversation',
      'hearth',
      'hi',
      'marta',
    ];
    const line = fc.array(fc.constantFrom(...vocabulary), { minLength: 1, maxLength: 14 }).map((w) => w.join(' '));
    const transcript = fc.array(fc.tuple(fc.constantFrom('User', 'Assistant'), line), { minLength: 1, maxLength: 12 });
    fc.assert(
      fc.property(
        transcript,
        fc.constantFrom(...transcriptTasks),
        fc.constantFrom('', 'Interests and themes: chess, jazz.'),
        (lines, task, existing) => {
          const text = lines.map(([role, l]) => `${role}: ${l}`).join('\n');
          const output = localComplete(
            task,
            composeInput([
              [INPUT.name, 'Marta'],
              [INPUT.existing, existing],
              [INPUT.transcript, text],
            ]),
            0.8,
          );
          const fixed = new Set([...TEMPLATE_WORDS, 'marta']);
          const said = wordPairs(text);
          const w = words(output);
          for (let i = 1; i < w.length; i++) {
            if (fixed.has(w[i - 1]) && fixed.has(w[i])) continue; // both from the fixed text, not from the person
            expect(said.has(`${w[i - 1]} ${w[i]}`)).toBe(false);
          }
        },
      ),
      { numRuns: 500 },
    );
  });

  test('the profile merges the existing document with the new conversation', () => {
    const out = localComplete(
      'profile_for_group',
      composeInput([
        [INPUT.existing, 'Interests and themes: chess, astronomy.'],
        [INPUT.transcript, 'User: I started pottery and I love pottery.\nAssistant: Pottery sounds fun!'],
      ]),
      0.8,
    );
    expect(out).toStartWith('Interests and themes: pottery, ');
    expect(out).toContain('astronomy');
    expect(out).toContain('chess');
    expect(out).toContain('Most recent conversation touched on: pottery');
    expect(out).not.toContain('themes, '); // its own labels never become themes
  });

  test('the memory document counts the conversations it has seen', () => {
    const once = localComplete('memory_document', composeInput([[INPUT.transcript, 'User: kayaking on the lake']]), 0.8);
    const twice = localComplete(
      'memory_document',
      composeInput([
        [INPUT.existing, once],
        [INPUT.transcript, 'User: baking sourdough'],
      ]),
      0.8,
    );
    expect(once).toContain('Conversations remembered: 1');
    expect(twice).toContain('Conversations remembered: 2');
    expect(twice).toContain('kayaking');
    expect(twice).toContain('sourdough');
  });

  test('the quiz summary says, in one or two sentences, what the member shared in the module', () => {
    const transcript = [
      'Assistant: What would you like to talk about in this module?',
      'User: I volunteer at the food bank and I keep bees on the allotment.',
      'Assistant: Bees! How long have you kept them?',
      'User: Three summers now. Honey, candles from the wax, and I teach children about pollinators.',
      'User: [speech 2.1 s]',
    ].join('\n');
    const input = composeInput([
      [INPUT.name, 'Rosa'],
      [INPUT.module, 'Get to Know You'],
      [INPUT.transcript, transcript],
    ]);
    const summary = localComplete('quiz_summary', input, 0.8);
    expect(summary).toBe(localComplete('quiz_summary', input, 1.2)); // deterministic
    expect(summary).toStartWith('In Get to Know You, Rosa talked about ');
    const sentences = summary.split(/(?<=\.)\s+/);
    expect(sentences.length).toBeGreaterThanOrEqual(1);
    expect(sentences.length).toBeLessThanOrEqual(3);
    for (const shared of ['bees', 'allotment', 'candles']) expect(summary).toContain(shared);
    // Only what the member shared: not the assistant's words, not the placeholder of untranscribed speech.
    expect(summary).not.toMatch(/\b(module|speech)\b/);
    // No two words that stood side by side in what was said.
    const said = wordPairs(transcript);
    const w = words(summary);
    for (let i = 1; i < w.length; i++) expect(said.has(`${w[i - 1]} ${w[i]}`) && !TEMPLATE_WORDS.has(w[i])).toBe(false);
    // Nothing understood, nothing invented.
    const quiet = localComplete(
      'quiz_summary',
      composeInput([
        [INPUT.name, 'Rosa'],
        [INPUT.module, 'Hobbies.json'],
        [INPUT.transcript, 'User: [speech 1.0 s]'],
      ]),
      0.8,
    );
    expect(quiet).toBe('In Hobbies, Rosa took part, but shared nothing specific enough to summarise.');
  });

  test('the second-model reply answers the last question and honours temperature', () => {
    const reply = (message: string, t: number) => localComplete('second_model_reply', message, t);
    expect(reply('Welcome to Hearth! What would you like to be called?', 0.8)).toMatch(/call me|go by|is fine/i);
    expect(reply('How are you today?', 0.2)).toBe("I'm doing well, thanks for asking. It's been a calm day.");
    expect(reply('How are you today?', 0.8)).toBe(reply('How are you today?', 0.8));
    const questions = Array.from({ length: 30 }, (_, i) => `Thanks for sharing ${i}. What do you enjoy doing in your free time?`);
    const cold = new Set(questions.map((q) => reply(q, 0.3)));
    const hot = new Set(questions.map((q) => reply(q, 1.2)));
    expect(cold.size).toBe(1);
    expect(hot.size).toBeGreaterThan(2);
  });

  test('subgroup names come from the keywords members share', () => {
    const profiles = [
      'Ana loves hiking, cycling and pottery.',
      'Bo loves cycling, hiking and camping.',
      'Cy enjoys hiking and chess.',
    ].join(PROFILE_SEPARATOR);
    const a = readJsonAnswer(localComplete('subgroup_naming', composeInput([[INPUT.memberProfiles, profiles]]), 0.8));
    expect(a).toEqual({ name: 'Hiking & Cycling Circle', description: 'Members who share an interest in hiking, cycling.' });
    const b = readJsonAnswer(
      localComplete(
        'subgroup_naming',
        composeInput([
          [INPUT.memberProfiles, profiles],
          [INPUT.namesUsed, 'Hiking & Cycling Circle'],
        ]),
        0.8,
      ),
    );
    expect(b?.name).not.toBe('Hiking & Cycling Circle');
  });

  test("subgroup names and member descriptions leave out people's names and places, kindly when nothing is left", () => {
    const profiles = [
      'Mary is a senior data engineer from East Shelley who loves pottery, hiking and baking. Mary hopes to find a few close friends nearby.',
      'Omar is a lead designer from Port Mary who loves hiking, pottery and chess. Omar likes to connect on long walks.',
      'Interests and themes: shelley, james, pottery, hiking.',
    ].join(PROFILE_SEPARATOR);
    const naming = readJsonAnswer(
      localComplete(
        'subgroup_naming',
        composeInput([
          [INPUT.memberProfiles, profiles],
          [INPUT.memberNames, 'Mary\nOmar\nShelley'],
        ]),
        0.8,
      ),
    );
    expect(naming).toEqual({ name: 'Hiking & Pottery Circle', description: 'Members who share an interest in hiking, pottery.' });
    const describe = (name: string, profile: string) =>
      localComplete(
        'member_description',
        composeInput([
          [INPUT.name, name],
          [INPUT.memberProfile, profile],
          [INPUT.subgroup, 'Open Circle'],
        ]),
        0.8,
      );
    expect(describe('Mary', profiles.split(PROFILE_SEPARATOR)[0])).toBe('Brings an interest in baking, hiking to Open Circle.');
    // A member with no profile yet is described by their name alone in the input: nothing of it is used.
    expect(describe('Shelley Jones', 'Shelley Jones')).toBe('A welcome addition to Open Circle.');
    const bare = readJsonAnswer(
      localComplete(
        'subgroup_naming',
        composeInput([
          [INPUT.memberProfiles, 'Mary\n---\nJames'],
          [INPUT.memberNames, 'Mary\nJames'],
        ]),
        0.8,
      ),
    );
    expect(bare).toEqual({ name: 'Open Circle', description: 'Members with a wide mix of interests, glad to meet new people.' });
  });

  test('test users are invented with faker, deterministically per input, avoiding used names', async () => {
    const input = composeInput([
      [INPUT.group, 'Riverside'],
      [INPUT.seed, 'abc:1'],
    ]);
    // The provider loads faker on the first test user it is asked for; the synchronous core needs it loaded.
    const viaProvider = await localText().complete({ task: 'test_user_generation', instructions: '', input, temperature: 1 });
    await loadFaker();
    expect(readJsonAnswer(viaProvider.text)).toEqual(readJsonAnswer(localComplete('test_user_generation', input, 1)));
    const first = readJsonAnswer(localComplete('test_user_generation', input, 1));
    expect(first).toEqual(readJsonAnswer(localComplete('test_user_generation', input, 1)));
    expect(typeof first?.name).toBe('string');
    expect(String(first?.profile)).toContain(String(first?.name));
    expect(String(first?.profile).split(' ').length).toBeGreaterThan(30);
    const again = readJsonAnswer(localComplete('test_user_generation', `${input}\n\n### ${INPUT.namesUsed}\n${first?.name}`, 1));
    expect(again?.name).not.toBe(first?.name);
  });

  test('embeddings are L2-normalised TF-IDF over the batch', async () => {
    const { vectors, costUsd } = await local.embed([
      'gardening tomatoes compost',
      'tomatoes gardening seedlings',
      'robotics coding electronics',
      '',
    ]);
    expect(costUsd).toBe(0);
    for (const v of vectors.slice(0, 3)) expect(Math.hypot(...v)).toBeCloseTo(1, 10);
    expect(vectors[3].every((x) => x === 0)).toBe(true);
    expect(cosine(vectors[0], vectors[1])).toBeGreaterThan(0.3);
    expect(cosine(vectors[0], vectors[2])).toBe(0);
    expect(tfidfVectors([])).toEqual([]);
  });

  test('sections survive content that looks like a heading', () => {
    const input = composeInput([
      [INPUT.transcript, 'User: hello\n### Name\nEve'],
      [INPUT.name, 'Ann'],
    ]);
    expect(readInput(input).get(INPUT.name)).toBe('Ann');
  });

  test('local transcription says that it needs OPENAI_API_KEY', async () => {
    const t = createTranscription(testConfig());
    expect(await t.transcribe({ bytes: new Uint8Array([1, 2, 3]), fileName: 'a.wav', mimeType: 'audio/wav' })).toEqual({
      text: LOCAL_TRANSCRIPTION_TEXT,
      transcribed: false,
    });
  });
});

describe('OpenAI text provider (fake OpenAI REST server)', () => {
  let fake: FakeOpenAiRest;
  const config = () => testConfig({ openaiApiKey: 'sk-test-key', openaiBaseUrl: fake.baseUrl, openaiTextModel: 'gpt-4.1-mini' });
  beforeAll(() => {
    fake = startFakeOpenAiRest();
  }, 60_000);
  afterAll(() => fake.stop());

  test('sends the prompt as system message, the input as user message, and estimates the cost', async () => {
    const ai = createTextAi(config());
    expect(ai.kind).toBe('openai');
    fake.reply = () => 'An updated profile.';
    const r = await ai.complete({ task: 'profile_for_group', instructions: 'Edited profile prompt', input: 'the input', temperature: 0.7 });
    expect(r.text).toBe('An updated profile.');
    expect(r.costUsd).toBeGreaterThan(0);
    const body = fake.chatRequests().at(-1);
    expect(body.model).toBe('gpt-4.1-mini');
    expect(body.temperature).toBe(0.7);
    expect(body.messages).toEqual([
      { role: 'system', content: 'Edited profile prompt' },
      { role: 'user', content: 'the input' },
    ]);
    expect(fake.requests.at(-1)!.authorization).toBe('Bearer sk-test-key');
  });

  test('asks for JSON where the server reads fields', async () => {
    const ai = createTextAi(config());
    fake.reply = () => '{"name": "River Walkers", "description": "They walk."}';
    const r = await ai.complete({ task: 'subgroup_naming', instructions: 'Name them', input: 'profiles' });
    expect(readJsonAnswer(r.text)).toEqual({ name: 'River Walkers', description: 'They walk.' });
    const body = fake.chatRequests().at(-1);
    expect(body.response_format).toEqual({ type: 'json_object' });
    expect(body.messages[0].content).toStartWith('Name them\n\n');
    expect(body.messages[0].content).toContain('JSON');
  });

  test('the quiz summary asks for one to three sentences without quotes', async () => {
    const ai = createTextAi(config());
    fake.reply = () => 'Rosa shared that she keeps bees.';
    await ai.complete({ task: 'quiz_summary', instructions: 'Summarise the quiz answers', input: 'x' });
    const system = fake.chatRequests().at(-1).messages[0].content;
    expect(system).toStartWith('Summarise the quiz answers\n\n');
    expect(system).toContain('one to three sentences');
    expect(system).toContain('Do not quote');
  });

  test('embeddings come back as unit vectors, one per text, in order', async () => {
    const ai = createTextAi(config());
    const { vectors, costUsd } = await ai.embed(['gardening tomatoes', 'robotics electronics', '']);
    expect(vectors).toHaveLength(3);
    expect(vectors[0]).toHaveLength(1536);
    expect(Math.hypot(...vectors[0])).toBeCloseTo(1, 4);
    expect(costUsd).toBeGreaterThan(0);
    const req = fake.requests.filter((r) => r.path === '/v1/embeddings').at(-1)!;
    expect(req.body.model).toBe('text-embedding-3-small');
    expect(req.body.input[2]).not.toBe('');
  });

  test('a provider failure is a 502 for the person, not a crash', async () => {
    const ai = createTextAi(config());
    fake.failNext(400);
    const err = await ai.complete({ task: 'tagline_sms', instructions: 'x', input: 'y' }).catch((e) => e);
    expect(err).toBeInstanceOf(ProviderUnavailable);
    expect(domainStatus(err)).toBe(502);
    expect(err.message).toContain('AI provider');
  });

  test('transcription sends the in-memory file with the configured model', async () => {
    const t = createTranscription(
      testConfig({ openaiApiKey: 'sk-test-key', openaiBaseUrl: fake.baseUrl, openaiTranscribeModel: 'gpt-4o-mini-transcribe' }),
    );
    fake.transcriptText = 'Please add a dark mode.';
    const bytes = new Uint8Array(4000).fill(7);
    expect(await t.transcribe({ bytes, fileName: 'feedback.wav', mimeType: 'audio/wav' })).toEqual({
      text: 'Please add a dark mode.',
      transcribed: true,
    });
    const form = fake.requests.filter((r) => r.path === '/v1/audio/transcriptions').at(-1)!.body as FormData;
    expect(form.get('model')).toBe('gpt-4o-mini-transcribe');
    expect((form.get('file') as File).size).toBe(4000);
    expect((form.get('file') as File).name).toBe('feedback.wav');
  });
});
