import type { AppDeps } from '../../deps';
import { findUserByFile } from '../users/lookup';
import { Conflict, InternalFailure, NotFound, ProviderUnavailable } from '../../errors';
import type { StaffIdentity } from '../../plugins/auth';
import { invitationModuleFor } from '../groups/isolation';
import { enqueueOnce, type AlreadySent, type MessageOutcome } from '../messages/outbox';
import type { InviteEmailBody, InviteSmsBody, NotifyAssignmentBody, SendAnswer, SubgroupEmailBody } from './model';
import { findGroup, findMembership, previousSends, subgroupInGroup } from './repository';
import {
  assignmentEmailMessage,
  assignmentText,
  emailAddress,
  inviteEmailMessage,
  inviteSmsText,
  loadTemplates,
  moduleFor,
  smsAddress,
} from './texts';

export { INVALID_EMAIL, INVALID_PHONE, NO_EMAIL, NO_PHONE, fill } from './texts';

/** How long a single send waits for the provider's answer before it answers "queued" (202). */
export const SEND_WAIT_MS = 8_000;

type Channel = 'sms' | 'email';

export type Sent = { answer: SendAnswer; httpStatus: 200 | 202 };
export type SendResult = Sent | { alreadySent: AlreadySent };

// ---- Invitations --------------------------------------------------------------------------------------

export async function sendInviteSms(deps: AppDeps, staff: StaffIdentity, input: InviteSmsBody): Promise<Sent> {
  const user = await findUserByFile(deps.db, input.userFile);
  if (!user) throw new NotFound('User not found');
  const to = smsAddress(input.phoneNumber?.trim() || user.phone_number);
  // A member of an isolated group is invited to that group's module (PRODUCT §9).
  const moduleName = await moduleFor(deps, await invitationModuleFor(deps.db, user.id, input.moduleName));
  const body = inviteSmsText(await loadTemplates(deps.db), user.name, moduleName);
  const [queued] = await enqueueOnce(deps.outbox, deps.db, { kind: 'invite-sms', createdBy: staff.id }, [
    { userId: user.id, channel: 'sms', to, body },
  ]);
  return answerOne(deps, queued, 'sms', user.name);
}

export async function sendInviteEmail(deps: AppDeps, staff: StaffIdentity, input: InviteEmailBody): Promise<Sent> {
  const user = await findUserByFile(deps.db, input.userFile);
  if (!user) throw new NotFound('User not found');
  const to = emailAddress(input.email?.trim() || user.email);
  // A member of an isolated group is invited to that group's module (PRODUCT §9).
  const moduleName = await moduleFor(deps, await invitationModuleFor(deps.db, user.id, input.moduleName));
  const mail = await inviteEmailMessage(await loadTemplates(deps.db), user.name, moduleName);
  const [queued] = await enqueueOnce(deps.outbox, deps.db, { kind: 'invite-email', createdBy: staff.id }, [
    { userId: user.id, channel: 'email', to, subject: mail.subject, body: mail.text, html: mail.html },
  ]);
  return answerOne(deps, queued, 'email', user.name);
}

// ---- Subgroup assignment notices, per member ------------------------------------------------------------

/** One member's assignment, checked against what the admin's screen showed (`subGroupId`). */
async function memberAssignment(deps: AppDeps, input: NotifyAssignmentBody) {
  const group = await findGroup(deps.db, input.groupId);
  if (!group) throw new NotFound('Group not found');
  const user = await findUserByFile(deps.db, input.userFile);
  if (!user) throw new NotFound('User not found');
  const membership = await findMembership(deps.db, group.id, user.id);
  if (!membership) throw new NotFound('The user is not a member of this group');
  if (!(await subgroupInGroup(deps.db, group.id, input.subGroupId))) throw new NotFound('Subgroup not found in this group');
  if (membership.subgroupId !== input.subGroupId) {
    throw new Conflict('The member is not in that subgroup (any more): reload the group and try again');
  }
  return { group, user, member: membership };
}

/**
 * PRODUCT §6, per member: once this member may have received `kind` for this group (by the blast or a notice),
 * another one needs `force`. A notice still on its way is answered by enqueueOnce as a duplicate instead.
 */
