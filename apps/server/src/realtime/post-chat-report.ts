import type { HearthPostChat } from '@hearth/protocol';
import type { AppDeps } from '../deps';
import type { PostChatResult, SmsKind } from '../features/post-chat/run';

/**
 * What the user is told about the work after their chat (SPEC §8 'Disconnect process error: …'). A failed
 * profile update is only logged (SPEC §4); any other failed step, and an SMS the provider refused, is an error.
 * The reason names steps only: never a number, an address or a provider's own words.
 */

/** How long the end of a chat waits for the provider's answer to its SMS (a refusal comes back in ~1 s). */
export const SMS_OUTCOME_WAIT_MS = 4000;

const STEP_PROBLEM: Record<string, string> = {
  memory: 'your memory could not be updated',
  section: 'the conversation record could not be saved',
  quiz: 'the conversation summary could not be saved',
};
const SMS_KINDS: SmsKind[] = ['recap', 'tagline', 'reminder'];

/** "a", "a and b", "a, b and c". */
const listed = (words: string[]) => (words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`);

export async function postChatReport(deps: AppDeps, result: PostChatResult): Promise<HearthPostChat> {
  const smsFailed = new Set<SmsKind>(SMS_KINDS.filter((kind) => result.sms[kind] === 'failed'));
  const queued = SMS_KINDS.flatMap((kind) => (result.smsIds[kind] === undefined ? [] : [{ kind, id: result.smsIds[kind]! }]));
  if (queued.length > 0) {
    const outcomes = await deps.outbox.waitForOutcome(
      deps.db,
      queued.map((q) => q.id),
      SMS_OUTCOME_WAIT_MS,
    );
    for (const o of outcomes) {
      // Refused for good, or failed once and waiting for a retry: either way it did not arrive now.
      if (o.status === 'failed' || o.status === 'undelivered' || o.retrying) smsFailed.add(queued.find((q) => q.id === o.id)!.kind);
    }
  }
  const queuedOk = (kind: SmsKind) => (result.sms[kind] === 'queued' || result.sms[kind] === 'already-queued') && !smsFailed.has(kind);
  const did = {
    profile: result.profileUpdated,
    memory: result.memoryUpdated,
    section: result.sectionRecordId !== null,
    recapSms: queuedOk('recap'),
    taglineSms: queuedOk('tagline'),
    reminderSms: queuedOk('reminder'),
  };
  const problems = result.failedSteps.flatMap((step) => (STEP_PROBLEM[step] ? [STEP_PROBLEM[step]] : []));
  const failedSms = SMS_KINDS.filter((kind) => smsFailed.has(kind));
  if (failedSms.length > 0) problems.push(`the ${listed(failedSms)} SMS could not be sent`);
  if (problems.length > 0) return { type: 'hearth.post_chat', status: 'error', did, error: problems.join('; ') };
  return { type: 'hearth.post_chat', status: 'done', did };
}
