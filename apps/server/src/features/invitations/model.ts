import { t } from 'elysia';

const userFile = t.String({ minLength: 1, maxLength: 400 });
const groupId = t.String({ minLength: 1, maxLength: 200 });
const subGroupId = t.String({ minLength: 1, maxLength: 200 });
// Long enough for anything pasted: the service answers SPEC §8's 400 texts instead of a schema message.
const phone = t.String({ maxLength: 100 });
const email = t.String({ maxLength: 320 });
const moduleName = t.String({ maxLength: 300 });

/** PRODUCT §6: `true` sends what this member already got (otherwise 409 `{ error, alreadySent, sentAt }`). */
const force = t.Optional(t.Boolean());

export const inviteSmsBody = t.Object({
  userFile,
  phoneNumber: t.Optional(t.Nullable(phone)),
  moduleName: t.Optional(t.Nullable(moduleName)),
  force,
});

export const inviteEmailBody = t.Object({
  userFile,
  email: t.Optional(t.Nullable(email)),
  moduleName: t.Optional(t.Nullable(moduleName)),
  force,
});

// SPEC: {groupId, userFile, subGroupId, ...}; other fields a client sends are ignored (the server writes the text).
export const notifyAssignmentBody = t.Object({ groupId, userFile, subGroupId, force });

export const subgroupEmailBody = t.Object({
  groupId,
  userFile,
  subGroupId,
  email: t.Optional(t.Nullable(email)),
  force,
});

/** The dry run of one invitation: what the member would get, where, and whether it went to them before. */
export const invitePreviewBody = t.Object({
  userFile,
  channel: t.Union([t.Literal('sms'), t.Literal('email')]),
  to: t.Optional(t.Nullable(t.String({ maxLength: 320 }))),
  moduleName: t.Optional(t.Nullable(moduleName)),
});

export type InviteSmsBody = typeof inviteSmsBody.static;
export type InvitePreviewBody = typeof invitePreviewBody.static;
export type InviteEmailBody = typeof inviteEmailBody.static;
export type NotifyAssignmentBody = typeof notifyAssignmentBody.static;
export type SubgroupEmailBody = typeof subgroupEmailBody.static;

// ---- Answers ----

/**
 * One invitation or notice, once the provider has answered: 200 with status 'sent', or 'kept' when no provider
 * for the channel is configured (kept in the outbox: it went to nobody), or 202 with 'queued' when it had not
 * answered in a few seconds. `provider` is 'twilio' | 'smtp' | 'outbox'; `duplicate`: the same message was already
 * on its way or just sent, nothing new went out.
 */
export const sendAnswer = t.Object({
  ok: t.Literal(true),
  status: t.Union([t.Literal('sent'), t.Literal('kept'), t.Literal('queued')]),
  messageId: t.Number(),
  provider: t.Nullable(t.String()),
  duplicate: t.Boolean(),
  message: t.String(),
});
export type SendAnswer = typeof sendAnswer.static;

/** `body` names the personal link ("[personal link to <module>]"); it is issued only when the message is sent. */
export const invitePreviewAnswer = t.Object({
  name: t.String(),
  to: t.String(),
  moduleName: t.String(),
  subject: t.Nullable(t.String()),
  body: t.String(),
  alreadySent: t.Number(),
  sentAt: t.Nullable(t.String()),
});
