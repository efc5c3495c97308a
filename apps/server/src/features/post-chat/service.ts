import type { AppDeps } from '../../deps';
import { badRequest, notFound } from '../../plugins/errors';
import { findUserByFile, findUserByName } from '../users/lookup';
import {
  normalizeTranscript,
  saveSectionData,
  sendRecapSms,
  sendReminderSms,
  sendTaglineSms,
  updateMemoryDocument,
  updateProfileForGroup,
} from '../../lib/post-chat';
import { storedSystemPrompt } from '../prompts/lookup';

type RawTranscript = Parameters<typeof normalizeTranscript>[0];

async function userByName(deps: AppDeps, userName: string) {
  const user = await findUserByName(deps.db, userName);
  if (!user) throw notFound('User not found');
  return user;
}

export async function updateProfile(deps: AppDeps, userName: string, transcript: RawTranscript) {
  const lines = normalizeTranscript(transcript);
  const user = await userByName(deps, userName);
  return { profile_for_group: await updateProfileForGroup(deps, user.id, lines) };
}

export async function updateMemory(deps: AppDeps, userName: string, transcript: RawTranscript) {
  const lines = normalizeTranscript(transcript);
  const user = await userByName(deps, userName);
  return { memory_document: await updateMemoryDocument(deps, user.id, lines) };
}

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

export async function saveSection(deps: AppDeps, userName: string, data: { moduleName: string; startTime: string; endTime: string }) {
  if (!ISO_DATE_TIME.test(data.startTime) || !ISO_DATE_TIME.test(data.endTime)) {
    throw badRequest('startTime and endTime must be ISO 8601 date-times');
  }
  const user = await userByName(deps, userName);
  const { id } = await saveSectionData(deps, user.id, data);
  return { ok: true, id };
}

export async function recapSms(deps: AppDeps, userName: string, transcript: RawTranscript) {
  const lines = normalizeTranscript(transcript);
  const user = await userByName(deps, userName);
  const { id } = await sendRecapSms(deps, user.id, lines);
  return { ok: true, id };
}

export async function reminderSms(deps: AppDeps, userName: string, userUrl: string, transcript: RawTranscript | undefined) {
  const lines = transcript === undefined ? [] : normalizeTranscript(transcript);
  const user = await userByName(deps, userName);
  const { id } = await sendReminderSms(deps, user.id, userUrl, { transcript: lines });
  return { ok: true, id };
}

export async function taglineSms(deps: AppDeps, body: { userName?: string; userFile?: string; conversation: RawTranscript }) {
  const lines = normalizeTranscript(body.conversation);
  const userFile = body.userFile?.trim();
  const userName = body.userName?.trim();
  if (!userFile && !userName) throw badRequest('userFile or userName is required');
  const user = userFile ? await findUserByFile(deps.db, userFile) : await findUserByName(deps.db, userName!);
  if (!user) throw notFound('User not found');
  const { id, tagline } = await sendTaglineSms(deps, user.id, lines);
  return { ok: true, id, tagline };
}

/** The testing page's second model; an empty system prompt means the stored one. */
export async function secondModelReply(deps: AppDeps, body: { systemPrompt?: string | null; message: string; temperature?: number }) {
  const instructions = body.systemPrompt?.trim() || (await storedSystemPrompt(deps.db));
  const { text } = await deps.providers.text.complete({
    task: 'second_model_reply',
    instructions,
    input: body.message,
    temperature: body.temperature ?? 0.8,
  });
  return { gptResponse: text };
}
