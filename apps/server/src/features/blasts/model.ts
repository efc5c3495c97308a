import { t } from 'elysia';

/** What a blast sends to every member of a group (the blast API contract). */
export const BLAST_KINDS = ['invite-sms', 'invite-email', 'assignment-sms', 'assignment-email'] as const;
export type BlastKind = (typeof BLAST_KINDS)[number];

/** Why a member is left out of a blast. */
export const SKIP_REASONS = ['no phone', 'no e-mail', 'opted out', 'no subgroup'] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];

const groupId = t.String({ minLength: 1, maxLength: 200 });
// Not t.UnionEnum: Elysia 1.4 fills an optional one with its first member when absent.
// Written out (not mapped from BLAST_KINDS) so the static type is the kinds, not never, for the typed web client.
const kind = t.Union([t.Literal('invite-sms'), t.Literal('invite-email'), t.Literal('assignment-sms'), t.Literal('assignment-email')]);
const moduleName = t.Optional(t.Nullable(t.String({ maxLength: 300 })));
/** PRODUCT §6: `true` repeats a blast that already went out (otherwise 409 `{ error, alreadySent, sentAt }`). */
const force = t.Optional(t.Boolean());

/**
 * Issue 21: after a crash, only the members whose last message of this kind is 'unknown' (cut off) get it again.
 * Explicit, so no 409; some of them may get it twice, and the admin is told so before choosing it.
 */
const unknownOnly = t.Optional(t.Boolean());

export const previewBody = t.Object({ groupId, kind, moduleName, unknownOnly });
export const startBody = t.Object({ groupId, kind, moduleName, force, unknownOnly });
export const blastParams = t.Object({ campaignId: t.String({ minLength: 1, maxLength: 200 }) });
export const listQuery = t.Object({ groupId: t.Optional(groupId) });
export const subgroupSmsBody = t.Object({ groupId, force });

export type PreviewBody = typeof previewBody.static;
export type StartInput = typeof startBody.static;

// ---- Answers ----

const skipReason = t.Union([t.Literal('no phone'), t.Literal('no e-mail'), t.Literal('opted out'), t.Literal('no subgroup')]);
const skippedMember = t.Object({ userFile: t.String(), name: t.String(), reason: skipReason });

/**
 * The dry run: who would get it (`receiving`, name order), who is left out and why, what it says (`text`: the
 * message as the first recipient would read it, the personal link named, not issued), and whether this kind
 * already went to the group.
 */
export const previewAnswer = t.Object({
  kind,
  total: t.Number(),
  recipients: t.Number(),
  receiving: t.Array(t.Object({ userFile: t.String(), name: t.String() })),
  text: t.Nullable(t.Object({ name: t.String(), subject: t.Nullable(t.String()), body: t.String() })),
  skipped: t.Array(skippedMember),
  alreadySent: t.Number(),
  sentAt: t.Nullable(t.String()),
});

/** A started blast (202), or the one of the same kind still running: `recipients` of `total` are queued, the rest skipped. */
export const startedAnswer = t.Object({ campaignId: t.String(), kind, total: t.Number(), recipients: t.Number() });
export type StartedAnswer = typeof startedAnswer.static;

const count = t.Number();
/** A blast's progress, from its outbox rows; `done` when nothing is queued or sending. Dates ISO 8601. */
export const blastProgressAnswer = t.Object({
  campaignId: t.String(),
  groupId: t.Nullable(t.String()),
  kind,
  total: t.Number(),
  counts: t.Object({
    queued: count,
    sending: count,
    sent: count,
    /** Kept in the outbox: no provider for this channel is configured, so it went to nobody. */
    kept: count,
    delivered: count,
    undelivered: count,
    failed: count,
    skipped: count,
    unknown: count,
  }),
  done: t.Boolean(),
  failures: t.Array(t.Object({ userFile: t.String(), name: t.String(), error: t.String() })),
  skipped: t.Array(skippedMember),
  retrying: t.Number(),
  startedAt: t.String(),
  finishedAt: t.Nullable(t.String()),
});
export type BlastProgress = typeof blastProgressAnswer.static;

export const blastsAnswer = t.Object({ blasts: t.Array(blastProgressAnswer) });

/** SPEC §7 subgroup-sms: `message` is a sentence for a person, then one "name: reason" line per failed member. */
export const subgroupSmsAnswer = t.Object({
  message: t.String(),
  messageFailed: t.Number(),
  messageSuccess: t.Number(),
  success: t.Boolean(),
  total: t.Number(),
  failedUsers: t.Array(t.Object({ userFile: t.String(), name: t.String(), reason: t.String() })),
  campaignId: t.String(),
});
export type SubgroupSmsAnswer = typeof subgroupSmsAnswer.static;
