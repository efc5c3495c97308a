import type { AppDeps } from '../../deps';
import { Invalid, NotFound, ProviderUnavailable } from '../../errors';
import { composeInput, INPUT, type NamedPromptTask } from '../../providers/text-ai';
import { instructionsFor } from '../prompts/lookup';
import * as repo from './repository';
import { clip, formatTranscript, requireContent, type TranscriptLine } from './transcript';

/**
 * The stored results of a chat (SPEC §4, PRODUCT §9): profile for group, memory document, quiz summary and the
 * section record. Each is one step the relay runs after a chat and a REST endpoint of SPEC §7 runs alone.
 */

const MAX_DOCUMENT_CHARS = 4000;
const MAX_QUIZ_SUMMARY_CHARS = 1000;

export async function requireUser(deps: AppDeps, userId: string) {
  const user = await repo.findPostChatUser(deps.db, userId);
  if (!user) throw new NotFound('User not found');
  return user;
}

export async function runTask(deps: AppDeps, task: NamedPromptTask, parts: Array<[string, string]>) {
  const instructions = await instructionsFor(deps.db, task);
  return deps.providers.text.complete({ task, instructions, input: composeInput(parts) });
}

export async function updateProfileForGroup(deps: AppDeps, userId: string, transcript: TranscriptLine[]): Promise<string> {
  requireContent(transcript);
  const user = await requireUser(deps, userId);
  const { text } = await runTask(deps, 'profile_for_group', [
    [INPUT.name, user.name],
    [INPUT.existing, user.profile_for_group],
    [INPUT.transcript, formatTranscript(transcript)],
  ]);
  const profile = clip(text.trim(), MAX_DOCUMENT_CHARS);
  await repo.setProfileForGroup(deps.db, userId, profile);
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
  await repo.setMemoryDocument(deps.db, userId, memory);
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
  if (!summary) throw new ProviderUnavailable('The AI provider wrote an empty quiz summary');
  const row = await repo.insertQuizSummary(deps.db, userId, summary, Number.isNaN(date.getTime()) ? new Date() : date);
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
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) throw new Invalid('startTime and endTime must be ISO dates');
  if (end < start) throw new Invalid('endTime must not be before startTime');
  const moduleName = data.moduleName.trim().replace(/\.json$/i, '');
  if (!moduleName) throw new Invalid('moduleName is required');
  await requireUser(deps, userId);
  return repo.insertSectionRecord(deps.db, { userId, moduleName, start, end, voiceSessionId: data.voiceSessionId ?? null });
}
