import twilio from 'twilio';
import type RequestClient from 'twilio/lib/base/RequestClient';
import type { Config } from '../config';
import { SendError } from './send-error';

const SEND_TIMEOUT_MS = 20_000;

/** Sends through the Twilio SDK (loaded lazily by createSmsProvider). */
export function twilioSender(t: NonNullable<Config['twilio']>, statusCallback: string) {
  // Returns SmsProvider['send'] (sms.ts, which imports this module lazily, checks that).
  const client = twilio(t.accountSid, t.authToken, {
    httpClient: t.apiUrl ? new ApiUrlRequestClient(t.apiUrl) : new twilio.RequestClient({ timeout: SEND_TIMEOUT_MS }),
  });
  return async ({ to, body }: { to: string; body: string }): Promise<string> => {
    try {
      const message = await client.messages.create({ to, from: t.from, body, statusCallback });
      return message.sid;
    } catch (err) {
      throw twilioSendError(err);
    }
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
