import twilio from 'twilio';
import type RequestClient from 'twilio/lib/base/RequestClient';
import type { Config } from '../config';

export interface SmsProvider {
  /** 'outbox' keeps messages in the outbox only: nothing leaves the server (PRODUCT §2, no Twilio settings). */
  kind: 'twilio' | 'outbox';
  /** Sends one SMS; resolves to the provider's message id, or null when messages are only kept in the outbox. */
  send(message: { to: string; body: string }): Promise<string | null>;
}

/**
 * A provider refused or could not take a message. `summary` is short and safe to store and log: codes and
 * statuses only, never the provider's message text (Twilio's quotes the phone number).
 */
export class SendError extends Error {
  constructor(
    public summary: string,
    /** Worth another attempt later (provider down, rate limited, network); false for a refusal. */
    public retryable: boolean,
  ) {
    super(summary);
  }
}

const SEND_TIMEOUT_MS = 20_000;
export const SMS_STATUS_PATH = '/api/twilio/status';

export function createSmsProvider(config: Config): SmsProvider {
  const t = config.twilio;
  if (!t) return { kind: 'outbox', send: async () => null };
  const client = twilio(t.accountSid, t.authToken, {
    httpClient: t.apiUrl ? new ApiUrlRequestClient(t.apiUrl) : new twilio.RequestClient({ timeout: SEND_TIMEOUT_MS }),
  });
  // Twilio reports delivered / undelivered here (messages feature, POST /api/twilio/status, signature checked).
  const statusCallback = `${config.publicUrl}${SMS_STATUS_PATH}`;
  return {
    kind: 'twilio',
    async send({ to, body }) {
      try {
        const message = await client.messages.create({ to, from: t.from, body, statusCallback });
        return message.sid;
      } catch (err) {
        throw twilioSendError(err);
      }
    },
  };
}

/** The SDK has no base-URL option: this client sends every request to TWILIO_API_URL instead (tests, proxies). */
class ApiUrlRequestClient extends twilio.RequestClient {
  constructor(private apiUrl: string) {
    super({ timeout: SEND_TIMEOUT_MS });
  }

  override request<TData>(opts: RequestClient.RequestOptions<TData>) {
    const original = new URL(opts.uri);
    const target = `${this.apiUrl.replace(/\/+$/, '')}${original.pathname}${original.search}`;
    return super.request<TData>({ ...opts, uri: target });
  }
}

// 4xx is a refusal (invalid number, unsubscribed recipient, bad credentials): retrying only repeats it.
function twilioSendError(err: unknown): SendError {
  const e = err as { status?: number; code?: number | string };
  if (typeof e.status === 'number') {
    const code = typeof e.code === 'number' ? ` ${e.code}` : '';
    const retryable = e.status === 429 || e.status >= 500;
    return new SendError(`Twilio error${code} (HTTP ${e.status})`, retryable);
  }
  // No HTTP answer: network trouble or a timeout (axios codes such as ECONNREFUSED, ECONNABORTED).
  const code = typeof e.code === 'string' && /^[A-Z_]{3,30}$/.test(e.code) ? ` (${e.code})` : '';
  return new SendError(`Twilio could not be reached${code}`, true);
}
