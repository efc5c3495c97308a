import type { Transporter } from 'nodemailer';
import type { Config } from '../config';
import { SendError } from './send-error';

export interface EmailProvider {
  /** 'outbox' keeps e-mails in the outbox only: nothing leaves the server (PRODUCT §2, no SMTP_URL). */
  kind: 'smtp' | 'outbox';
  /** Sends one e-mail; resolves to the provider's message id, or null when e-mails are only kept in the outbox. */
  send(message: { to: string; subject: string; text: string; html?: string | null }): Promise<string | null>;
}

/** nodemailer (about 2 MB of heap) is loaded with the first e-mail sent, not with the server (see sms.ts). */
export function createEmailProvider(config: Config): EmailProvider {
  const { smtpUrl } = config;
  if (!smtpUrl) return { kind: 'outbox', send: async () => null };
  let transporter: Promise<Transporter> | null = null;
  return {
    kind: 'smtp',
    async send({ to, subject, text, html }) {
      transporter ??= import('nodemailer').then(({ default: nodemailer }) =>
        nodemailer.createTransport({ url: smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 }),
      );
      const transport = await transporter;
      try {
        const info = await transport.sendMail({ from: config.mailFrom, to, subject, text, html: html ?? undefined });
        return info.messageId ?? null;
      } catch (err) {
        throw smtpSendError(err);
      }
    },
  };
}

// A 5xx reply is a refusal (unknown mailbox, rejected content); 4xx and connection trouble are temporary.
// Only codes go into the summary: SMTP replies often quote the address.
function smtpSendError(err: unknown): SendError {
  const e = err as { responseCode?: number; code?: string };
  if (typeof e.responseCode === 'number') {
    return new SendError(`SMTP error ${e.responseCode}`, e.responseCode < 500);
  }
  const code = typeof e.code === 'string' && /^[A-Z_]{3,30}$/.test(e.code) ? e.code : 'unknown';
  // A rejected login or a malformed message will not get better by itself.
  return new SendError(`SMTP error (${code})`, code !== 'EAUTH' && code !== 'EMESSAGE' && code !== 'EENVELOPE');
}
