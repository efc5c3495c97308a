import { DEFAULT_USER_MODULE } from '@hearth/db/seed';
import type { AppDeps } from '../../deps';
import { renderInviteEmail, renderSubgroupAssignmentEmail } from '../../emails/render';
import { normalizePhone } from '../../lib/phone';
import { findSequence } from '../../lib/sequences';
import { findUserByFile } from '../../lib/users';
import { log } from '../../log';
import { badRequest, conflict, HttpError, notFound } from '../../plugins/errors';
import type { StaffIdentity } from '../../plugins/auth';
import { enqueueOnce, personalLinkPlaceholder, type MessageOutcome } from '../messages/outbox';
import { assignedMembers, findGroup, findMembership, promptTemplate, subgroupInGroup } from './repository';

/** How long a single send waits for the provider's answer before it answers "queued" (202). */
export const SEND_WAIT_MS = 8_000;
/** A blast waits this long in total; messages still queued then count as accepted. */
export const BLAST_WAIT_MS = 15_000;

export const INVALID_PHONE = 'Failed to send SMS, invalid Phone';
export const NO_PHONE = 'Failed to send SMS, the user has no phone number';
export const NO_EMAIL = 'Failed to send Email, user does not have an email address';
export const INVALID_EMAIL = 'Failed to send Email, invalid email address';

type Channel = 'sms' | 'email';

export interface SendAnswer {
  ok: true;
  /** 'sent', or 'queued' when the provider had not answered within SEND_WAIT_MS (HTTP 202). */
  status: 'sent' | 'queued';
  messageId: number;
  /** 'twilio' | 'smtp', or 'outbox' when no provider is configured and the message went to nobody. */
  provider: string | null;
  /** The same message was already on its way or just sent (double click): it was not sent again. */
  duplicate: boolean;
  message: string;
}

// ---- Invitations --------------------------------------------------------------------------------------

export async function sendInviteSms(
  deps: AppDeps,
  staff: StaffIdentity,
  input: { userFile: string; phoneNumber?: string | null; moduleName?: string | null },
) {
  const user = await findUserByFile(deps.db, input.userFile);
  if (!user) throw notFound('User not found');
  const to = smsAddress(input.phoneNumber?.trim() || user.phone_number);
  const moduleName = await moduleFor(deps, input.moduleName);
  const url = personalLinkPlaceholder(moduleName);
  const body = withLink(fill(await promptTemplate(deps.db, 'invite_sms'), { name: user.name, url }), url);
  const [queued] = await enqueueOnce(deps.outbox, deps.db, { kind: 'invite-sms', createdBy: staff.id }, [
    { userId: user.id, channel: 'sms', to, body },
  ]);
  return answerOne(deps, queued, 'sms', user.name);
}

export async function sendInviteEmail(
  deps: AppDeps,
  staff: StaffIdentity,
  input: { userFile: string; email?: string | null; moduleName?: string | null },
) {
  const user = await findUserByFile(deps.db, input.userFile);
  if (!user) throw notFound('User not found');
  const to = emailAddress(input.email?.trim() || user.email);
  const moduleName = await moduleFor(deps, input.moduleName);
  const url = personalLinkPlaceholder(moduleName);
  const text = withLink(fill(await promptTemplate(deps.db, 'invite_email'), { name: user.name, url }), url);
  const html = await renderInviteEmail({ text, url, moduleName });
  const [queued] = await enqueueOnce(deps.outbox, deps.db, { kind: 'invite-email', createdBy: staff.id }, [
    { userId: user.id, channel: 'email', to, subject: 'Your Hearth invitation', body: text, html },
  ]);
  return answerOne(deps, queued, 'email', user.name);
}

// ---- Subgroup assignment notices ----------------------------------------------------------------------

interface Member {
  name: string;
  subgroupName: string | null;
  subgroupDescription: string | null;
  userDescription: string;
}

/** The `subgroup_assignment` prompt filled for one member: their subgroup's description, then their own. */
function assignmentText(template: string, m: Member, groupName: string) {
  const description = [m.subgroupDescription, m.userDescription].map((s) => s?.trim()).filter(Boolean).join(' ');
  return fill(template, {
    name: m.name,
    subgroup: m.subgroupName ?? '',
    group: groupName,
    description,
  }).trim();
}

