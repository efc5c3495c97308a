import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { sql } from 'kysely';
import { createTestContext, type TestContext } from '../../test/harness';
import { runPostChat, type TranscriptLine } from './run';

let ctx: TestContext;
let operator: string;
beforeAll(async () => {
  ctx = await createTestContext();
  operator = await ctx.staffCookie('operator');
}, 60_000);
afterAll(() => ctx.close());

// A phrase the person says that must never be stored anywhere (PRODUCT §7).
const CANARY = 'zebra lighthouse marmalade orchestra';

function chat(messageCount: number): TranscriptLine[] {
  const user = [
    `I spend weekends gardening and my secret phrase is ${CANARY}.`,
    'Mostly tomatoes, and I also restore old bicycles for the neighbours.',
    'I would love to meet people who enjoy gardening or bicycles.',
    'Pottery classes on Thursdays, with my sister.',
  ];
  const assistant = ['What do you enjoy doing?', 'What do you grow?', 'Who would you like to meet?', 'Anything else you enjoy?'];
  return Array.from({ length: messageCount }, (_, i) =>
    i % 2 === 0 ? { role: 'assistant', text: assistant[(i / 2) % 4] } : { role: 'user', text: user[((i - 1) / 2) % 4] },
  );
}

const start = new Date('2026-01-05T10:00:00Z');
const after = (seconds: number) => new Date(start.getTime() + seconds * 1000);

