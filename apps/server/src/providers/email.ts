import type { Config } from '../config';

export interface EmailProvider {
  kind: 'smtp' | 'outbox';
  /** Sends one e-mail; resolves to the provider's message id, or null when e-mails are only kept in the outbox. */
  send(message: { to: string; subject: string; text: string; html?: string | null }): Promise<string | null>;
}

export function createEmailProvider(_config: Config): EmailProvider {
  return { kind: 'outbox', send: async () => null };
}
