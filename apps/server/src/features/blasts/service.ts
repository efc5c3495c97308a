import type { DB } from '@hearth/db/client';
import type { OutboxStatus } from '@hearth/db/schema';
import type { AppDeps } from '../../deps';
import { log } from '../../log';
import { Invalid, NotFound } from '../../errors';
import type { StaffIdentity } from '../../plugins/auth';
import {
  assignmentEmailMessage,
  assignmentText,
  emailOrReason,
  inviteEmailMessage,
  inviteSmsText,
  loadTemplates,
  moduleFor,
  phoneOrReason,
} from '../invitations/texts';
import { insertSkippedMessages, namedPlaceholders, type AlreadySent } from '../messages/outbox';
import type { BlastKind, BlastProgress, PreviewBody, SkipReason, StartedAnswer, StartInput } from './model';
import {
  findBlast,
  findGroup,
  groupMembers,
  hasActiveMessages,
  insertBlastCampaign,
  listBlastCampaigns,
  lockKind,
  markFinished,
  previousBlasts,
  problemMessages,
  statusCounts,
  unfinishedBlasts,
  unknownOutcomeMembers,
} from './repository';

/**
 * Blasts (PRODUCT §6): one message of a kind to every member of a group, written by the server, queued as one
 * outbox row per member (a member left out gets a 'skipped' row saying why), sent by the job queue, and
 * followed through the rows' states. A blast is sent once: repeating a finished one needs `force`, and
 * starting one while the same is still running answers the running one.
 */

const CHANNEL: Record<BlastKind, 'sms' | 'email'> = {
  'invite-sms': 'sms',
  'invite-email': 'email',
  'assignment-sms': 'sms',
  'assignment-email': 'email',
};

const LABEL: Record<BlastKind, string> = {
  'invite-sms': 'invitation SMS',
  'invite-email': 'invitation e-mail',
  'assignment-sms': 'subgroup assignment SMS',
  'assignment-email': 'subgroup assignment e-mail',
};

export const NO_MEMBERS = 'This group has no members yet';
export const NO_SUBGROUPS = 'No member of this group has a subgroup yet: assign subgroups first';
export const NO_UNKNOWN = 'No member of this group has a message of this kind whose outcome is unknown';

type Group = NonNullable<Awaited<ReturnType<typeof findGroup>>>;
type Member = Awaited<ReturnType<typeof groupMembers>>[number];

interface PlanEntry {
  member: Member;
  /** The address, or '' when there is none. */
  to: string;
  skip: SkipReason | null;
}

/** Who gets the blast and who is left out, and why. */
function planBlast(kind: BlastKind, members: Member[]): PlanEntry[] {
  const assignment = kind.startsWith('assignment');
  return members.map((member) => {
    const address = CHANNEL[kind] === 'sms' ? phoneOrReason(member.phone) : emailOrReason(member.email);
    const to = typeof address === 'string' ? address : '';
    let skip: SkipReason | null = null;
    if (assignment && !member.subgroupId) skip = 'no subgroup';
    else if (typeof address !== 'string') skip = CHANNEL[kind] === 'sms' ? 'no phone' : 'no e-mail';
    else if (CHANNEL[kind] === 'sms' && member.optedOut) skip = 'opted out';
    return { member, to, skip };
  });
}

/** The plan for the whole group, or (`unknownOnly`) for the members whose last message of this kind was cut off. */
async function planFor(db: DB, group: Group, kind: BlastKind, unknownOnly: boolean | undefined): Promise<PlanEntry[]> {
  let members = await groupMembers(db, group.id);
  if (unknownOnly) {
    const unknown = await unknownOutcomeMembers(db, group.id, kind);
    members = members.filter((m) => unknown.has(m.userId));
    if (members.length === 0) throw new Invalid(NO_UNKNOWN);
  }
  return planBlast(kind, members);
}

/** Invitations link to the group's isolated module when set, else the chosen one, else SPEC §9's default. */
async function blastModule(deps: AppDeps, group: Group, kind: BlastKind, requested: string | null | undefined) {
  return kind.startsWith('invite') ? moduleFor(deps, group.isolated_module ?? requested) : null;
}

async function requireGroup(db: DB, groupId: string) {
  const group = await findGroup(db, groupId);
  if (!group) throw new NotFound('Group not found');
  return group;
}

// ---- Dry run ------------------------------------------------------------------------------------------

