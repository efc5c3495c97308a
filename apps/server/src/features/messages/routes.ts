import { Elysia } from 'elysia';
// The SDK's webhook module only: the whole SDK is loaded with the first SMS sent (providers/sms.ts).
import { validateRequest } from 'twilio/lib/webhooks/webhooks';
import type { AppDeps } from '../../deps';
import { normalizePhone } from '../users/phone';
import { log } from '../../log';
import { authPlugin } from '../../plugins/auth';
import { badRequest, errorResponses, forbidden } from '../../plugins/errors';
import { NotFound } from '../../errors';
import { namedPlaceholders } from './outbox';
import { DEFAULT_MESSAGES_LIMIT, messageDetail, messageParams, messagesAnswer, messagesQuery, type MessageView } from './model';
import { countMessages, groupsWithMessages, listMessages, messageText, PRIVATE_BODY_KINDS } from './repository';
import { handleDeliveryStatus, handleInboundSms } from './service';

const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';

/**
 * The outbox for admins and Twilio's webhooks.
 * GET /api/messages answers `[{ id, channel, to, kind, status, createdAt, sentAt, statusAt, attempts, lastError,
 * provider, providerMessageId, campaignId, userId, name, groupId, groupName, retrying }]`, newest first (never a
 * body). Filters: `status`, `kind`, `groupId` (the campaign's group), `campaignId`; `limit` + `before` page by id.
 * With `page` (and `pageSize`, default 100) it answers `{ messages, total, groups }` for that page instead, `groups`
 * being `[{ id, name }]` of the groups that have had messages (for a filter).
 * `status`: queued | sending | sent | kept | delivered | undelivered | failed | skipped | unknown. `unknown`: the send was
 * cut off by a stop or crash and is never retried (it may have arrived); `delivered`/`undelivered`: Twilio's
 * delivery report. `retrying` marks a queued message whose last attempt failed and that will be tried again.
 * `kept`: handled by the outbox-only provider (no SMS / e-mail provider configured): it went to nobody.
 * GET /api/messages/{id} answers one message in that shape plus `{ subject, body, bodyNote }`: what it said (links
 * shown as "[personal link to <module>]"), or `body: null` and `bodyNote` saying why the text is not kept
 * (post-chat texts are cleared once sent, PRODUCT §7).
 */
export const messagesRoutes = (deps: AppDeps) =>
  new Elysia({ prefix: '/api' })
    .use(authPlugin(deps))
    .get(
      '/messages',
      async ({ query }) => {
        const filter = { status: query.status, kind: query.kind, groupId: query.groupId, campaignId: query.campaignId };
        if (query.page === undefined) {
          const rows = await listMessages(deps.db, { ...filter, limit: query.limit ?? DEFAULT_MESSAGES_LIMIT, beforeId: query.before });
          return rows.map(messageView);
        }
        const pageSize = query.pageSize ?? query.limit ?? DEFAULT_MESSAGES_LIMIT;
        const [rows, total, groups] = await Promise.all([
          listMessages(deps.db, { ...filter, limit: pageSize, offset: (query.page - 1) * pageSize, beforeId: query.before }),
          countMessages(deps.db, filter),
          groupsWithMessages(deps.db),
        ]);
        return { messages: rows.map(messageView), total, groups };
      },
      { auth: 'admin', query: messagesQuery, response: { 200: messagesAnswer, ...errorResponses } },
    )
    .get(
      '/messages/:id',
      async ({ params }) => {
        const [[row], text] = await Promise.all([listMessages(deps.db, { id: params.id, limit: 1 }), messageText(deps.db, params.id)]);
        if (!row || !text) throw new NotFound('Message not found');
        return { ...messageView(row), ...readable(row, text) };
      },
      { auth: 'admin', params: messageParams, response: { 200: messageDetail, ...errorResponses } },
    )
    // Twilio's inbound SMS webhook: no session; the X-Twilio-Signature over PUBLIC_URL + path is the proof.
    // STOP/START first; any other reply may answer the sender's open "did you meet?" question (meetings/replies.ts).
    // It answers TwiML (a Response, which Elysia never checks), so only its `{ error }` answers have schemas.
    .post(
      '/twilio/inbound',
      async ({ request, body }) => {
        const params = signedTwilioParams(deps, request, body, 'inbound sms');
        const from = phoneOrNull(params.From);
        if (!from) throw badRequest('From is not a phone number');
        await handleInboundSms(deps, from, params.Body ?? '');
        return new Response(EMPTY_TWIML, { headers: { 'content-type': 'text/xml; charset=utf-8' } });
      },
      { response: errorResponses },
    )
    // Twilio's delivery status callback (the StatusCallback sent with each SMS): delivered / undelivered.
    // An empty 204 on success; only its `{ error }` answers have schemas.
    .post(
      '/twilio/status',
      async ({ request, body }) => {
        const params = signedTwilioParams(deps, request, body, 'sms status');
        const sid = params.MessageSid ?? params.SmsSid;
        if (!sid || !/^[A-Z]{2}[0-9a-f]{32}$/.test(sid)) throw badRequest('MessageSid is missing or malformed');
        await handleDeliveryStatus(deps, sid, params.MessageStatus ?? params.SmsStatus ?? '', params.ErrorCode);
        return new Response(null, { status: 204 });
      },
      { response: errorResponses },
    );

