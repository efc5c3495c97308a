import type { AppDeps } from '../../deps';
import { log } from '../../log';
import * as repo from './repository';
import { sendRecapSms, sendReminderSms, sendTaglineSms, type SmsKind } from './sms';
import { saveSectionData, updateMemoryDocument, updateProfileForGroup, writeQuizSummary } from './steps';
import { MIN_MESSAGES, MIN_SECONDS, RECAP_MIN_MESSAGES, type TranscriptLine } from './transcript';

/**
 * The work after a voice chat (SPEC §4, PRODUCT §4): the realtime relay calls `runPostChat` once when a
 * session ends, from the transcript it saw; the steps live in steps.ts and sms.ts (the REST endpoints of SPEC §7
 * call them one by one). This file is the post-chat feature's public face for the relay.
 */

export type { SmsKind } from './sms';
export type { TranscriptLine } from './transcript';

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
  const user = await repo.findPostChatUser(deps.db, input.userId);
  if (!user) return { ...result, status: 'unknown-user' };
  const claimed = await repo.claimVoiceSession(deps.db, {
    id: input.voiceSessionId,
    userId: user.id,
    moduleName: input.moduleName,
    startedAt: Number.isNaN(start.getTime()) ? new Date() : start,
    endedAt: Number.isNaN(end.getTime()) ? new Date() : end,
  });
  if (!claimed) return result;

  result.ran = true;
  let failures = 0;
  const step = async <T>(name: string, work: () => Promise<T>): Promise<T | undefined> => {
    try {
      return await work();
    } catch (err) {
      failures++;
      result.failedSteps.push(name);
      // Status and class only: an error message may quote what it was given.
      log.warn('post-chat step failed', { step: name, voiceSessionId: input.voiceSessionId, error: (err as Error)?.name });
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
  await repo.setPostChatStatus(deps.db, input.voiceSessionId, result.status);
  log.info('post-chat finished', {
    voiceSessionId: input.voiceSessionId,
    status: result.status,
    messageCount,
    durationSeconds: Math.round(durationSeconds),
    sms: result.sms,
  });
  return result;
}
