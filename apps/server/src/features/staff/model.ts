import { t } from 'elysia';

const role = t.Union([t.Literal('operator'), t.Literal('admin')]);
// Length is checked in the service, so a short password gets a sentence rather than a schema message.
const password = t.String({ maxLength: 1024 });

export const staffIdParams = t.Object({ id: t.String({ minLength: 1, maxLength: 100 }) });

export const createStaffBody = t.Object({
  email: t.String({ minLength: 1, maxLength: 320 }),
  role,
  /** Absent: the server generates one and returns it once. */
  password: t.Optional(password),
  /** The admin saw the look-alike warning (409 `lookAlike`) and adds the account all the same. */
  confirm: t.Optional(t.Boolean()),
});

export const updateStaffBody = t.Object({
  role: t.Optional(role),
  disabled: t.Optional(t.Boolean()),
  password: t.Optional(password),
  /** Generates a new password and returns it once. */
  resetPassword: t.Optional(t.Literal(true)),
});

export type CreateStaffBody = typeof createStaffBody.static;
export type UpdateStaffBody = typeof updateStaffBody.static;

// ---- Answers ----

/** A staff account; `generatedPassword` only in the answer that made it (shown once, stored only as a hash). */
export const staffAccount = t.Object({
  id: t.String(),
  email: t.String(),
  role,
  disabled: t.Boolean(),
  createdAt: t.Date(),
  lastSignInAt: t.Nullable(t.Date()),
  generatedPassword: t.Optional(t.String()),
});
export type StaffAccount = typeof staffAccount.static;

export const staffListAnswer = t.Array(staffAccount);

/**
 * 409 of POST /api/staff without `confirm`: the e-mail looks like existing accounts' (`lookAlike`, their e-mails) or
 * mixes alphabets (`lookAlike` may then be empty). `error` says which, for the person deciding.
 */
export const lookAlikeAnswer = t.Object({ error: t.String(), lookAlike: t.Array(t.String()) });
export type LookAlikeAnswer = typeof lookAlikeAnswer.static;
export const staffDeletedAnswer = t.Object({ ok: t.Literal(true) });
