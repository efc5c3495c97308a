import { type Insertable, sql } from 'kysely';
import type { DB } from '@hearth/db/client';
import type { OutboxStatus, OutboxTable } from '@hearth/db/schema';

/**
 * Kinds whose body is written from what a person said in a chat (post-chat recap, tagline, reminder): the body
 * is cleared once the message is sent or has finally failed (PRODUCT §7); the row keeps kind, state and times.
 * Defined here, where the SQL that clears them is, and offered to other features through outbox.ts.
 */
export const PRIVATE_BODY_KINDS = ['recap', 'tagline', 'reminder'];

// Set on a row that reaches a final state: a post-chat message's body (and html) is dropped then.
const clearPrivateBody = {
  body: sql<string>`case when outbox.kind in (${sql.join(PRIVATE_BODY_KINDS)}) then '' else outbox.body end`,
  html: sql<string | null>`case when outbox.kind in (${sql.join(PRIVATE_BODY_KINDS)}) then null else outbox.html end`,
};

/**
 * Takes queued messages for one attempt each: only one worker can, and only while they are queued. In the same
 * statement (round trips matter on a blast): each recipient's name, and whether the number is opted out (by
 * the user's own flag, or by any user holding that number: a STOP is about the phone).
 */
export async function claimMessages(db: DB, ids: number[], instanceId: string) {
  if (ids.length === 0) return [];
  return db
    .updateTable('outbox')
    .set((eb) => ({ status: 'sending', attempts: eb('attempts', '+', 1), locked_by: instanceId, locked_at: sql<Date>`now()` }))
    .where('id', 'in', ids)
    .where('status', '=', 'queued')
    .returningAll()
    .returning([
      sql<string | null>`(select u.name from users u where u.id = outbox.user_id)`.as('user_name'),
      // Two EXISTS, not one with OR: each can use its index (phone, primary key) instead of scanning users.
      sql<boolean>`outbox.channel = 'sms' and (
        exists (select 1 from users u where u.phone_number = outbox.to_address and u.sms_opt_out)
        or exists (select 1 from users u where u.id = outbox.user_id and u.sms_opt_out))`.as('opted_out'),
    ])
    .execute();
}

/**
 * Records the end of an attempt. Only a message still 'sending' is touched, so a late answer cannot
 * overwrite what another attempt recorded.
 */
export async function recordAttempt(
  db: DB,
  id: number,
  result: { status: OutboxStatus; provider?: string | null; providerMessageId?: string | null; lastError?: string | null },
) {
  return db
    .updateTable('outbox')
    .set({
      status: result.status,
      ...(result.provider !== undefined ? { provider: result.provider } : {}),
      provider_message_id: result.providerMessageId ?? null,
      last_error: result.lastError ?? null,
      locked_by: null,
      ...(result.status === 'sent' ? { sent_at: sql<Date>`now()` } : {}),
      // Kept in the outbox: nothing left, so no sent_at; when it was kept is its status time.
      ...(result.status === 'kept' ? { status_at: sql<Date>`now()` } : {}),
      ...(result.status === 'queued' ? {} : clearPrivateBody),
    })
    .where('id', '=', id)
    .where('status', '=', 'sending')
    .returning('campaign_id')
    .executeTakeFirst();
}

/** Claimed messages handed back before anything was sent (their attempt does not count). */
export async function releaseClaims(db: DB, ids: number[], instanceId: string) {
  if (ids.length === 0) return;
  await db
    .updateTable('outbox')
    .set((eb) => ({ status: 'queued', attempts: eb('attempts', '-', 1), locked_by: null, locked_at: null }))
    .where('id', 'in', ids)
    .where('status', '=', 'sending')
    .where('locked_by', '=', instanceId)
    .execute();
}

/** Messages found 'sending' when a new attempt starts: the earlier attempt was cut off mid-send. */
export async function markInterrupted(db: DB, ids: number[], lastError: string) {
  if (ids.length === 0) return [];
  return db
    .updateTable('outbox')
    .set({ status: 'unknown', last_error: lastError, locked_by: null, ...clearPrivateBody })
    .where('id', 'in', ids)
    .where('status', '=', 'sending')
    .returning(['id', 'campaign_id'])
    .execute();
}

/**
 * Messages left 'sending' by a server that is gone become 'unknown' (they may or may not have left; never
 * retried). `anyOwner`: every send not of `instanceId` is dead (PGlite: one process per database). Otherwise a
 * send is dead when no connection named `liveInstancePrefix` + its instance id is open (the instance is gone), or
 * when it has been sending for longer than `staleSeconds` (a live instance that hangs).
 */