export async function previewBlast(deps: AppDeps, input: PreviewBody) {
  const group = await requireGroup(deps.db, input.groupId);
  const moduleName = await blastModule(deps, group, input.kind, input.moduleName);
  const plan = await planFor(deps.db, group, input.kind, input.unknownOnly);
  const skipped = plan.flatMap((e) => (e.skip ? [{ userFile: e.member.fileName, name: e.member.name, reason: e.skip }] : []));
  const receiving = plan.filter((e) => !e.skip);
  // What it says, as the first recipient would read it (each member's text differs by name and subgroup).
  const [first] = receiving.length > 0 ? await writeMessages(deps, group, input.kind, moduleName, receiving.slice(0, 1)) : [];
  const before = await previousBlasts(deps.db, group.id, input.kind);
  return {
    kind: input.kind,
    total: plan.length,
    recipients: receiving.length,
    receiving: receiving.map((e) => ({ userFile: e.member.fileName, name: e.member.name })),
    text: first ? { name: receiving[0].member.name, subject: first.subject ?? null, body: namedPlaceholders(first.body) } : null,
    skipped,
    alreadySent: before.alreadySent,
    sentAt: before.sentAt?.toISOString() ?? null,
  };
}

// ---- Start --------------------------------------------------------------------------------------------

export type StartResult = { started: StartedAnswer } | { alreadySent: AlreadySent };

/** A running blast of this kind to this group (answered instead of a second one), or the 409 of a finished one. */
async function repeatCheck(
  db: DB,
  group: Group,
  kind: BlastKind,
  force: boolean,
): Promise<{ running: string } | { alreadySent: AlreadySent } | null> {
  for (const c of await unfinishedBlasts(db, group.id, kind)) {
    if (await hasActiveMessages(db, c.id)) return { running: c.id };
    await markFinished(db, c.id);
  }
  if (force) return null;
  const before = await previousBlasts(db, group.id, kind);
  if (before.alreadySent === 0) return null;
  const who = before.alreadySent === 1 ? '1 member' : `${before.alreadySent} members`;
  return {
    alreadySent: {
      error: `The ${LABEL[kind]} already went to ${who} of ${group.name}. Send it again only if you mean to.`,
      alreadySent: before.alreadySent,
      sentAt: before.sentAt?.toISOString() ?? null,
    },
  };
}

async function runningAnswer(db: DB, campaignId: string, kind: BlastKind): Promise<StartResult> {
  const counts = await statusCounts(db, [campaignId]);
  const total = counts.reduce((sum, c) => sum + Number(c.n), 0);
  const skipped = counts.reduce((sum, c) => sum + (c.status === 'skipped' ? Number(c.n) : 0), 0);
  return { started: { campaignId, kind, total, recipients: total - skipped } };
}

export async function startBlast(deps: AppDeps, staff: StaffIdentity | null, input: StartInput): Promise<StartResult> {
  const { kind } = input;
  // Sending to the members whose outcome is unknown is a resend the admin chose knowingly: no 409 for it.
  const force = input.force === true || input.unknownOnly === true;
  const group = await requireGroup(deps.db, input.groupId);
  const moduleName = await blastModule(deps, group, kind, input.moduleName);
  // Checked before the bodies are written (thousands of e-mails take a moment), and again under the lock.
  const early = await repeatCheck(deps.db, group, kind, force);
  if (early && 'running' in early) return runningAnswer(deps.db, early.running, kind);
  if (early) return early;

  const plan = await planFor(deps.db, group, kind, input.unknownOnly);
  if (plan.length === 0) throw new Invalid(NO_MEMBERS);
  if (kind.startsWith('assignment') && plan.every((e) => e.skip === 'no subgroup')) throw new Invalid(NO_SUBGROUPS);
  const messages = await writeMessages(deps, group, kind, moduleName, plan);

  const result = await deps.db.transaction().execute(async (trx) => {
    await lockKind(trx, kind);
    const late = await repeatCheck(trx, group, kind, force);
    if (late && 'running' in late) return runningAnswer(trx, late.running, kind);
    if (late) return late;
    const campaignId = crypto.randomUUID();
    const key = (userId: string) => `${campaignId}/${userId}/${kind}`;
    await insertBlastCampaign(trx, {
      id: campaignId,
      kind,
      groupId: group.id,
      moduleName,
      createdBy: staff?.id ?? null,
      finished: messages.length === 0,
    });
    await deps.outbox.enqueue(
      trx,
      messages.map((m) => ({ ...m, kind, campaignId, uniqueKey: key(m.userId) })),
    );
    await insertSkippedMessages(
      trx,
      plan.flatMap((e) =>
        e.skip
          ? [
              {
                uniqueKey: key(e.member.userId),
                campaignId,
                userId: e.member.userId,
                channel: CHANNEL[kind],
                kind,
                to: e.to,
                reason: e.skip,
              },
            ]
          : [],
      ),
    );
    return { started: { campaignId, kind, total: plan.length, recipients: messages.length } } satisfies StartResult;
  });
  if ('started' in result)
    log.info('blast started', {
      campaignId: result.started.campaignId,
      groupId: group.id,
      kind,
      total: result.started.total,
      queued: messages.length,
      force,
      unknownOnly: input.unknownOnly === true,
    });
  return result;
}

