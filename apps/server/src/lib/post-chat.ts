import { randomUUID } from 'node:crypto';
import type { AppDeps } from '../deps';
import { personalLinkPlaceholder } from '../features/messages/outbox';
import { log } from '../log';
import { badRequest, HttpError, notFound } from '../plugins/errors';
import { instructionsFor } from '../features/prompts/lookup';
import { composeInput, INPUT, type TextTask } from '../providers/text-ai';

/**
 * The work after a voice chat (SPEC §4, PRODUCT §4): profile for group, memory document, section record, quiz
 * summary (PRODUCT §9) and the recap, tagline and reminder SMS. The realtime relay calls `runPostChat` when a
 * session ends; the REST endpoints of SPEC §7 call the single steps. A transcript only passes through: it is never stored or
 * logged, and what is stored or sent is text the provider wrote.
 */

export interface TranscriptLine {
  role: string;
  text: string;
}

export const MIN_MESSAGES = 4;
export const MIN_SECONDS = 20;
export const RECAP_MIN_MESSAGES = 8;
/** Largest transcript the endpoints accept (bytes of JSON). */
export const MAX_TRANSCRIPT_BYTES = 200 * 1024;

const MAX_MODEL_TRANSCRIPT_CHARS = 100_000;
const MAX_DOCUMENT_CHARS = 4000;
const MAX_QUIZ_SUMMARY_CHARS = 1000;
const MAX_SMS_CHARS = 640;

type RawLine = { role?: string; text?: string; content?: string | Array<{ text?: string; transcript?: string }> };

/** Accepts a transcript as text ("user: …" lines) or as a list of {role, text|content}. */
export function normalizeTranscript(raw: string | RawLine[]): TranscriptLine[] {
  if (new TextEncoder().encode(JSON.stringify(raw)).byteLength > MAX_TRANSCRIPT_BYTES) {
    throw new HttpError(413, 'The conversation transcript is too large (at most 200 KB)');
  }
  if (typeof raw === 'string') {
    return raw
      .split(/\r?\n/)
      .map((line) => {
        const m = /^\s*(user|assistant|system)\s*:\s*(.*)$/i.exec(line);
        return m ? { role: m[1].toLowerCase(), text: m[2].trim() } : { role: 'user', text: line.trim() };
      })
      .filter((l) => l.text);
  }
  return raw
    .map((l) => {
      const content = typeof l.content === 'string' ? l.content : (l.content ?? []).map((p) => p.text ?? p.transcript ?? '').join(' ');
      return { role: (l.role ?? 'user').toLowerCase(), text: (l.text ?? content).trim() };
    })
    .filter((l) => l.text);
}

export function formatTranscript(lines: TranscriptLine[]): string {
  const text = lines.map((l) => `${l.role === 'assistant' ? 'Assistant' : l.role === 'user' ? 'User' : l.role}: ${l.text}`).join('\n');
  return text.length > MAX_MODEL_TRANSCRIPT_CHARS ? text.slice(-MAX_MODEL_TRANSCRIPT_CHARS) : text;
}

function requireContent(transcript: TranscriptLine[]) {
  if (!transcript.some((l) => l.text.trim())) throw badRequest('The conversation transcript is empty');
}

