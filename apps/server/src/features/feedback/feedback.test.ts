import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createTestContext, type TestContext } from '../../test/harness';
import { startFakeOpenAiRest, type FakeOpenAiRest } from '../../test/fake-openai-rest';
import { LOCAL_TRANSCRIPTION_MEMBER_TEXT, LOCAL_TRANSCRIPTION_TEXT } from '../../providers/transcription';
import { CONFIRMED_FEEDBACK_PER_HOUR, FEEDBACK_AUDIO_ERROR } from './service';

/** A short 24 kHz mono PCM16 WAV file, as the user page records. */
function wav(sampleCount = 2400): Uint8Array<ArrayBuffer> {
  const data = sampleCount * 2;
  const buf = new ArrayBuffer(44 + data);
  const v = new DataView(buf);
  const ascii = (at: number, s: string) => [...s].forEach((c, i) => v.setUint8(at + i, c.charCodeAt(0)));
  ascii(0, 'RIFF');
  v.setUint32(4, 36 + data, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  v.setUint32(16, 16, true);
  v.setUint16(20, 1, true);
  v.setUint16(22, 1, true);
  v.setUint32(24, 24000, true);
  v.setUint32(28, 48000, true);
  v.setUint16(32, 2, true);
  v.setUint16(34, 16, true);
  ascii(36, 'data');
  v.setUint32(40, data, true);
  for (let i = 0; i < sampleCount; i++) v.setInt16(44 + i * 2, Math.round(8000 * Math.sin(i / 8)), true);
  return new Uint8Array(buf);
}

function form(file: Blob | null, name = 'audio.wav', field = 'audio'): FormData {
  const f = new FormData();
  if (file) f.append(field, file, name);
  return f;
}

describe('feedback (local provider)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  }, 60_000);
  afterAll(() => ctx.close());

  test('send-feedback answers a clear local result: no text; a member reads it in plain words, staff read that it needs OPENAI_API_KEY', async () => {
    const user = await ctx.createUser('Ada');
    const cookie = await ctx.userCookie(user.id);
    const r = await ctx.request('POST', '/api/send-feedback', { cookie, raw: form(new Blob([wav()], { type: 'audio/wav' })) });
    expect(r.status).toBe(200);
    // SPEC §7's {text} stays; the placeholder is no longer in it, so no client can store it as feedback.
    expect(r.body).toEqual({ text: '', transcribed: false, local: true, message: LOCAL_TRANSCRIPTION_MEMBER_TEXT });
    expect(r.body.message).toStartWith("Spoken feedback can't be written down here yet");
    expect(r.body.message).not.toMatch(/OPENAI|API|key|provider|transcription/i);
    const staff = await ctx.request('POST', '/api/send-feedback', {
      cookie: await ctx.staffCookie('operator'),
      raw: form(new Blob([wav()], { type: 'audio/wav' })),
    });
    expect(staff.body.message).toBe(LOCAL_TRANSCRIPTION_TEXT);
    expect(staff.body.message).toStartWith('Transcription needs OPENAI_API_KEY');
  });

  test('confirmed-feedback refuses the local placeholder sent back as feedback; nothing is stored', async () => {
    const user = await ctx.createUser('Abe');
    const cookie = await ctx.userCookie(user.id);
    for (const feedback of [
      LOCAL_TRANSCRIPTION_TEXT,
      `  ${LOCAL_TRANSCRIPTION_TEXT}\n`,
      'Transcription needs OPENAI_API_KEY',
      LOCAL_TRANSCRIPTION_MEMBER_TEXT,
    ]) {
      const r = await ctx.request('POST', '/api/confirmed-feedback', {
        cookie,
        body: { feedback, selectedSequence: null, selectedVersion: null },
      });
      expect(r.status).toBe(400);
      expect(r.body.error).toContain('not feedback');
    }
    expect(await ctx.db.selectFrom('feedback').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
  });

  test('send-feedback errors: empty or missing audio, not audio, too large, no session', async () => {
    const user = await ctx.createUser('Bea');
    const cookie = await ctx.userCookie(user.id);
    const empty = await ctx.request('POST', '/api/send-feedback', { cookie, raw: form(new Blob([], { type: 'audio/wav' })) });
    expect(empty).toMatchObject({ status: 400, body: { error: FEEDBACK_AUDIO_ERROR } });
    const missing = await ctx.request('POST', '/api/send-feedback', {
      cookie,
      raw: (() => {
        const f = new FormData();
        f.append('note', 'hi');
        return f;
      })(),
    });
    expect(missing).toMatchObject({ status: 400, body: { error: FEEDBACK_AUDIO_ERROR } });
    const json = await ctx.request('POST', '/api/send-feedback', { cookie, body: { audio: 'AAAA' } });
    expect(json.status).toBe(400);
    const text = await ctx.request('POST', '/api/send-feedback', {
      cookie,
      raw: form(new Blob(['hello there'], { type: 'text/plain' }), 'notes.txt'),
    });
    expect(text.status).toBe(400);
    expect(text.body.error).toContain('audio file');
    const huge = new Uint8Array(25 * 1024 * 1024 + 1);
    huge.set(wav(10));
    const tooLarge = await ctx.request('POST', '/api/send-feedback', { cookie, raw: form(new Blob([huge], { type: 'audio/wav' })) });
    expect(tooLarge.status).toBe(413);
    const anonymous = await ctx.request('POST', '/api/send-feedback', { raw: form(new Blob([wav()], { type: 'audio/wav' })) });
    expect(anonymous.status).toBe(401);
  });

  test('confirmed-feedback stores the feedback; the conversation only when it was included', async () => {
    const user = await ctx.createUser('Cem');
    const cookie = await ctx.userCookie(user.id);
    const base = { feedback: 'The voice is too fast.', selectedSequence: 'Get to Know You', selectedVersion: 2 };
    const plain = await ctx.request('POST', '/api/confirmed-feedback', { cookie, body: base });
    const blank = await ctx.request('POST', '/api/confirmed-feedback', { cookie, body: { ...base, lastConversation: '' } });
    const emptyList = await ctx.request('POST', '/api/confirmed-feedback', { cookie, body: { ...base, lastConversation: [] } });
    const conversation = [
      { role: 'user', text: 'I like kayaking' },
      { role: 'assistant', text: 'Where do you paddle?' },
    ];
    const included = await ctx.request('POST', '/api/confirmed-feedback', { cookie, body: { ...base, lastConversation: conversation } });
    for (const r of [plain, blank, emptyList, included]) expect(r.body).toEqual({ ok: true, id: expect.any(Number) });
    const rows = await ctx.db.selectFrom('feedback').selectAll().where('user_id', '=', user.id).orderBy('id').execute();
    expect(rows.map((r) => r.last_conversation)).toEqual([null, null, null, conversation]);
    expect(rows[0]).toMatchObject({
      feedback: 'The voice is too fast.',
      selected_sequence: 'Get to Know You',
      selected_version: '2',
      staff_id: null,
    });
  });

  test('confirmed-feedback from staff is stored with the staff id; errors are 400/401', async () => {
    const operator = await ctx.staffCookie('operator');
    const r = await ctx.request('POST', '/api/confirmed-feedback', {
      cookie: operator,
      body: { feedback: 'Works well', selectedSequence: null, selectedVersion: null, lastConversation: 'user: hi' },
    });
    expect(r.status).toBe(200);
    const row = await ctx.db.selectFrom('feedback').selectAll().where('id', '=', r.body.id).executeTakeFirstOrThrow();
    expect(row.user_id).toBeNull();
    expect(row.staff_id).toEqual(expect.any(String));
    expect(row.last_conversation).toBe('user: hi');
    expect((await ctx.request('POST', '/api/confirmed-feedback', { cookie: operator, body: { feedback: '   ' } })).status).toBe(400);
    expect((await ctx.request('POST', '/api/confirmed-feedback', { cookie: operator, body: {} })).status).toBe(400);
    expect((await ctx.request('POST', '/api/confirmed-feedback', { body: { feedback: 'x' } })).status).toBe(401);
  });
});

describe('confirmed-feedback caps (one end user stored 11.7 MB in 2.3 s)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  }, 60_000);
  afterAll(() => ctx.close());
  const stored = (userId: string) => ctx.db.selectFrom('feedback').select('id').where('user_id', '=', userId).execute();

  test('at most CONFIRMED_FEEDBACK_PER_HOUR per identity: then 429 with Retry-After; another user is not affected', async () => {
    const user = await ctx.createUser('Flood');
    const cookie = await ctx.userCookie(user.id);
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < CONFIRMED_FEEDBACK_PER_HOUR + 2; i++) {
      last = await ctx.request('POST', '/api/confirmed-feedback', { cookie, body: { feedback: `note ${i}` } });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([...Array(CONFIRMED_FEEDBACK_PER_HOUR).fill(200), 429, 429]);
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(last!.body.error).toContain('Too many');
    expect(await stored(user.id)).toHaveLength(CONFIRMED_FEEDBACK_PER_HOUR);
    const other = await ctx.createUser('Calm');
    const calm = await ctx.request('POST', '/api/confirmed-feedback', {
      cookie: await ctx.userCookie(other.id),
      body: { feedback: 'fine' },
    });
    expect(calm.status).toBe(200);
  });

  test('an oversized feedback text or included conversation is refused with a clear error and nothing is stored', async () => {
    const user = await ctx.createUser('Big');
    const cookie = await ctx.userCookie(user.id);
    const longText = await ctx.request('POST', '/api/confirmed-feedback', { cookie, body: { feedback: 'x'.repeat(10_001) } });
    expect(longText.status).toBe(400);
    expect(longText.body.error).toContain('feedback');
    const bigString = await ctx.request('POST', '/api/confirmed-feedback', {
      cookie,
      body: { feedback: 'ok', lastConversation: '\u{1F600}'.repeat(60_000) },
    });
    expect(bigString).toMatchObject({ status: 413, body: { error: expect.stringContaining('conversation is too large') } });
    const turns = Array.from({ length: 2_000 }, () => ({ role: 'user', text: 'y'.repeat(200) }));
    const bigList = await ctx.request('POST', '/api/confirmed-feedback', { cookie, body: { feedback: 'ok', lastConversation: turns } });
    expect(bigList).toMatchObject({ status: 413, body: { error: expect.stringContaining('conversation is too large') } });
    expect(await stored(user.id)).toHaveLength(0);
  });
});

