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

export const previewBody = t.Object({ groupId, kind, moduleName });
export const startBody = t.Object({ groupId, kind, moduleName, force });
export const blastParams = t.Object({ campaignId: t.String({ minLength: 1, maxLength: 200 }) });
export const listQuery = t.Object({ groupId: t.Optional(groupId) });
export const subgroupSmsBody = t.Object({ groupId, force });

export type PreviewBody = typeof previewBody.static;
export type StartInput = typeof startBody.static;
