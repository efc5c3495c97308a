import type { AppDeps } from '../../deps';
import { Invalid, NotFound } from '../../errors';
import { findUserByFile, findUserByName } from '../users/lookup';
import { sendRecapSms, sendReminderSms, sendTaglineSms } from './sms';
import { saveSectionData, updateMemoryDocument, updateProfileForGroup } from './steps';
import type { GetResponseBody, SectionAnswer, SectionData, SmsQueuedAnswer, TaglineAnswer, TaglineSmsBody, Transcript } from './model';
import { normalizeTranscript } from './transcript';
import { storedSystemPrompt } from '../prompts/lookup';

async function userByName(deps: AppDeps, userName: string) {
  const user = await findUserByName(deps.db, userName);
  if (!user) throw new NotFound('User not found');
  return user;
}

export async function updateProfile(deps: AppDeps, userName: string, transcript: Transcript) {
  const lines = normalizeTranscript(transcript);
  const user = await userByName(deps, userName);
  return { profile_for_group: await updateProfileForGroup(deps, user.id, lines) };
}

export async function updateMemory(deps: AppDeps, userName: string, transcript: Transcript) {
  const lines = normalizeTranscript(transcript);
  const user = await userByName(deps, userName);
  return { memory_document: await updateMemoryDocument(deps, user.id, lines) };
}

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/** Clocks of the caller and the server differ a little; more than this ahead is the future. */
export const CLOCK_SKEW_MS = 2 * 60_000;

/** A real calendar day: 2026-02-30 is refused rather than read as 2 March. */
function isCalendarDate(text: string): boolean {
  const [y, m, d] = text.slice(0, 10).split('-').map(Number);
  const day = new Date(Date.UTC(2000, m - 1, d));
  day.setUTCFullYear(y);
  return day.getUTCMonth() === m - 1 && day.getUTCDate() === d;
}

/**
 * The earliest start a section may have. Not the user's creation: sections of chats held before a person was
 * added here (records carried over from an earlier tool) are real history.
 */
const EARLIEST_SECTION_MS = Date.UTC(2000, 0, 1);

/**
 * A section is one chat that happened: it ends after it starts, lasts at most the session limit, and lies
 * between the year 2000 and now (so years 0001 and 9999 are refused).
 */
function checkSectionTimes(deps: AppDeps, data: Pick<SectionData, 'startTime' | 'endTime'>) {
  if (![data.startTime, data.endTime].every((t) => ISO_DATE_TIME.test(t) && isCalendarDate(t))) {
    throw new Invalid('startTime and endTime must be ISO 8601 date-times');
  }
  const start = new Date(data.startTime).getTime();
  const end = new Date(data.endTime).getTime();
  if (Number.isNaN(start) || Number.isNaN(end)) throw new Invalid('startTime and endTime must be ISO 8601 date-times');
  if (end < start) throw new Invalid('endTime must not be before startTime');
  const limitMinutes = deps.config.limits.maxSessionMinutes;
  if (end - start > limitMinutes * 60_000) throw new Invalid(`A section lasts at most the session limit of ${limitMinutes} minutes`);
  if (end > Date.now() + CLOCK_SKEW_MS) throw new Invalid('A section cannot end in the future');
  if (start < EARLIEST_SECTION_MS) throw new Invalid('A section cannot start before the year 2000');
}

export async function saveSection(deps: AppDeps, userName: string, data: SectionData): Promise<SectionAnswer> {
  checkSectionTimes(deps, data);
  const user = await userByName(deps, userName);
  const { id } = await saveSectionData(deps, user.id, data);
  return { ok: true, id };
}

export async function recapSms(deps: AppDeps, userName: string, transcript: Transcript): Promise<SmsQueuedAnswer> {
  const lines = normalizeTranscript(transcript);
  const user = await userByName(deps, userName);
  const { id } = await sendRecapSms(deps, user.id, lines);
  return { ok: true, id };
}

export async function reminderSms(
  deps: AppDeps,
  userName: string,
  userUrl: string,
  transcript: Transcript | undefined,
): Promise<SmsQueuedAnswer> {
  const lines = transcript === undefined ? [] : normalizeTranscript(transcript);
  const user = await userByName(deps, userName);
  const { id } = await sendReminderSms(deps, user.id, userUrl, { transcript: lines });
  return { ok: true, id };
}

export async function taglineSms(deps: AppDeps, body: TaglineSmsBody): Promise<TaglineAnswer> {
  const lines = normalizeTranscript(body.conversation);
  const userFile = body.userFile?.trim();
  const userName = body.userName?.trim();
  if (!userFile && !userName) throw new Invalid('userFile or userName is required');
  const user = userFile ? await findUserByFile(deps.db, userFile) : await findUserByName(deps.db, userName!);
  if (!user) throw new NotFound('User not found');
  const { id, tagline } = await sendTaglineSms(deps, user.id, lines);
  return { ok: true, id, tagline };
}

/** The testing page's second model; an empty system prompt means the stored one. */
export async function secondModelReply(deps: AppDeps, body: GetResponseBody) {
  const instructions = body.systemPrompt?.trim() || (await storedSystemPrompt(deps.db));
  const { text } = await deps.providers.text.complete({
    task: 'second_model_reply',
    instructions,
    input: body.message,
    temperature: body.temperature ?? 0.8,
  });
  return { gptResponse: text };
}