async function userState(id: string) {
  const user = await ctx.db
    .selectFrom('users')
    .select(['profile_for_group', 'memory_document'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const sections = await ctx.db.selectFrom('section_records').selectAll().where('user_id', '=', id).execute();
  const outbox = await ctx.db.selectFrom('outbox').selectAll().where('user_id', '=', id).orderBy('id').execute();
  const quizzes = await ctx.db.selectFrom('quiz_summaries').select(['date', 'summary']).where('user_id', '=', id).orderBy('id').execute();
  return { ...user, sections, outbox, quizzes };
}

describe('runPostChat', () => {
  test('over the thresholds it writes profile, memory, section record and the recap and tagline SMS', async () => {
    const user = await ctx.createUser('Marta', { phone_number: '+14155550101' });
    const result = await runPostChat(ctx.deps, {
      voiceSessionId: 'vs-over',
      userId: user.id,
      moduleName: 'Get to Know You',
      startTime: start,
      endTime: after(95),
      transcript: chat(8),
      reminder: false,
    });
    expect(result).toMatchObject({ ran: true, status: 'done', messageCount: 8, profileUpdated: true, memoryUpdated: true });
    expect(result.sms).toEqual({ recap: 'queued', tagline: 'queued', reminder: 'not-needed' });
    const state = await userState(user.id);
    expect(state.profile_for_group).toContain('gardening');
    expect(state.memory_document).toContain('Conversations remembered: 1');
    expect(state.sections).toHaveLength(1);
    expect(state.sections[0]).toMatchObject({ module_name: 'Get to Know You', voice_session_id: 'vs-over' });
    expect(new Date(state.sections[0].end_time).getTime() - new Date(state.sections[0].start_time).getTime()).toBe(95_000);
    expect(state.outbox.map((o) => [o.kind, o.channel, o.to_address, o.unique_key])).toEqual([
      ['recap', 'sms', '+14155550101', `post-chat:vs-over/${user.id}/recap`],
      ['tagline', 'sms', '+14155550101', `post-chat:vs-over/${user.id}/tagline`],
    ]);
    expect(state.outbox[1].body).toStartWith('Your Hearth tagline: ');
    // PRODUCT §9: a quiz summary of what Marta shared in this module, dated at the end of the chat.
    expect(result.quizSummaryId).toEqual(expect.any(Number));
    expect(state.quizzes).toHaveLength(1);
    expect(new Date(state.quizzes[0].date).getTime()).toBe(after(95).getTime());
    const summary = state.quizzes[0].summary;
    expect(summary).toStartWith('In Get to Know You, Marta talked about ');
    expect(summary).toContain('gardening');
    expect(summary).not.toMatch(/["“”]/);
    expect(summary.split(/(?<=\.)\s+/).length).toBeGreaterThanOrEqual(1);
    expect(summary.split(/(?<=\.)\s+/).length).toBeLessThanOrEqual(3);
    // What the assistant asked is not what the member shared.
    expect(summary).not.toMatch(/\b(grow|enjoy)\b/);
    const session = await ctx.db.selectFrom('voice_sessions').selectAll().where('id', '=', 'vs-over').executeTakeFirstOrThrow();
    expect(session.post_chat_status).toBe('done');
  });

  test('under the thresholds it writes nothing', async () => {
    const user = await ctx.createUser('Noor', { phone_number: '+14155550102' });
    const tooShort = await runPostChat(ctx.deps, {
      voiceSessionId: 'vs-short',
      userId: user.id,
      moduleName: 'Get to Know You',
      startTime: start,
      endTime: after(19),
      transcript: chat(10),
      reminder: false,
    });
    const tooFew = await runPostChat(ctx.deps, {
      voiceSessionId: 'vs-few',
      userId: user.id,
      moduleName: 'Get to Know You',
      startTime: start,
      endTime: after(300),
      transcript: chat(3),
      reminder: false,
    });
    for (const r of [tooShort, tooFew])
      expect(r).toMatchObject({ ran: true, status: 'below-threshold', profileUpdated: false, sectionRecordId: null });
    const state = await userState(user.id);
    expect(state).toEqual({ profile_for_group: '', memory_document: '', sections: [], outbox: [], quizzes: [] });
  });

  test('SPEC §4 counts seconds, not minutes: 20 s and 29 s with 4 messages run the work, 19 s does not', async () => {
    const user = await ctx.createUser('Ravi', { phone_number: '+14155550109' });
    const chatOf = (seconds: number) =>
      runPostChat(ctx.deps, {
        voiceSessionId: `vs-${seconds}s`,
        userId: user.id,
        moduleName: 'Get to Know You',
        startTime: start,
        endTime: after(seconds),
        transcript: chat(4),
        reminder: false,
      });
    for (const seconds of [20, 29.5]) {
      const r = await chatOf(seconds);
      expect(r).toMatchObject({ ran: true, status: 'done', profileUpdated: true, memoryUpdated: true });
      expect(r.sectionRecordId).toEqual(expect.any(Number));
    }
    expect(await chatOf(19.9)).toMatchObject({ ran: true, status: 'below-threshold', profileUpdated: false, sectionRecordId: null });
    expect((await userState(user.id)).sections.map((s) => s.voice_session_id)).toEqual(['vs-20s', 'vs-29.5s']);
  });

  test('between 4 and 7 messages: profile, memory and section, but no SMS', async () => {
    const user = await ctx.createUser('Ilse', { phone_number: '+14155550103' });
    const r = await runPostChat(ctx.deps, {
      voiceSessionId: 'vs-mid',
      userId: user.id,
      moduleName: 'Get to Know You',
      startTime: start,
      endTime: after(40),
      transcript: chat(7),
      reminder: false,
    });
    expect(r.sms).toEqual({ recap: 'not-needed', tagline: 'not-needed', reminder: 'not-needed' });
    const state = await userState(user.id);
    expect(state.profile_for_group).not.toBe('');
    expect(state.sections).toHaveLength(1);
    expect(state.outbox).toEqual([]);
  });

  test('without a phone number the SMS are skipped and the rest is done', async () => {
    const user = await ctx.createUser('Piet');
    const r = await runPostChat(ctx.deps, {
      voiceSessionId: 'vs-nophone',
      userId: user.id,
      moduleName: 'Get to Know You',
      startTime: start,
      endTime: after(60),
      transcript: chat(9),
      reminder: true,
    });
    expect(r.sms).toEqual({ recap: 'no-phone', tagline: 'no-phone', reminder: 'no-phone' });
    expect(r.profileUpdated).toBe(true);
    expect((await userState(user.id)).outbox).toEqual([]);
  });

  test('run twice (also at the same time), the work is done once', async () => {
    const user = await ctx.createUser('Otto', { phone_number: '+14155550104' });
    const input = {
      voiceSessionId: 'vs-twice',
      userId: user.id,
      moduleName: 'Get to Know You',
      startTime: start,
      endTime: after(60),
      transcript: chat(8),
      reminder: true,
    };
    const [a, b] = await Promise.all([runPostChat(ctx.deps, input), runPostChat(ctx.deps, input)]);
    const third = await runPostChat(ctx.deps, input);
    expect([a.ran, b.ran].sort()).toEqual([false, true]);
    expect(third).toMatchObject({ ran: false, status: 'already-run' });
    const state = await userState(user.id);
    expect(state.sections).toHaveLength(1);
    expect(state.outbox.map((o) => o.kind)).toEqual(['recap', 'tagline', 'reminder']);
    expect(state.memory_document).toContain('Conversations remembered: 1');
    expect(state.quizzes).toHaveLength(1);
  });

  test('each chat over the thresholds adds a quiz summary; the admin view numbers them by date', async () => {
    const admin = await ctx.staffCookie('admin');
    const user = await ctx.createUser('Quinn Quizzer');
    const run = (id: string, moduleName: string, startTime: Date, transcript: TranscriptLine[]) =>
      runPostChat(ctx.deps, {
        voiceSessionId: id,
        userId: user.id,
        moduleName,
        startTime,
        endTime: new Date(startTime.getTime() + 60_000),
        transcript,
        reminder: false,
      });
    const later = new Date('2026-03-01T09:00:00Z');
    // Run out of order: the numbering follows the chats' dates, not the order they were written.
    expect(
      (
        await run('vs-quiz-2', 'Hobbies.json', later, [
          { role: 'assistant', text: 'What keeps you busy?' },
          { role: 'user', text: 'Woodworking in the shed, and I sing in a choir.' },
          { role: 'assistant', text: 'How lovely.' },
          { role: 'user', text: 'The choir meets on Mondays.' },
        ])
      ).quizSummaryId,
    ).not.toBeNull();
    expect((await run('vs-quiz-1', 'Get to Know You', start, chat(4))).quizSummaryId).not.toBeNull();
    // Below the thresholds: no summary.
    await run('vs-quiz-short', 'Get to Know You', start, chat(3));

    const res = await ctx.request('GET', `/api/get-all-users-info?page=1&pageSize=10&q=${encodeURIComponent('quinn quizzer')}`, {
      cookie: admin,
    });
    expect(res.status).toBe(200);
    const [row] = res.body.users;
    expect(row.quizSummaries.map((q: { date: string }) => q.date)).toEqual(['2026-01-05T10:01:00.000Z', '2026-03-01T09:01:00.000Z']);
    expect(row.quizSummaries[0].summary).toStartWith('In Get to Know You, Quinn Quizzer talked about ');
    expect(row.quizSummaries[1].summary).toStartWith('In Hobbies, Quinn Quizzer talked about ');
    expect(row.quizSummaries[1].summary).toContain('woodworking');
    expect(row.quizSummaries[1].summary).toContain('choir');
  });

  test('a chat in which the member said nothing that could be understood still gets an honest summary', async () => {
    const user = await ctx.createUser('Sol');
    // The local voice provider hears speech without transcribing it.
    const transcript = Array.from({ length: 6 }, (_, i) =>
      i % 2 === 0
        ? { role: 'assistant', text: 'Tell me about your garden and your bicycles.' }
        : { role: 'user', text: `[speech ${i}.5 s]` },
    );
    await runPostChat(ctx.deps, {
      voiceSessionId: 'vs-quiz-quiet',
      userId: user.id,
      moduleName: 'Get to Know You',
      startTime: start,
      endTime: after(40),
      transcript,
      reminder: false,
    });
    const [quiz] = (await userState(user.id)).quizzes;
    expect(quiz.summary).toBe('In Get to Know You, Sol took part, but shared nothing specific enough to summarise.');
  });

  test('a session row opened by the relay is claimed once too', async () => {
    const user = await ctx.createUser('Vera');
    await ctx.db
      .insertInto('voice_sessions')
      .values({ id: 'vs-relay', user_id: user.id, module_name: 'Get to Know You', started_at: start })
      .execute();
    const input = {
      voiceSessionId: 'vs-relay',
      userId: user.id,
      moduleName: 'Get to Know You',
      startTime: start,
      endTime: after(30),
      transcript: chat(4),
      reminder: false,
    };
    expect((await runPostChat(ctx.deps, input)).ran).toBe(true);
    expect((await runPostChat(ctx.deps, input)).ran).toBe(false);
    const row = await ctx.db.selectFrom('voice_sessions').selectAll().where('id', '=', 'vs-relay').executeTakeFirstOrThrow();
    expect(row.post_chat_status).toBe('done');
    expect(new Date(row.ended_at!).getTime()).toBe(after(30).getTime());
  });

  test("the reminder SMS carries the user's personal link, issued only when it is sent", async () => {
    const user = await ctx.createUser('Jun', { phone_number: '+14155550105' });
    const r = await runPostChat(ctx.deps, {
      voiceSessionId: 'vs-remind',
      userId: user.id,
      moduleName: 'Get to Know You',
      startTime: start,
      endTime: after(10),
      transcript: chat(2),
      reminder: true,
    });
    expect(r.sms.reminder).toBe('queued');
    const [row] = (await userState(user.id)).outbox;
    expect(row.kind).toBe('reminder');
    expect(row.body).toContain('{{personal_link:Get%20to%20Know%20You}}');
    expect(await ctx.db.selectFrom('user_link_tokens').select('token_hash').where('user_id', '=', user.id).execute()).toEqual([]);
  });

  test('an unknown user is reported and nothing is written', async () => {
    const r = await runPostChat(ctx.deps, {
      voiceSessionId: 'vs-ghost',
      userId: 'no-such-user',
      moduleName: 'x',
      startTime: start,
      endTime: after(60),
      transcript: chat(8),
      reminder: true,
    });
    expect(r).toMatchObject({ ran: false, status: 'unknown-user' });
    expect(await ctx.db.selectFrom('voice_sessions').select('id').where('id', '=', 'vs-ghost').executeTakeFirst()).toBeUndefined();
  });

  test('afterwards no table holds any run of words from the transcript', async () => {
    // Every text and jsonb column of every table, compared with punctuation ignored.
    const columns = await sql<{ table_schema: string; table_name: string; column_name: string }>`
      select table_schema, table_name, column_name from information_schema.columns
      where table_schema not in ('pg_catalog', 'information_schema')
        and data_type in ('text', 'jsonb', 'json', 'character varying')`.execute(ctx.db);
    expect(columns.rows.length).toBeGreaterThan(20);
    const canaryWords = CANARY.split(' ');
    const runs = canaryWords.slice(1).map((w, i) => `${canaryWords[i]} ${w}`);
    const said = chat(8)
      .filter((l) => l.role === 'user')
      .map((l) => l.text);
    runs.push('restore old bicycles', 'tomatoes and i', 'pottery classes on thursdays');
    for (const { table_schema, table_name, column_name } of columns.rows) {
      const normalized = sql`regexp_replace(lower(cast(${sql.id(table_schema, table_name, column_name)} as text)), '[^a-z]+', ' ', 'g')`;
      for (const run of [...runs, CANARY]) {
        const hits = await sql<{
          n: number;
        }>`select count(*)::int as n from ${sql.id(table_schema, table_name)} where ${normalized} like ${`%${run}%`}`.execute(ctx.db);
        expect({ table_name, column_name, run, n: hits.rows[0].n }).toEqual({ table_name, column_name, run, n: 0 });
      }
    }
    // The stored texts were made from the transcript: single keywords did get through.
    const profiles = await ctx.db.selectFrom('users').select('profile_for_group').execute();
    expect(profiles.some((p) => p.profile_for_group.includes('lighthouse'))).toBe(true);
    expect(said.length).toBeGreaterThan(0);
  });
});