/**
 * POST /api/twilio/subgroup-sms: every member with a subgroup gets their assignment by SMS. Answers
 * `{ message, messageFailed, messageSuccess, success, total, failedUsers }`: counts of members whose SMS
 * could not be sent (no or invalid phone, opted out, provider refused) and of those sent or accepted for
 * sending; `success` is true when none failed; `message` is a sentence for a person followed by one
 * "name: reason" line per failed member; `failedUsers` lists them as `{ userFile, name, reason }`.
 */
export async function sendSubgroupSmsBlast(deps: AppDeps, staff: StaffIdentity, groupId: string) {
  const group = await findGroup(deps.db, groupId);
  if (!group) throw notFound('Group not found');
  const members = await assignedMembers(deps.db, group.id);
  if (members.length === 0) throw badRequest('No member of this group has a subgroup yet: assign subgroups first');

  const template = await promptTemplate(deps.db, 'subgroup_assignment');
  const reasons = new Map<string, string>();
  const toSend = [];
  for (const m of members) {
    const phone = phoneOrReason(m.phone);
    if (typeof phone !== 'string') reasons.set(m.userId, phone.reason);
    else toSend.push({ userId: m.userId, channel: 'sms' as const, to: phone, body: assignmentText(template, m, group.name) });
  }
  const queued = await enqueueOnce(deps.outbox, deps.db, { kind: 'subgroup-sms', groupId: group.id, createdBy: staff.id }, toSend);
  const outcomes = await deps.outbox.waitForOutcome(deps.db, queued.map((q) => q.id), BLAST_WAIT_MS);
  for (const o of outcomes) {
    const reason = failureReason(o);
    if (reason && o.userId) reasons.set(o.userId, reason);
  }
  const failedUsers = members.flatMap((m) => {
    const reason = reasons.get(m.userId);
    return reason ? [{ userFile: m.fileName, name: m.name, reason }] : [];
  });
  const total = members.length;
  const messageFailed = failedUsers.length;
  const messageSuccess = total - messageFailed;
  log.info('subgroup sms blast', { groupId: group.id, total, messageSuccess, messageFailed });
  const message =
    messageFailed === 0
      ? `Sent the subgroup assignment SMS to all ${total} members with a subgroup`
      : [`Failed to send ${messageFailed} SMS messages of ${total}`, ...failedUsers.map((f) => `${f.name}: ${f.reason}`)].join('\n');
  return { message, messageFailed, messageSuccess, success: messageFailed === 0, total, failedUsers };
}

/** One member's assignment, checked against what the admin's screen showed (`subGroupId`). */
async function memberAssignment(deps: AppDeps, groupId: string, userFile: string, subGroupId: string) {
  const group = await findGroup(deps.db, groupId);
  if (!group) throw notFound('Group not found');
  const user = await findUserByFile(deps.db, userFile);
  if (!user) throw notFound('User not found');
  const membership = await findMembership(deps.db, group.id, user.id);
  if (!membership) throw notFound('The user is not a member of this group');
  if (!(await subgroupInGroup(deps.db, group.id, subGroupId))) throw notFound('Subgroup not found in this group');
  if (membership.subgroupId !== subGroupId) {
    throw conflict('The member is not in that subgroup (any more): reload the group and try again');
  }
  return { group, user, member: membership };
}

export async function notifyAssignmentSms(deps: AppDeps, staff: StaffIdentity, input: { groupId: string; userFile: string; subGroupId: string }) {
  const { group, user, member } = await memberAssignment(deps, input.groupId, input.userFile, input.subGroupId);
  const to = smsAddress(user.phone_number);
  const body = assignmentText(await promptTemplate(deps.db, 'subgroup_assignment'), member, group.name);
  const [queued] = await enqueueOnce(deps.outbox, deps.db, { kind: 'subgroup-sms', groupId: group.id, createdBy: staff.id }, [
    { userId: user.id, channel: 'sms', to, body },
  ]);
  return answerOne(deps, queued, 'sms', user.name);
}