/** The server writes every body (PRODUCT §6); personal links are placeholders filled in at send time. */
async function writeMessages(deps: AppDeps, group: Group, kind: BlastKind, moduleName: string | null, plan: PlanEntry[]) {
  const templates = await loadTemplates(deps.db);
  const out: Array<{ userId: string; channel: 'sms' | 'email'; to: string; subject?: string; body: string; html?: string }> = [];
  for (const { member, to, skip } of plan) {
    if (skip) continue;
    const base = { userId: member.userId, channel: CHANNEL[kind], to };
    if (kind === 'invite-sms') out.push({ ...base, body: inviteSmsText(templates, member.name, moduleName!) });
    else if (kind === 'assignment-sms') out.push({ ...base, body: assignmentText(templates, member, group.name) });
    else {
      const mail =
        kind === 'invite-email'
          ? await inviteEmailMessage(templates, member.name, moduleName!)
          : await assignmentEmailMessage(templates, member, group.name);
      out.push({ ...base, subject: mail.subject, body: mail.text, html: mail.html });
    }
  }
  return out;
}

// ---- Progress -----------------------------------------------------------------------------------------

const STATES: OutboxStatus[] = ['queued', 'sending', 'sent', 'kept', 'delivered', 'undelivered', 'failed', 'skipped', 'unknown'];
const FAILED: OutboxStatus[] = ['failed', 'undelivered', 'unknown'];
const UNKNOWN_ERROR = 'Outcome unknown: the send was cut off (server stopped or crashed); not retried';

/** A skipped row's reason: the blast's own, or the worker's (the number replied STOP after the blast started). */
const skipReason = (lastError: string | null): SkipReason =>
  lastError === 'no phone' || lastError === 'no e-mail' || lastError === 'no subgroup' ? lastError : 'opted out';

type Campaign = NonNullable<Awaited<ReturnType<typeof findBlast>>>;

async function progressOf(db: DB, campaigns: Campaign[]): Promise<BlastProgress[]> {
  const ids = campaigns.map((c) => c.id);
  const [counts, problems] = await Promise.all([statusCounts(db, ids), problemMessages(db, ids, [...FAILED, 'skipped'])]);
  return Promise.all(
    campaigns.map(async (c) => {
      const tally = Object.fromEntries(STATES.map((s) => [s, 0])) as Record<OutboxStatus, number>;
      let retrying = 0;
      for (const row of counts) {
        if (row.campaign_id !== c.id) continue;
        tally[row.status] = Number(row.n);
        retrying += Number(row.retrying);
      }
      const done = tally.queued === 0 && tally.sending === 0;
      let finishedAt = c.finished_at;
      // The time the database stored, not this process's clock: the list read later must say the same.
      if (done && !finishedAt) finishedAt = await markFinished(db, c.id);
      const mine = problems.filter((p) => p.campaign_id === c.id);
      return {
        campaignId: c.id,
        groupId: c.group_id,
        kind: c.kind as BlastKind,
        total: STATES.reduce((sum, s) => sum + tally[s], 0),
        counts: tally,
        done,
        failures: mine
          .filter((p) => p.status !== 'skipped')
          .map((p) => ({
            userFile: p.file_name ?? '',
            name: p.name ?? '',
            error: p.last_error ?? (p.status === 'unknown' ? UNKNOWN_ERROR : 'Not delivered'),
          })),
        skipped: mine
          .filter((p) => p.status === 'skipped')
          .map((p) => ({ userFile: p.file_name ?? '', name: p.name ?? '', reason: skipReason(p.last_error) })),
        retrying,
        startedAt: c.created_at.toISOString(),
        finishedAt: done && finishedAt ? new Date(finishedAt).toISOString() : null,
      };
    }),
  );
}

export async function blastProgress(deps: AppDeps, campaignId: string): Promise<BlastProgress> {
  const campaign = await findBlast(deps.db, campaignId);
  if (!campaign) throw new NotFound('Blast not found');
  const [progress] = await progressOf(deps.db, [campaign]);
  return progress;
}

export const BLASTS_LISTED = 20;

export async function listBlasts(deps: AppDeps, groupId?: string) {
  const campaigns = await listBlastCampaigns(deps.db, { groupId, limit: BLASTS_LISTED });
  return { blasts: await progressOf(deps.db, campaigns) };
}
