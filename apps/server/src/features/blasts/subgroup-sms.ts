import type { AppDeps } from '../../deps';
import { log } from '../../log';
import type { StaffIdentity } from '../../plugins/auth';
import { campaignMessages } from './repository';
import type { AlreadySent } from '../messages/outbox';
import type { SubgroupSmsAnswer } from './model';
import { startBlast } from './service';

/** The SPEC §7 blast waits this long in total; messages still queued then count as accepted. */
export const BLAST_WAIT_MS = 15_000;

/**
 * POST /api/twilio/subgroup-sms (SPEC §7): the 'assignment-sms' blast, answered when its messages have settled
 * (or after BLAST_WAIT_MS) as `{ message, messageFailed, messageSuccess, success, total, failedUsers, campaignId }`,
 * counting the members with a subgroup: those whose SMS could not be sent (no or invalid phone, opted out,
 * provider refused or failed, cut off) and those sent or accepted for sending; `message` is a sentence for a
 * person followed by one "name: reason" line per failed member. A repeat of a finished blast is 409 unless forced.
 */
export async function subgroupSmsBlast(
  deps: AppDeps,
  staff: StaffIdentity,
  input: { groupId: string; force?: boolean },
): Promise<{ alreadySent: AlreadySent } | { answer: SubgroupSmsAnswer }> {
  const result = await startBlast(deps, staff, { groupId: input.groupId, kind: 'assignment-sms', force: input.force });
  if ('alreadySent' in result) return result;
  const { campaignId } = result.started;
  const ids = (await campaignMessages(deps.db, campaignId)).map((m) => m.id);
  await deps.outbox.waitForOutcome(deps.db, ids, BLAST_WAIT_MS);

  const rows = (await campaignMessages(deps.db, campaignId)).filter((r) => !(r.status === 'skipped' && r.last_error === 'no subgroup'));
  const failedUsers = rows.flatMap((r) => {
    const reason = failureReason(r);
    return reason ? [{ userFile: r.file_name ?? '', name: r.name ?? '', reason }] : [];
  });
  const total = rows.length;
  const messageFailed = failedUsers.length;
  const messageSuccess = total - messageFailed;
  log.info('subgroup sms blast', { campaignId, groupId: input.groupId, total, messageSuccess, messageFailed });
  // With no SMS provider the messages are kept in the outbox: say so, never "sent".
  const kept = rows.filter((r) => r.status === 'kept').length;
  const message =
    messageFailed === 0
      ? kept > 0
        ? `Kept the subgroup assignment SMS for ${kept === total ? 'all ' : ''}${kept} of ${total} members in the outbox — no SMS provider configured`
        : `Sent the subgroup assignment SMS to all ${total} members with a subgroup`
      : [`Failed to send ${messageFailed} SMS messages of ${total}`, ...failedUsers.map((f) => `${f.name}: ${f.reason}`)].join('\n');
  return { answer: { message, messageFailed, messageSuccess, success: messageFailed === 0, total, failedUsers, campaignId } };
}

function failureReason(r: { status: string; attempts: number; last_error: string | null }): string | null {
  switch (r.status) {
    case 'skipped':
      return r.last_error === 'no phone' ? 'no phone' : 'opted out';
    case 'failed':
    case 'undelivered':
      return r.last_error ?? 'provider error';
    case 'unknown':
      return 'outcome unknown (the send was cut off)';
    case 'queued':
      return r.attempts > 0 ? (r.last_error ?? 'provider error') : null;
    default:
      return null;
  }
}