export async function markDeadSendsUnknown(
  db: DB,
  opts: { instanceId: string; anyOwner: boolean; liveInstancePrefix: string; staleSeconds: number; lastError: string },
) {
  const prefixLength = opts.liveInstancePrefix.length;
  return db
    .updateTable('outbox')
    .set({ status: 'unknown', last_error: opts.lastError, locked_by: null, ...clearPrivateBody })
    .where('status', '=', 'sending')
    .where((eb) =>
      eb.or([
        eb('locked_at', 'is', null),
        eb('locked_by', 'is', null),
        eb('locked_at', '<', sql<Date>`now() - make_interval(secs => ${opts.staleSeconds})`),
        ...(opts.anyOwner
          ? [eb('locked_by', '<>', opts.instanceId)]
          : [
              eb.and([
                eb('locked_by', '<>', opts.instanceId),
                sql<boolean>`outbox.locked_by not in (select substr(a.application_name, ${prefixLength + 1})
                  from pg_stat_activity a where a.application_name like ${`${opts.liveInstancePrefix}%`})`,
              ]),
            ]),
      ]),
    )
    .returning(['id', 'campaign_id'])
    .execute();
}

/** Marks the campaign finished once none of its messages is queued or sending (idempotent). */
export async function finishCampaignIfDone(db: DB, campaignId: string) {
  await db
    .updateTable('campaigns')
    .set({ finished_at: sql<Date>`now()` })
    .where('id', '=', campaignId)
    .where('finished_at', 'is', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('outbox')
            .select('outbox.id')
            .where('outbox.campaign_id', '=', campaignId)
            .where('outbox.status', 'in', ['queued', 'sending']),
        ),
      ),
    )
    .execute();
}

/**
 * Twilio's delivery report for the message it knows as `sid`. Only a sent message moves (to delivered or
 * undelivered); a report about one already reported, failed or unknown to us changes nothing.
 */
export async function applyDeliveryStatus(db: DB, sid: string, status: 'delivered' | 'undelivered', lastError: string | null) {
  const rows = await db
    .updateTable('outbox')
    .set({ status, last_error: lastError, status_at: sql<Date>`now()` })
    .where('provider_message_id', '=', sid)
    .where('provider', '=', 'twilio')
    .where('status', 'in', ['sent', 'unknown'])
    .returning('id')
    .execute();
  return rows.length;
}

export interface MessageFilter {
  id?: number;
  status?: OutboxStatus;
  kind?: string;
  groupId?: string;
  campaignId?: string;
  userId?: string;
}

function filtered(db: DB, f: MessageFilter) {
  let q = db.selectFrom('outbox').leftJoin('campaigns', 'campaigns.id', 'outbox.campaign_id');
  if (f.id !== undefined) q = q.where('outbox.id', '=', f.id);
  if (f.status) q = q.where('outbox.status', '=', f.status);
  if (f.kind) q = q.where('outbox.kind', '=', f.kind);
  if (f.groupId) q = q.where('campaigns.group_id', '=', f.groupId);
  if (f.campaignId) q = q.where('outbox.campaign_id', '=', f.campaignId);
  if (f.userId) q = q.where('outbox.user_id', '=', f.userId);
  return q;
}

/** Newest first: a page by offset (the admin table) or older than `beforeId` (a cursor). */
export async function listMessages(db: DB, opts: MessageFilter & { limit: number; beforeId?: number; offset?: number }) {
  let q = filtered(db, opts)
    .leftJoin('users', 'users.id', 'outbox.user_id')
    .leftJoin('groups', 'groups.id', 'campaigns.group_id')
    .select([
      'outbox.id',
      'outbox.channel',
      'outbox.to_address',
      'outbox.kind',
      'outbox.status',
      'outbox.created_at',
      'outbox.sent_at',
      'outbox.status_at',
      'outbox.attempts',
      'outbox.last_error',
      'outbox.provider',
      'outbox.provider_message_id',
      'outbox.campaign_id',
      'outbox.user_id',
      'users.name as user_name',
      'campaigns.group_id',
      'groups.name as group_name',
    ])
    .orderBy('outbox.id', 'desc')
    .limit(opts.limit);
  if (opts.beforeId !== undefined) q = q.where('outbox.id', '<', opts.beforeId);
  if (opts.offset) q = q.offset(opts.offset);
  return q.execute();
}

/** What one message said (subject and text; the html is the same text dressed), for an admin to read. */
export async function messageText(db: DB, id: number) {
  return db.selectFrom('outbox').select(['subject', 'body']).where('id', '=', id).executeTakeFirst();
}

