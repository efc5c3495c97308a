import type { Config } from '../config';

export interface SmsProvider {
  kind: 'twilio' | 'outbox';
  /** Sends one SMS; resolves to the provider's message id, or null when messages are only kept in the outbox. */
  send(message: { to: string; body: string }): Promise<string | null>;
}

export function createSmsProvider(_config: Config): SmsProvider {
  return { kind: 'outbox', send: async () => null };
}