type MessageRow = Awaited<ReturnType<typeof listMessages>>[number];

const messageView = (r: MessageRow): MessageView => ({
  id: r.id,
  channel: r.channel,
  to: r.to_address,
  kind: r.kind,
  status: r.status,
  createdAt: r.created_at,
  sentAt: r.sent_at,
  statusAt: r.status_at,
  attempts: r.attempts,
  lastError: r.last_error,
  provider: r.provider,
  providerMessageId: r.provider_message_id,
  campaignId: r.campaign_id,
  userId: r.user_id,
  name: r.user_name,
  groupId: r.group_id,
  groupName: r.group_name,
  retrying: r.status === 'queued' && r.attempts > 0,
});

/** The text as an admin may read it: the personal link's placeholder named, never filled with a token. */
function readable(row: MessageRow, text: { subject: string | null; body: string }) {
  if (text.body !== '') {
    return { subject: text.subject, body: namedPlaceholders(text.body), bodyNote: null };
  }
  const bodyNote = PRIVATE_BODY_KINDS.includes(row.kind)
    ? 'The text is no longer kept: a post-chat message is cleared once it is sent or has finally failed (privacy).'
    : row.status === 'skipped'
      ? 'No text was written: this member was skipped.'
      : 'No text is kept for this message.';
  return { subject: text.subject, body: null, bodyNote };
}

/** The posted form when X-Twilio-Signature proves Twilio sent it to PUBLIC_URL + this path; else 403. */
function signedTwilioParams(deps: AppDeps, request: Request, body: unknown, what: string): Record<string, string> {
  const authToken = deps.config.twilio?.authToken;
  if (!authToken) throw forbidden('Twilio webhooks need TWILIO_AUTH_TOKEN to check the signature');
  const params = formParams(body);
  const signature = request.headers.get('x-twilio-signature') ?? '';
  const { pathname, search } = new URL(request.url);
  const url = `${deps.config.publicUrl}${pathname}${search}`;
  if (!params || !signature || !validateRequest(authToken, signature, url, params)) {
    log.warn(`${what} refused: bad signature`);
    throw forbidden('Invalid Twilio signature');
  }
  return params;
}

/** The form fields Twilio posted, as strings (what the signature covers), or null for anything else. */
function formParams(body: unknown): Record<string, string> | null {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return null;
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(body)) {
    if (typeof v !== 'string') return null;
    out[k] = v;
  }
  return out;
}

function phoneOrNull(value: string | undefined): string | null {
  try {
    return normalizePhone(value);
  } catch {
    return null;
  }
}
