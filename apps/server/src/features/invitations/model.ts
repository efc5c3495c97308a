import { t } from 'elysia';

const userFile = t.String({ minLength: 1, maxLength: 400 });
const groupId = t.String({ minLength: 1, maxLength: 200 });
const subGroupId = t.String({ minLength: 1, maxLength: 200 });
// Long enough for anything pasted: the service answers SPEC §8's 400 texts instead of a schema message.
const phone = t.String({ maxLength: 100 });
const email = t.String({ maxLength: 320 });
const moduleName = t.String({ maxLength: 300 });

export const inviteSmsBody = t.Object({
  userFile,
  phoneNumber: t.Optional(t.Nullable(phone)),
  moduleName: t.Optional(t.Nullable(moduleName)),
});

export const inviteEmailBody = t.Object({
  userFile,
  email: t.Optional(t.Nullable(email)),
  moduleName: t.Optional(t.Nullable(moduleName)),
});

/** PRODUCT §6: `true` sends a notice this member already got (otherwise 409 `{ error, alreadySent, sentAt }`). */
const force = t.Optional(t.Boolean());

// SPEC: {groupId, userFile, subGroupId, ...}; other fields a client sends are ignored (the server writes the text).
export const notifyAssignmentBody = t.Object({ groupId, userFile, subGroupId, force });

export const subgroupEmailBody = t.Object({
  groupId,
  userFile,
  subGroupId,
  email: t.Optional(t.Nullable(email)),
  force,
});

export type InviteSmsBody = typeof inviteSmsBody.static;
export type InviteEmailBody = typeof inviteEmailBody.static;
export type NotifyAssignmentBody = typeof notifyAssignmentBody.static;
export type SubgroupEmailBody = typeof subgroupEmailBody.static;

// ---- Answers ----

/**
 * One invitation or notice, once the provider has answered: 200 with status 'sent', or 202 with 'queued' when
 * it had not answered in a few seconds. `provider` is 'twilio' | 'smtp', or 'outbox' when none is configured (the
 * message went to nobody); `duplicate`: the same message was already on its way or just sent, nothing new went out.
 */
export const sendAnswer = t.Object({
  ok: t.Literal(true),
  status: t.Union([t.Literal('sent'), t.Literal('queued')]),
  messageId: t.Number(),
  provider: t.Nullable(t.String()),
  duplicate: t.Boolean(),
  message: t.String(),
});
export type SendAnswer = typeof sendAnswer.static;
