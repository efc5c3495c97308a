import type { Config } from '../config';

export interface SmsProvider {
  /** 'outbox' keeps messages in the outbox only: nothing leaves the server (PRODUCT §2, no Twilio settings). */
  kind: 'twilio' | 'outbox';
  /** Sends one SMS; resolves to the provider's message id, or null when messages are only kept in the outbox. */
  send(message: { to: string; body: string }): Promise<string | null>;
}

export const SMS_STATUS_PATH = '/api/twilio/status';

type Send = SmsProvider['send'];

/**
 * The Twilio SDK (about 4 MB and 40,000 objects of heap) is loaded with the first SMS sent, not with the server:
 * a relay process that never sends one does not carry it through every collection.
 */
export function createSmsProvider(config: Config): SmsProvider {
  const t = config.twilio;
  if (!t) return { kind: 'outbox', send: async () => null };
  // Twilio reports delivered / undelivered here (messages feature, POST /api/twilio/status, signature checked).
  const statusCallback = `${config.publicUrl}${SMS_STATUS_PATH}`;
  let sender: Promise<Send> | null = null;
  return {
    kind: 'twilio',
    async send(message) {
      sender ??= import('./sms-twilio').then((m) => m.twilioSender(t, statusCallback));
      return (await sender)(message);
    },
  };
}