async function refusedRepeat(deps: AppDeps, input: NotifyAssignmentBody, userId: string, name: string, kind: string, what: string) {
  if (input.force) return null;
  const before = await previousSends(deps.db, input.groupId, userId, kind);
  if (before.count === 0) return null;
  return {
    error: `The assignment ${what} was already sent to ${name}; send it again to confirm`,
    alreadySent: 1,
    sentAt: before.sentAt?.toISOString() ?? null,
  } satisfies AlreadySent;
}

export async function notifyAssignmentSms(deps: AppDeps, staff: StaffIdentity, input: NotifyAssignmentBody): Promise<SendResult> {
  const { group, user, member } = await memberAssignment(deps, input);
  const to = smsAddress(user.phone_number);
  const refused = await refusedRepeat(deps, input, user.id, user.name, 'assignment-sms', 'SMS');
  if (refused) return { alreadySent: refused };
  const body = assignmentText(await loadTemplates(deps.db), member, group.name);
  const [queued] = await enqueueOnce(deps.outbox, deps.db, { kind: 'assignment-sms', groupId: group.id, createdBy: staff.id }, [
    { userId: user.id, channel: 'sms', to, body },
  ]);
  return answerOne(deps, queued, 'sms', user.name);
}

export async function sendSubgroupEmail(deps: AppDeps, staff: StaffIdentity, input: SubgroupEmailBody): Promise<SendResult> {
  const { group, user, member } = await memberAssignment(deps, input);
  const to = emailAddress(input.email?.trim() || user.email);
  const refused = await refusedRepeat(deps, input, user.id, user.name, 'assignment-email', 'e-mail');
  if (refused) return { alreadySent: refused };
  const mail = await assignmentEmailMessage(await loadTemplates(deps.db), member, group.name);
  const [queued] = await enqueueOnce(deps.outbox, deps.db, { kind: 'assignment-email', groupId: group.id, createdBy: staff.id }, [
    { userId: user.id, channel: 'email', to, subject: mail.subject, body: mail.text, html: mail.html },
  ]);
  return answerOne(deps, queued, 'email', user.name);
}

// ---- Shared -------------------------------------------------------------------------------------------

/** Waits briefly for the real outcome and answers it (SPEC §8 statuses: 400/409 here are the caller's). */
async function answerOne(deps: AppDeps, queued: { id: number; duplicate: boolean }, channel: Channel, name: string): Promise<Sent> {
  const [o] = await deps.outbox.waitForOutcome(deps.db, [queued.id], SEND_WAIT_MS);
  const what = channel === 'sms' ? 'SMS' : 'Email';
  if (!o) throw new InternalFailure(`The ${what} could not be queued`);
  if (o.status === 'skipped') throw new Conflict(`${name} has opted out of text messages (replied STOP); nothing was sent`);
  const reason = failureReason(o);
  if (reason) {
    const next = o.retrying ? 'it will be retried automatically' : 'please try again later';
    throw new ProviderUnavailable(`Problems to send ${what} to ${name} (${reason}); ${next}`);
  }
  const status = o.status === 'queued' || o.status === 'sending' ? ('queued' as const) : ('sent' as const);
  const kept = o.provider === 'outbox';
  const message =
    status === 'queued'
      ? `${what} to ${name} is queued`
      : kept
        ? `${what} for ${name} kept in the outbox: no ${channel === 'sms' ? 'SMS' : 'e-mail'} provider is configured`
        : `${what} sent to ${name}`;
  const answer: SendAnswer = { ok: true, status, messageId: o.id, provider: o.provider, duplicate: queued.duplicate, message };
  return { answer, httpStatus: status === 'sent' ? 200 : 202 };
}

/** Why a message did not (certainly) go out, or null when it was sent or is still on its way. */
function failureReason(o: MessageOutcome): string | null {
  if (o.status === 'failed' || o.status === 'undelivered' || o.retrying) return o.lastError ?? 'provider error';
  if (o.status === 'unknown') return 'the send was cut off; it may or may not have arrived';
  return null;
}