export async function countMessages(db: DB, f: MessageFilter): Promise<number> {
  const row = await filtered(db, f)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** STOP / START from a phone: every user with that number. Returns how many users changed. */
export async function setSmsOptOut(db: DB, phone: string, optOut: boolean): Promise<number> {
  const rows = await db
    .updateTable('users')
    .set({ sms_opt_out: optOut })
    .where('phone_number', '=', phone)
    .where('sms_opt_out', '=', !optOut)
    .returning('id')
    .execute();
  return rows.length;
}

/** Personal-link tokens (their SHA-256 only) issued for a batch of messages at send time. */
export async function insertLinkTokens(db: DB, tokens: Array<{ tokenHash: string; userId: string; moduleName: string }>) {
  if (tokens.length === 0) return;
  await db
    .insertInto('user_link_tokens')
    .values(tokens.map((t) => ({ token_hash: t.tokenHash, user_id: t.userId, module_name: t.moduleName })))
    .execute();
  await markInvited(db, [...new Set(tokens.map((t) => t.userId))]);
}

/** The funnel's first step (PRODUCT §11): the first personal link issued; never moved once set. */
export async function markInvited(db: DB, userIds: string[]) {
  if (userIds.length === 0) return;
  await db
    .updateTable('users')
    .set({ invited_at: sql`coalesce(invited_at, now())` })
    .where('id', 'in', userIds)
    .where('invited_at', 'is', null)
    .execute();
}

/** Groups that have had messages (through their blasts and notices), by name: the Messages view's group filter. */
export async function groupsWithMessages(db: DB) {
  return db
    .selectFrom('groups')
    .select(['groups.id', 'groups.name'])
    .where(({ exists, selectFrom }) =>
      exists(selectFrom('campaigns').select('campaigns.id').whereRef('campaigns.group_id', '=', 'groups.id')),
    )
    .orderBy('groups.name')
    .orderBy('groups.id')
    .execute();
}

/**
 * The sweeper behind the clearing at send time (PRODUCT §7): post-chat bodies of messages that reached a final
 * state some other way (skipped when queued, or written before bodies were cleared). Returns how many.
 */
export async function clearSettledPrivateBodies(db: DB): Promise<number> {
  const rows = await db
    .updateTable('outbox')
    .set({ body: '', html: null })
    .where('kind', 'in', PRIVATE_BODY_KINDS)
    .where('status', 'not in', ['queued', 'sending'])
    .where((eb) => eb.or([eb('body', '<>', ''), eb('html', 'is not', null)]))
    .returning('id')
    .execute();
  return rows.length;
}

// ---- The outbox's writes and reads (outbox.ts, the feature's public surface, speaks in messages) ----------

/** Rows per INSERT: a blast to thousands stays far below PostgreSQL's 65,535 parameters per statement. */
const INSERT_CHUNK = 500;
const chunks = <T>(items: T[]) =>
  Array.from({ length: Math.ceil(items.length / INSERT_CHUNK) }, (_, i) => items.slice(i * INSERT_CHUNK, (i + 1) * INSERT_CHUNK));

/** Inserts outbox rows; a unique key that exists already is skipped. Returns the new rows' ids and keys. */
export async function insertOutboxRowsWithKeys(db: DB, rows: Array<Insertable<OutboxTable>>) {
  const inserted: Array<{ id: number; unique_key: string }> = [];
  for (const chunk of chunks(rows)) {
    inserted.push(
      ...(await db
        .insertInto('outbox')
        .values(chunk)
        .onConflict((oc) => oc.column('unique_key').doNothing())
        .returning(['id', 'unique_key'])
        .execute()),
    );
  }
  return inserted;
}

export async function outboxRowsByIds(db: DB, ids: number[]) {
  return db
    .selectFrom('outbox')
    .select(['id', 'user_id', 'channel', 'status', 'attempts', 'last_error', 'provider'])
    .where('id', 'in', ids)
    .execute();
}

/** Held until the transaction ends: one check-then-insert per kind at a time, across server instances. */
export async function lockOutboxKind(trx: DB, kind: string) {
  await sql`select pg_advisory_xact_lock(hashtext('hearth.outbox'), hashtext(${kind}))`.execute(trx);
}

/**
 * The users' messages of `kind` that are in flight (queued or sending, from the last day) or were sent or
 * skipped in the last `windowSeconds`, newest first.
 */
export async function recentMessagesOfKind(trx: DB, kind: string, userIds: string[], windowSeconds: number) {
  return trx
    .selectFrom('outbox')
    .select(['id', 'user_id', 'to_address', 'subject', 'body'])
    .where('kind', '=', kind)
    .where('user_id', 'in', userIds)
    .where((eb) =>
      eb.or([
        eb.and([eb('status', 'in', ['queued', 'sending']), eb('created_at', '>', sql<Date>`now() - interval '1 day'`)]),
        eb.and([
          eb('status', 'in', ['sent', 'kept', 'delivered', 'undelivered', 'skipped', 'unknown']),
          eb('created_at', '>', sql<Date>`now() - make_interval(secs => ${windowSeconds})`),
        ]),
      ]),
    )
    .orderBy('id', 'desc')
    .execute();
}

export async function insertCampaign(trx: DB, c: { id: string; kind: string; groupId: string | null; createdBy: string | null }) {
  await trx.insertInto('campaigns').values({ id: c.id, kind: c.kind, group_id: c.groupId, created_by: c.createdBy }).execute();
}

export async function campaignMessageIds(trx: DB, campaignId: string) {
  return trx.selectFrom('outbox').select(['id', 'user_id']).where('campaign_id', '=', campaignId).execute();
}