async function requireUser(deps: AppDeps, userId: string) {
  const user = await deps.db
    .selectFrom('users')
    .select(['id', 'name', 'phone_number', 'sms_opt_out', 'profile_for_group', 'memory_document'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) throw notFound('User not found');
  return user;
}

async function runTask(deps: AppDeps, task: Exclude<TextTask, 'second_model_reply'>, parts: Array<[string, string]>) {
  const instructions = await instructionsFor(deps.db, task);
  return deps.providers.text.complete({ task, instructions, input: composeInput(parts) });
}

const clip = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1).replace(/\s+\S*$/, '')}…`);

export async function updateProfileForGroup(deps: AppDeps, userId: string, transcript: TranscriptLine[]): Promise<string> {
  requireContent(transcript);
  const user = await requireUser(deps, userId);
  const { text } = await runTask(deps, 'profile_for_group', [
    [INPUT.name, user.name],
    [INPUT.existing, user.profile_for_group],
    [INPUT.transcript, formatTranscript(transcript)],
  ]);
  const profile = clip(text.trim(), MAX_DOCUMENT_CHARS);
  await deps.db.updateTable('users').set({ profile_for_group: profile }).where('id', '=', userId).execute();
  return profile;
}

export async function updateMemoryDocument(deps: AppDeps, userId: string, transcript: TranscriptLine[]): Promise<string> {
  requireContent(transcript);
  const user = await requireUser(deps, userId);
  const { text } = await runTask(deps, 'memory_document', [
    [INPUT.name, user.name],
    [INPUT.existing, user.memory_document],
    [INPUT.transcript, formatTranscript(transcript)],
  ]);
  const memory = clip(text.trim(), MAX_DOCUMENT_CHARS);
  await deps.db.updateTable('users').set({ memory_document: memory }).where('id', '=', userId).execute();
  return memory;
}

/**
 * PRODUCT §9: one to three sentences on what the member shared in this module, dated at the end of the chat.
 * Summaries are numbered per user by their order (the admin view lists them by date).
 */
export async function writeQuizSummary(
  deps: AppDeps,
  userId: string,
  moduleName: string,
  transcript: TranscriptLine[],
  date: Date = new Date(),
): Promise<{ id: number; summary: string }> {
  requireContent(transcript);
  const user = await requireUser(deps, userId);
  const { text } = await runTask(deps, 'quiz_summary', [
    [INPUT.name, user.name],
    [INPUT.module, moduleName.trim().replace(/\.json$/i, '')],
    [INPUT.transcript, formatTranscript(transcript)],
  ]);
  // No quotation marks: a model that quotes the person anyway loses the marks, the line stays a summary.
  const summary = clip(text.replace(/["“”]/g, '').replace(/\s+/g, ' ').trim(), MAX_QUIZ_SUMMARY_CHARS);
  if (!summary) throw new HttpError(502, 'The AI provider wrote an empty quiz summary');
  const row = await deps.db
    .insertInto('quiz_summaries')
    .values({ user_id: userId, summary, date: Number.isNaN(date.getTime()) ? new Date() : date })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, summary };
}

export interface SectionData {
  moduleName: string;
  startTime: Date | string;
  endTime: Date | string;
  voiceSessionId?: string;
}

/** The section record of one chat; saved once per voice session. */
export async function saveSectionData(deps: AppDeps, userId: string, data: SectionData): Promise<{ id: number }> {
  const start = new Date(data.startTime);
  const end = new Date(data.endTime);
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) throw badRequest('startTime and endTime must be ISO dates');
  if (end < start) throw badRequest('endTime must not be before startTime');
  const moduleName = data.moduleName.trim().replace(/\.json$/i, '');
  if (!moduleName) throw badRequest('moduleName is required');
  await requireUser(deps, userId);
  const inserted = await deps.db
    .insertInto('section_records')
    .values({ user_id: userId, module_name: moduleName, start_time: start, end_time: end, voice_session_id: data.voiceSessionId ?? null })
    .onConflict((oc) => oc.column('voice_session_id').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) return inserted;
  return deps.db
    .selectFrom('section_records')
    .select('id')
    .where('voice_session_id', '=', data.voiceSessionId!)
    .executeTakeFirstOrThrow();
}

// ---- Text messages ----

export type SmsKind = 'recap' | 'tagline' | 'reminder';

/** Model text made fit for an SMS: no links or placeholders (the server adds the only link), one paragraph. */
export function cleanSmsText(text: string): string {
  return clip(
    text
      .replace(/https?:\/\/\S+|www\.\S+/gi, '')
      .replace(/[[{<(]\s*(link|url|your link|personal link)\s*[\]}>)]/gi, '')
      .replace(/^["'“”\s]+|["'“”\s]+$/g, '')
      .replace(/\s+/g, ' ')
      .trim(),
    MAX_SMS_CHARS,
  );
}

async function smsRecipient(deps: AppDeps, userId: string) {
  const user = await requireUser(deps, userId);
  if (!user.phone_number) throw badRequest('This user has no phone number, so no text message can be sent');
  if (user.sms_opt_out) throw badRequest('This user has opted out of text messages');
  return { ...user, phone_number: user.phone_number };
}

async function enqueueSms(deps: AppDeps, user: { id: string; phone_number: string }, kind: SmsKind, body: string, voiceSessionId?: string) {
  const ids = await deps.outbox.enqueue(deps.db, [
    {
      uniqueKey: `post-chat:${voiceSessionId ?? randomUUID()}/${user.id}/${kind}`,
      userId: user.id,
      channel: 'sms',
      kind,
      to: user.phone_number,
      body,
    },
  ]);
  return { id: ids[0] ?? null };
}

export interface SmsOptions {
  voiceSessionId?: string;
}

export async function sendRecapSms(deps: AppDeps, userId: string, transcript: TranscriptLine[], opts: SmsOptions = {}) {
  requireContent(transcript);
  const user = await smsRecipient(deps, userId);
  const { text } = await runTask(deps, 'convo_recap_sms', [
    [INPUT.name, user.name],
    [INPUT.transcript, formatTranscript(transcript)],
  ]);
  return enqueueSms(deps, user, 'recap', cleanSmsText(text), opts.voiceSessionId);
}

export async function sendTaglineSms(deps: AppDeps, userId: string, transcript: TranscriptLine[], opts: SmsOptions = {}) {
  requireContent(transcript);
  const user = await smsRecipient(deps, userId);
  const { text } = await runTask(deps, 'tagline_sms', [
    [INPUT.name, user.name],
    [INPUT.transcript, formatTranscript(transcript)],
  ]);
  const tagline = clip(cleanSmsText(text), 200);
  return { ...(await enqueueSms(deps, user, 'tagline', `Your Hearth tagline: ${tagline}`, opts.voiceSessionId)), tagline };
}

/** A link the server may send: on PUBLIC_URL's origin only, so no SMS ever carries someone else's link. */
export function ownSiteUrl(deps: AppDeps, userUrl: string): string {
  let url: URL;
  try {
    url = new URL(userUrl);
  } catch {
    throw badRequest('userUrl must be a full link to this site');
  }
  if (url.origin !== new URL(deps.config.publicUrl).origin) throw badRequest('userUrl must be a link to this site');
  return url.toString();
}

/**
 * The reminder SMS. `link` is a URL on this site (the REST call's userUrl) or `{ module }`: then the message
 * carries the user's own personal link, whose token is issued only when the SMS is sent.
 */
export async function sendReminderSms(
  deps: AppDeps,
  userId: string,
  link: string | { module: string },
  opts: SmsOptions & { transcript?: TranscriptLine[] } = {},
) {
  const url = typeof link === 'string' ? ownSiteUrl(deps, link) : personalLinkPlaceholder(link.module);
  const user = await smsRecipient(deps, userId);
  const { text } = await runTask(deps, 'reminder_sms', [
    [INPUT.name, user.name],
    [INPUT.transcript, formatTranscript(opts.transcript ?? [])],
  ]);
  return enqueueSms(deps, user, 'reminder', `${cleanSmsText(text)}\n${url}`, opts.voiceSessionId);
}

// ---- The whole post-chat run ----

export interface PostChatInput {
  voiceSessionId: string;
  userId: string;
  moduleName: string;
  startTime: Date | string;
  endTime: Date | string;
  transcript: TranscriptLine[];
  /** The user ticked "Receive SMS reminder of this conversation". */
  reminder: boolean;
  /** Link for the reminder; by default the user page of this module. */
  userUrl?: string;
}

export type SmsOutcome = 'queued' | 'already-queued' | 'not-needed' | 'no-phone' | 'opted-out' | 'failed';

export interface PostChatResult {
  voiceSessionId: string;
  /** False when this session's post-chat work had already been claimed, or the user is unknown. */
  ran: boolean;
  status: 'done' | 'partial' | 'below-threshold' | 'already-run' | 'unknown-user';
  messageCount: number;
  durationSeconds: number;
  profileUpdated: boolean;
  memoryUpdated: boolean;
  sectionRecordId: number | null;
  quizSummaryId: number | null;
  sms: Record<SmsKind, SmsOutcome>;
  /** Outbox ids of the SMS this run queued, so a caller can wait for their sending. */
  smsIds: Partial<Record<SmsKind, number>>;
  /** Steps that threw (profile, memory, section, quiz, recap, tagline, reminder). */
  failedSteps: string[];
}

/** Runs the post-chat work of one voice session exactly once (the voice_sessions row is the claim). */
export async function runPostChat(deps: AppDeps, input: PostChatInput): Promise<PostChatResult> {
  const start = new Date(input.startTime);
  const end = new Date(input.endTime);
  const messageCount = input.transcript.filter((l) => l.text.trim()).length;
  const durationSeconds = Math.max(0, (end.getTime() - start.getTime()) / 1000) || 0;
  const result: PostChatResult = {
    voiceSessionId: input.voiceSessionId,
    ran: false,
    status: 'already-run',
    messageCount,
    durationSeconds,
    profileUpdated: false,
    memoryUpdated: false,
    sectionRecordId: null,
    quizSummaryId: null,
    sms: { recap: 'not-needed', tagline: 'not-needed', reminder: 'not-needed' },
    smsIds: {},
    failedSteps: [],
  };
  const user = await deps.db.selectFrom('users').select(['id', 'name', 'phone_number', 'sms_opt_out']).where('id', '=', input.userId).executeTakeFirst();
  if (!user) return { ...result, status: 'unknown-user' };
  if (!(await claim(deps, input, user.id, start, end))) return result;

  result.ran = true;
  let failures = 0;
  const step = async <T>(name: string, work: () => Promise<T>): Promise<T | undefined> => {
    try {
      return await work();
    } catch (err) {
      failures++;
      result.failedSteps.push(name);
      // Status and class only: an error message may quote what it was given.
      log.warn('post-chat step failed', { step: name, voiceSessionId: input.voiceSessionId, status: (err as HttpError).status, error: (err as Error)?.name });
      return undefined;
    }
  };
  const smsBlocked: SmsOutcome | null = !user.phone_number ? 'no-phone' : user.sms_opt_out ? 'opted-out' : null;
  const sms = async (kind: SmsKind, send: () => Promise<{ id: number | null }>) => {
    if (smsBlocked) return (result.sms[kind] = smsBlocked);
    const sent = await step(kind, send);
    result.sms[kind] = !sent ? 'failed' : sent.id === null ? 'already-queued' : 'queued';
    if (sent?.id != null) result.smsIds[kind] = sent.id;
  };
  const opts = { voiceSessionId: input.voiceSessionId };

  const longEnough = messageCount >= MIN_MESSAGES && durationSeconds >= MIN_SECONDS;
  if (longEnough) {
    result.profileUpdated = (await step('profile', () => updateProfileForGroup(deps, user.id, input.transcript))) !== undefined;
    result.memoryUpdated = (await step('memory', () => updateMemoryDocument(deps, user.id, input.transcript))) !== undefined;
    const section = await step('section', () => saveSectionData(deps, user.id, { ...input, voiceSessionId: input.voiceSessionId }));
    result.sectionRecordId = section?.id ?? null;
    const quiz = await step('quiz', () => writeQuizSummary(deps, user.id, input.moduleName, input.transcript, end));
    result.quizSummaryId = quiz?.id ?? null;
    if (messageCount >= RECAP_MIN_MESSAGES) {
      await sms('recap', () => sendRecapSms(deps, user.id, input.transcript, opts));
      await sms('tagline', () => sendTaglineSms(deps, user.id, input.transcript, opts));
    }
  }
  // A reminder of an empty conversation would be noise; any real exchange is enough when the user asked.
  if (input.reminder && messageCount > 0) {
    const link = input.userUrl ?? { module: input.moduleName };
    await sms('reminder', () => sendReminderSms(deps, user.id, link, { ...opts, transcript: input.transcript }));
  }

  result.status = failures ? 'partial' : longEnough || result.sms.reminder !== 'not-needed' ? 'done' : 'below-threshold';
  await deps.db
    .updateTable('voice_sessions')
    .set({ post_chat_status: result.status })
    .where('id', '=', input.voiceSessionId)
    .execute();
  log.info('post-chat finished', {
    voiceSessionId: input.voiceSessionId,
    status: result.status,
    messageCount,
    durationSeconds: Math.round(durationSeconds),
    sms: result.sms,
  });
  return result;
}

/** Inserts or takes over the session row; true only for the one caller whose claim succeeded. */
async function claim(deps: AppDeps, input: PostChatInput, userId: string, start: Date, end: Date): Promise<boolean> {
  const startedAt = Number.isNaN(start.getTime()) ? new Date() : start;
  const endedAt = Number.isNaN(end.getTime()) ? new Date() : end;
  const row = await deps.db
    .insertInto('voice_sessions')
    .values({
      id: input.voiceSessionId,
      user_id: userId,
      module_name: input.moduleName,
      started_at: startedAt,
      ended_at: endedAt,
      post_chat_status: 'running',
    })
    .onConflict((oc) =>
      oc
        .column('id')
        .doUpdateSet((eb) => ({ post_chat_status: 'running', ended_at: eb.fn.coalesce('voice_sessions.ended_at', 'excluded.ended_at') }))
        .where('voice_sessions.post_chat_status', 'is', null),
    )
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}
