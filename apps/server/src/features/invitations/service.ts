import type { AppDeps } from '../../deps';
import { findUserByFile } from '../users/lookup';
import { Conflict, InternalFailure, NotFound, ProviderUnavailable } from '../../errors';
import type { StaffIdentity } from '../../plugins/auth';
import { invitationModuleFor } from '../groups/isolation';
import { enqueueOnce, namedPlaceholders, type AlreadySent, type MessageOutcome } from '../messages/outbox';
import type { InviteEmailBody, InvitePreviewBody, InviteSmsBody, NotifyAssignmentBody, SendAnswer, SubgroupEmailBody } from './model';
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

export async function sendInviteSms(deps: AppDeps, staff: StaffIdentity, input: InviteSmsBody): Promise<SendResult> {
  const user = await findUserByFile(deps.db, input.userFile);
  if (!user) throw new NotFound('User not found');
  const to = smsAddress(input.phoneNumber?.trim() || user.phone_number);
  const refused = await refusedRepeat(
    deps,
    input.force,
    { userId: user.id, groupId: null },
    'invite-sms',
    `The invitation SMS was already sent to ${user.name}`,
  );
  if (refused) return { alreadySent: refused };
  // A member of an isolated group is invited to that group's module (PRODUCT §9).
  const moduleName = await moduleFor(deps, await invitationModuleFor(deps.db, user.id, input.moduleName));
  const body = inviteSmsText(await loadTemplates(deps.db), user.name, moduleName);
  const [queued] = await enqueueOnce(deps.outbox, deps.db, { kind: 'invite-sms', createdBy: staff.id }, [
    { userId: user.id, channel: 'sms', to, body },
  ]);
  return answerOne(deps, queued, 'sms', user.name);
}

export async function sendInviteEmail(deps: AppDeps, staff: StaffIdentity, input: InviteEmailBody): Promise<SendResult> {
  const user = await findUserByFile(deps.db, input.userFile);
  if (!user) throw new NotFound('User not found');
  const to = emailAddress(input.email?.trim() || user.email);
  const refused = await refusedRepeat(
    deps,
    input.force,
    { userId: user.id, groupId: null },
    'invite-email',
    `The invitation e-mail was already sent to ${user.name}`,
  );
  if (refused) return { alreadySent: refused };
  // A member of an isolated group is invited to that group's module (PRODUCT §9).
  const moduleName = await moduleFor(deps, await invitationModuleFor(deps.db, user.id, input.moduleName));
  const mail = await inviteEmailMessage(await loadTemplates(deps.db), user.name, moduleName);
  const [queued] = await enqueueOnce(deps.outbox, deps.db, { kind: 'invite-email', createdBy: staff.id }, [
    { userId: user.id, channel: 'email', to, subject: mail.subject, body: mail.text, html: mail.html },
  ]);
  return answerOne(deps, queued, 'email', user.name);
}

/** What an invitation would say and where it would go, sending nothing (the confirm before a single send). */
export async function previewInvite(deps: AppDeps, input: InvitePreviewBody) {
  const user = await findUserByFile(deps.db, input.userFile);
  if (!user) throw new NotFound('User not found');
  const sms = input.channel === 'sms';
  const to = sms ? smsAddress(input.to?.trim() || user.phone_number) : emailAddress(input.to?.trim() || user.email);
  const moduleName = await moduleFor(deps, await invitationModuleFor(deps.db, user.id, input.moduleName));
  const templates = await loadTemplates(deps.db);
  const message = sms
    ? { subject: null, body: inviteSmsText(templates, user.name, moduleName) }
    : await inviteEmailMessage(templates, user.name, moduleName).then((m) => ({ subject: m.subject, body: m.text }));
  const before = await previousSends(deps.db, user.id, sms ? 'invite-sms' : 'invite-email', null);
  return {
    name: user.name,
    to,
    moduleName,
    subject: message.subject,
    body: namedPlaceholders(message.body),
    alreadySent: before.count > 0 ? 1 : 0,
    sentAt: before.sentAt?.toISOString() ?? null,
  };
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
 * PRODUCT §6, per member: once `kind` went to this member (invitations: by any blast or send; notices: for this
 * group), another one needs `force`. One still on its way is answered by enqueueOnce as a duplicate instead.
 */
async function refusedRepeat(
  deps: AppDeps,
  force: boolean | undefined,
  to: { userId: string; groupId: string | null },
  kind: string,
  error: string,
): Promise<AlreadySent | null> {
  if (force) return null;
  const before = await previousSends(deps.db, to.userId, kind, to.groupId);
  if (before.count === 0) return null;
  // `alreadySent` counts members, as a blast's does: this one.
  return { error: `${error}; send it again to confirm`, alreadySent: 1, sentAt: before.sentAt?.toISOString() ?? null };
}

export async function notifyAssignmentSms(deps: AppDeps, staff: StaffIdentity, input: NotifyAssignmentBody): Promise<SendResult> {
  const { group, user, member } = await memberAssignment(deps, input);
  const to = smsAddress(user.phone_number);
  const refused = await refusedRepeat(
    deps,
    input.force,
    { userId: user.id, groupId: group.id },
    'assignment-sms',
    `The assignment SMS was already sent to ${user.name}`,
  );
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
  const refused = await refusedRepeat(
    deps,
    input.force,
    { userId: user.id, groupId: group.id },
    'assignment-email',
    `The assignment e-mail was already sent to ${user.name}`,
  );
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
  const status = o.status === 'queued' || o.status === 'sending' ? 'queued' : o.status === 'kept' ? 'kept' : 'sent';
  const message =
    status === 'queued' ? `${what} to ${name} is queued` : status === 'kept' ? keptText(channel, name) : `${what} sent to ${name}`;
  const answer: SendAnswer = { ok: true, status, messageId: o.id, provider: o.provider, duplicate: queued.duplicate, message };
  return { answer, httpStatus: status === 'queued' ? 202 : 200 };
}

/** A message the outbox-only provider handled: nothing left the server, and the admin is told so. */
export const keptText = (channel: Channel, name: string) =>
  `${channel === 'sms' ? 'SMS' : 'Email'} for ${name} kept in the outbox — no ${channel === 'sms' ? 'SMS' : 'e-mail'} provider configured`;

/** Why a message did not (certainly) go out, or null when it was sent or is still on its way. */
function failureReason(o: MessageOutcome): string | null {
  if (o.status === 'failed' || o.status === 'undelivered' || o.retrying) return o.lastError ?? 'provider error';
  if (o.status === 'unknown') return 'the send was cut off; it may or may not have arrived';
  return null;
}
