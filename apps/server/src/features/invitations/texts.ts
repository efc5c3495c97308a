import { DEFAULT_USER_MODULE } from '@hearth/db/seed';
import type { DB } from '@hearth/db/client';
import type { AppDeps } from '../../deps';
import { normalizePhone } from '../users/phone';
import { publishedModule } from '../sequences/lookup';
import { Invalid } from '../../errors';
import { personalLinkPlaceholder } from '../messages/outbox';
import { promptTemplate } from './repository';

/**
 * What the server writes for invitations and subgroup assignment notices, and where it may send them. This is
 * the invitations feature's public file: the blasts feature writes its messages with it, so a blast and a
 * single send say exactly the same thing. A client never supplies the text (PRODUCT §6).
 */

export const INVALID_PHONE = 'Failed to send SMS, invalid Phone';
export const NO_PHONE = 'Failed to send SMS, the user has no phone number';
export const NO_EMAIL = 'Failed to send Email, user does not have an email address';
export const INVALID_EMAIL = 'Failed to send Email, invalid email address';

/** `{key}` placeholders of the admin-editable templates; unknown ones stay as written. */
export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? values[key] : whole));
}

/** An edited template may have lost `{url}`: the link must still be in the message. */
const withLink = (text: string, url: string) => (text.includes(url) ? text : `${text.trimEnd()}\n${url}`);

/**
 * React Email and its components (about 8 MB and 90,000 objects of heap) are loaded with the first e-mail
 * rendered, not with the server: a relay process that sends none does not carry them through every collection.
 */
let renderer: Promise<typeof import('../../emails/render')> | null = null;
const emailRenderer = () => (renderer ??= import('../../emails/render'));

/** The admin-editable templates, read once per send or blast. */
export async function loadTemplates(db: DB) {
  const [inviteSms, inviteEmail, assignment] = await Promise.all([
    promptTemplate(db, 'invite_sms'),
    promptTemplate(db, 'invite_email'),
    promptTemplate(db, 'subgroup_assignment'),
  ]);
  return { inviteSms, inviteEmail, assignment };
}
export type Templates = Awaited<ReturnType<typeof loadTemplates>>;

/** The invitation SMS; the personal link is a placeholder filled in at send time. */
export function inviteSmsText(t: Templates, name: string, moduleName: string): string {
  const url = personalLinkPlaceholder(moduleName);
  return withLink(fill(t.inviteSms, { name, url }), url);
}

export async function inviteEmailMessage(t: Templates, name: string, moduleName: string) {
  const url = personalLinkPlaceholder(moduleName);
  const text = withLink(fill(t.inviteEmail, { name, url }), url);
  return { subject: 'Your Hearth invitation', text, html: await (await emailRenderer()).renderInviteEmail({ text, url, moduleName }) };
}

export interface AssignedMember {
  name: string;
  subgroupName: string | null;
  subgroupDescription: string | null;
  userDescription: string;
}

/** The `subgroup_assignment` prompt filled for one member: their subgroup's description, then their own. */
export function assignmentText(t: Templates, m: AssignedMember, groupName: string): string {
  const description = [m.subgroupDescription, m.userDescription]
    .map((s) => s?.trim())
    .filter(Boolean)
    .join(' ');
  return fill(t.assignment, { name: m.name, subgroup: m.subgroupName ?? '', group: groupName, description }).trim();
}

export async function assignmentEmailMessage(t: Templates, m: AssignedMember, groupName: string) {
  const text = assignmentText(t, m, groupName);
  const html = await (await emailRenderer()).renderSubgroupAssignmentEmail({ text, groupName, subgroupName: m.subgroupName ?? '' });
  return { subject: `Your subgroup in ${groupName}`, text, html };
}

/** The number in E.164, or why there is none usable. */
export function phoneOrReason(raw: string | null | undefined): string | { reason: 'no phone number' | 'invalid phone number' } {
  let phone: string | null;
  try {
    phone = normalizePhone(raw);
  } catch {
    return { reason: 'invalid phone number' };
  }
  return phone ?? { reason: 'no phone number' };
}

/** The number to text, or 400 with SPEC §8's text. */
export function smsAddress(raw: string | null | undefined): string {
  const phone = phoneOrReason(raw);
  if (typeof phone === 'string') return phone;
  throw new Invalid(phone.reason === 'no phone number' ? NO_PHONE : INVALID_PHONE);
}

const EMAIL_SHAPE = /^[^\s@<>",;]+@[^\s@<>",;]+\.[^\s@<>",;]+$/;

export function emailOrReason(raw: string | null | undefined): string | { reason: 'no e-mail' | 'invalid e-mail' } {
  const email = raw?.trim();
  if (!email) return { reason: 'no e-mail' };
  return EMAIL_SHAPE.test(email) ? email : { reason: 'invalid e-mail' };
}

/** The address to e-mail, or 400 with SPEC §8's text. */
export function emailAddress(raw: string | null | undefined): string {
  const email = emailOrReason(raw);
  if (typeof email === 'string') return email;
  throw new Invalid(email.reason === 'no e-mail' ? NO_EMAIL : INVALID_EMAIL);
}

/**
 * The module named in the invitation (SPEC §9: 'Get to Know You' when none is chosen), as stored; else 400, also
 * when it is not published (members could not open it, PRODUCT §10).
 */
export async function moduleFor(deps: AppDeps, requested: string | null | undefined): Promise<string> {
  return (await publishedModule(deps.db, requested?.trim() || DEFAULT_USER_MODULE)).name;
}
