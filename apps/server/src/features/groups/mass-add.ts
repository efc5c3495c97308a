import { randomBytes } from 'node:crypto';
import type { DB } from '@hearth/db/client';
import { normalizePhone } from '../users/phone';
import { userFileName } from '../users/lookup';
import { Invalid, NotFound } from '../../errors';
import { MASS_ADD_MAX_LINES } from './model';
import * as repo from './repository';

export const MASS_ADD_ERRORS = {
  tooManyFields: 'Too many commas: write name,phone,email',
  nameRequired: 'Name is required',
  nameTooLong: 'Name is too long (100 characters at most)',
  phone: 'Phone number is not valid (E.164, e.g. +14155552671)',
  email: 'E-mail address is malformed',
  member: 'Already a member of this group',
} as const;

export const duplicateOf = (line: number) => `Duplicate of line ${line}`;

/** One non-blank line of the paste as read: `line` counts every line (blank ones too), from 1. */
export interface ParsedLine {
  line: number;
  name: string;
  /** E.164 when valid, else as typed; '' for none. */
  phone: string;
  email: string;
  errors: string[];
}

const EMAIL_SHAPE = /^[^\s@<>",;]+@[^\s@<>",;]+\.[^\s@<>",;]+$/;
// Pasted numbers often carry spaces, dashes, dots or brackets: only digits and the plus matter.
const PHONE_SEPARATORS = /[\s().-]/g;

/**
 * SPEC §5: each line is split on commas into name, phone and e-mail, each trimmed; blank lines are skipped.
 * Names follow create-user's rules (underscores and control characters stripped); phone numbers are read
 * like create-user's (libphonenumber-js, E.164; without a plus, a US number); each line's problems are listed.
 */
export function parseMassAdd(text: string): ParsedLine[] {
  const parsed: ParsedLine[] = [];
  text.split(/\r\n|\r|\n/).forEach((raw, index) => {
    if (raw.trim() === '') return;
    const fields = raw.split(',').map((f) => f.trim());
    const errors: string[] = [];
    if (fields.length > 3) errors.push(MASS_ADD_ERRORS.tooManyFields);
    const name = (fields[0] ?? '')
      .replace(/_/g, '')
      .replace(/[\p{Cc}]/gu, '')
      .trim();
    if (!name) errors.push(MASS_ADD_ERRORS.nameRequired);
    else if (name.length > 100) errors.push(MASS_ADD_ERRORS.nameTooLong);
    let phone = fields[1] ?? '';
    if (phone) {
      try {
        phone = normalizePhone(phone.replace(PHONE_SEPARATORS, '')) ?? '';
      } catch {
        errors.push(MASS_ADD_ERRORS.phone);
      }
    }
    const email = fields[2] ?? '';
    if (email && !EMAIL_SHAPE.test(email)) errors.push(MASS_ADD_ERRORS.email);
    parsed.push({ line: index + 1, name, phone, email, errors });
  });
  return parsed;
}

/** What identifies a line's person: the phone, the e-mail, and the name only when neither is given. */
function keysOf(l: { name: string; phone: string; email: string }) {
  const keys: string[] = [];
  if (l.phone) keys.push(`p:${l.phone}`);
  if (l.email) keys.push(`e:${l.email.toLowerCase()}`);
  if (!keys.length) keys.push(`n:${l.name.toLowerCase()}`);
  return keys;
}

const newUserId = () => randomBytes(8).readBigUInt64BE().toString(36).padStart(13, '0');

/**
 * Mass Add Users with a preview. Each line is 'new' (a user is created), 'existing' (a user with that name and
 * phone or e-mail exists outside the group and is added) or 'rejected' with why. A dry run changes nothing; a
 * real run checks again and adds every accepted line in one transaction.
 */
export async function massAddUsers(db: DB, groupId: string, text: string, dryRun: boolean) {
  const group = await repo.findGroup(db, groupId);
  if (!group) throw new NotFound('Group not found');
  const lines = parseMassAdd(text);
  if (lines.length === 0) throw new Invalid('Nothing to add: write one name,phone,email per line');
  if (lines.length > MASS_ADD_MAX_LINES)
    throw new Invalid(`Too many lines: at most ${MASS_ADD_MAX_LINES.toLocaleString('en-US')} users at a time`);

  const members = await repo.memberContacts(db, group.id);
  const memberKeys = new Set(members.flatMap((m) => keysOf({ name: m.name, phone: m.phone_number ?? '', email: m.email ?? '' })));
  const memberNames = new Set(members.map((m) => `n:${m.name.toLowerCase()}`));
  const seen = new Map<string, number>();
  for (const l of lines) {
    if (l.errors.length) continue;
    const keys = keysOf(l);
    const first = keys.map((k) => seen.get(k)).find((n) => n !== undefined);
    if (first !== undefined) l.errors.push(duplicateOf(first));
    else if (keys.some((k) => memberKeys.has(k) || memberNames.has(k))) l.errors.push(MASS_ADD_ERRORS.member);
    for (const k of keys) if (!seen.has(k)) seen.set(k, l.line);
  }

  const good = lines.filter((l) => l.errors.length === 0);
  const existing = await repo.usersByContact(
    db,
    good.flatMap((l) => (l.phone ? [l.phone] : [])),
    good.flatMap((l) => (l.email ? [l.email.toLowerCase()] : [])),
  );
  // The same person: same name, and the same phone or e-mail.
  const existingId = (l: ParsedLine) =>
    existing.find(
      (u) =>
        u.name.toLowerCase() === l.name.toLowerCase() &&
        ((l.phone && u.phone_number === l.phone) || (l.email && u.email?.toLowerCase() === l.email.toLowerCase())),
    )?.id;

  const answerLines = lines.map((l) => {
    const error = l.errors.join('; ') || null;
    const status = error ? ('rejected' as const) : existingId(l) ? ('existing' as const) : ('new' as const);
    return { line: l.line, name: l.name, phone: l.phone, email: l.email, status, error };
  });
  const accepted = answerLines.filter((l) => l.status !== 'rejected');
  if (!dryRun && accepted.length) {
    const newUsers = good
      .filter((l) => !existingId(l))
      .map((l) => {
        const id = newUserId();
        return { id, name: l.name, fileName: userFileName(id, l.name), phone: l.phone || null, email: l.email || null };
      });
    const existingIds = good.map(existingId).filter((id): id is string => id !== undefined);
    await repo.addMembers(db, group.id, newUsers, existingIds);
  }
  return {
    dryRun,
    lines: answerLines,
    accepted: accepted.length,
    rejected: answerLines.length - accepted.length,
    added: dryRun ? 0 : accepted.length,
  };
}
