import { Elysia } from 'elysia';
import twilio from 'twilio';
import type { AppDeps } from '../../deps';
import { normalizePhone } from '../../lib/phone';
import { log } from '../../log';
import { authPlugin } from '../../plugins/auth';
import { badRequest, forbidden } from '../../plugins/errors';
import { DEFAULT_MESSAGES_LIMIT, messagesQuery } from './model';
import { listMessages } from './repository';
import { handleInboundSms } from './service';

const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';

/**
 * The outbox for admins and Twilio's inbound webhook.
 * GET /api/messages answers `[{ id, channel, to, kind, status, createdAt, sentAt, attempts, lastError,
 * provider, providerMessageId, campaignId, userId, retrying }]`, newest first. `status` is queued |
 * sending | sent | failed | skipped; `retrying` marks a queued message whose last attempt failed and that
 * will be tried again. `provider: "outbox"` with status sent means the message was kept here and went to
 * nobody (no TWILIO_* / SMTP_URL configured).
 */
export const messagesRoutes = (deps: AppDeps) =>
  new Elysia({ prefix: '/api' })
    .use(authPlugin(deps))
    .get(
      '/messages',
      async ({ query }) => {
        const rows = await listMessages(deps.db, {
          limit: query.limit ?? DEFAULT_MESSAGES_LIMIT,
          status: query.status,
          beforeId: query.before,
        });
        return rows.map((r) => ({
          id: r.id,
          channel: r.channel,
          to: r.to_address,
          kind: r.kind,
          status: r.status,
          createdAt: r.created_at,
          sentAt: r.sent_at,
          attempts: r.attempts,
          lastError: r.last_error,
          provider: r.provider,
          providerMessageId: r.provider_message_id,
          campaignId: r.campaign_id,
          userId: r.user_id,
          retrying: r.status === 'queued' && r.attempts > 0,
        }));
      },
      { auth: 'admin', query: messagesQuery },
    )
    // Twilio's inbound SMS webhook: no session; the X-Twilio-Signature over PUBLIC_URL + path is the proof.
    .post('/twilio/inbound', async ({ request, body }) => {
      const authToken = deps.config.twilio?.authToken;
      if (!authToken) throw forbidden('Inbound SMS needs TWILIO_AUTH_TOKEN to check the signature');
      const params = formParams(body);
      const signature = request.headers.get('x-twilio-signature') ?? '';
      const { pathname, search } = new URL(request.url);
      const url = `${deps.config.publicUrl}${pathname}${search}`;
      if (!params || !signature || !twilio.validateRequest(authToken, signature, url, params)) {
        log.warn('inbound sms refused: bad signature');
        throw forbidden('Invalid Twilio signature');
      }
      const from = phoneOrNull(params.From);
      if (!from) throw badRequest('From is not a phone number');
      await handleInboundSms(deps, from, params.Body ?? '');
      return new Response(EMPTY_TWIML, { headers: { 'content-type': 'text/xml; charset=utf-8' } });
    });

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