describe('feedback (OpenAI transcription against a fake OpenAI REST server)', () => {
  let fake: FakeOpenAiRest;
  let ctx: TestContext;
  beforeAll(async () => {
    fake = startFakeOpenAiRest();
    ctx = await createTestContext({
      config: { openaiApiKey: 'sk-test', openaiBaseUrl: fake.baseUrl, openaiTranscribeModel: 'gpt-4o-transcribe' },
    });
  }, 60_000);
  afterAll(async () => {
    await ctx.close();
    fake.stop();
  });

  test('the recording is transcribed from memory and the text answered', async () => {
    const user = await ctx.createUser('Dag');
    const cookie = await ctx.userCookie(user.id);
    fake.transcriptText = 'I would like shorter answers.';
    const audio = wav(4800);
    const r = await ctx.request('POST', '/api/send-feedback', { cookie, raw: form(new Blob([audio], { type: 'audio/wav' })) });
    expect(r).toMatchObject({ status: 200, body: { text: 'I would like shorter answers.' } });
    expect(r.body.transcribed).toBeUndefined();
    const sent = fake.requests.at(-1)!.body as FormData;
    expect(sent.get('model')).toBe('gpt-4o-transcribe');
    const file = sent.get('file') as File;
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(audio);
  });

  test('a webm recording named audio.wav is sent as what it is', async () => {
    const user = await ctx.createUser('Eli');
    const cookie = await ctx.userCookie(user.id);
    const webm = new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, ...new Array(200).fill(1)]);
    const r = await ctx.request('POST', '/api/send-feedback', { cookie, raw: form(new Blob([webm], { type: '' }), 'audio.wav', 'file') });
    expect(r.status).toBe(200);
    expect(((fake.requests.at(-1)!.body as FormData).get('file') as File).name).toBe('feedback.webm');
  });

  test('a failing transcription service is 502', async () => {
    const user = await ctx.createUser('Fay');
    const cookie = await ctx.userCookie(user.id);
    fake.failNext(400);
    const r = await ctx.request('POST', '/api/send-feedback', { cookie, raw: form(new Blob([wav()], { type: 'audio/wav' })) });
    expect(r.status).toBe(502);
    expect(r.body.error).toContain('transcription');
  });
});