export async function sendSubgroupEmail(
  deps: AppDeps,
  staff: StaffIdentity,
  input: { groupId: string; userFile: string; subGroupId: string; email?: string | null },
) {
  const { group, user, member } = await memberAssignment(deps, input.groupId, input.userFile, input.subGroupId);
  const to = emailAddress(input.email?.trim() || user.email);
  const text = assignmentText(await promptTemplate(deps.db, 'subgroup_assignment'), member, group.name);
  const html = await renderSubgroupAssignmentEmail({ text, groupName: group.name, subgroupName: member.subgroupName ?? '' });
  const [queued] = await enqueueOnce(deps.outbox, deps.db, { kind: 'subgroup-email', groupId: group.id, createdBy: staff.id }, [
    { userId: user.id, channel: 'email', to, subject: `Your subgroup in ${group.name}`, body: text, html },
  ]);
  return answerOne(deps, queued, 'email', user.name);
}

// ---- Shared -------------------------------------------------------------------------------------------

/** Waits briefly for the real outcome and answers it (SPEC §8 statuses: 400/409 here are the caller's). */
async function answerOne(deps: AppDeps, queued: { id: number; duplicate: boolean }, channel: Channel, name: string) {
  const [o] = await deps.outbox.waitForOutcome(deps.db, [queued.id], SEND_WAIT_MS);
  const what = channel === 'sms' ? 'SMS' : 'Email';
  if (!o) throw new HttpError(500, `The ${what} could not be queued`);
  const reason = failureReason(o);
  if (o.status === 'skipped') throw conflict(`${name} has opted out of text messages (replied STOP); nothing was sent`);
  if (reason) {
    const next = o.retrying ? 'it will be retried automatically' : 'please try again later';
    throw new HttpError(502, `Problems to send ${what} to ${name} (${o.lastError ?? 'provider error'}); ${next}`);
  }
  const status = o.status === 'sent' ? ('sent' as const) : ('queued' as const);
  const kept = o.provider === 'outbox';
  const message =
    status === 'queued' ? `${what} to ${name} is queued`
    : kept ? `${what} for ${name} kept in the outbox: no ${channel === 'sms' ? 'SMS' : 'e-mail'} provider is configured`
    : `${what} sent to ${name}`;
  const answer: SendAnswer = { ok: true, status, messageId: o.id, provider: o.provider, duplicate: queued.duplicate, message };
  return { answer, httpStatus: status === 'sent' ? 200 : 202 };
}

/** Why a message did not go out, or null when it was sent or is still on its way. */
function failureReason(o: MessageOutcome): string | null {
  if (o.status === 'skipped') return 'opted out of SMS (replied STOP)';
  if (o.status === 'failed' || o.retrying) return o.lastError ?? 'provider error';
  return null;
}

function smsAddress(raw: string | null | undefined): string {
  const phone = phoneOrReason(raw);
  if (typeof phone === 'string') return phone;
  throw badRequest(phone.reason === 'no phone number' ? NO_PHONE : INVALID_PHONE);
}

function phoneOrReason(raw: string | null | undefined): string | { reason: string } {
  let phone: string | null;
  try {
    phone = normalizePhone(raw);
  } catch {
    return { reason: 'invalid phone number' };
  }
  return phone ?? { reason: 'no phone number' };
}

const EMAIL_SHAPE = /^[^\s@<>",;]+@[^\s@<>",;]+\.[^\s@<>",;]+$/;

function emailAddress(raw: string | null | undefined): string {
  const email = raw?.trim();
  if (!email) throw badRequest(NO_EMAIL);
  if (!EMAIL_SHAPE.test(email)) throw badRequest(INVALID_EMAIL);
  return email;
}

/** The module named in the invitation (SPEC §9: 'Get to Know You' when none is chosen), as stored. */
async function moduleFor(deps: AppDeps, requested: string | null | undefined): Promise<string> {
  const sequence = await findSequence(deps.db, requested?.trim() || DEFAULT_USER_MODULE);
  if (!sequence || sequence.is_global || sequence.archived) throw badRequest('The module does not exist');
  return sequence.name;
}

/** `{key}` placeholders of the admin-editable templates; unknown ones stay as written. */
export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? values[key] : whole));
}

/** An edited template may have lost `{url}`: the link must still be in the message. */
const withLink = (text: string, url: string) => (text.includes(url) ? text : `${text.trimEnd()}\n${url}`);
