import { SMTPServer } from 'smtp-server';

/**
 * An SMTP server on 127.0.0.1 for tests that accepts every mail (no TLS, no auth) and records it, with
 * the text and HTML parts decoded. It can be told to refuse the next mails with an SMTP reply code.
 */

export interface SinkMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  raw: string;
}

export interface SmtpSink {
  /** For SMTP_URL. */
  url: string;
  mails: SinkMail[];
  /** The next `count` mails are refused at DATA with this reply code (4xx temporary, 5xx permanent). */
  refuseNext(responseCode: number, count?: number): void;
  waitForMails(count: number, timeoutMs?: number): Promise<SinkMail[]>;
  reset(): void;
  stop(): Promise<void>;
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const refusals: number[] = [];
  const waiters: Array<{ count: number; resolve: () => void }> = [];
  const mails: SinkMail[] = [];

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const code = refusals.shift();
        if (code) {
          const err = Object.assign(new Error(code >= 500 ? 'Mailbox unavailable' : 'Try again later'), { responseCode: code });
          return callback(err);
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        const parsed = parseMail(raw);
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          ...parsed,
          raw,
        });
        for (const w of waiters.splice(0)) {
          if (mails.length >= w.count) w.resolve();
          else waiters.push(w);
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as { port: number }).port;

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    refuseNext(responseCode, count = 1) {
      for (let i = 0; i < count; i++) refusals.push(responseCode);
    },
    waitForMails(count, timeoutMs = 10_000) {
      if (mails.length >= count) return Promise.resolve(mails);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`SMTP sink got ${mails.length} of ${count} mails`)), timeoutMs);
        waiters.push({ count, resolve: () => (clearTimeout(timer), resolve(mails)) });
      });
    },
    reset() {
      mails.length = 0;
      refusals.length = 0;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// ---- A small MIME reader: enough for what nodemailer writes (multipart, quoted-printable, base64) -------

function splitHeaders(part: string): { headers: Map<string, string>; body: string } {
  const at = part.search(/\r?\n\r?\n/);
  const head = at < 0 ? part : part.slice(0, at);
  const body = at < 0 ? '' : part.slice(at).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) headers.set(line.slice(0, i).trim().toLowerCase(), line.slice(i + 1).trim());
  }
  return { headers, body };
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch ((encoding ?? '').toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    case 'quoted-printable': {
      const text = body.replace(/=\r?\n/g, '');
      const bytes: number[] = [];
      for (let i = 0; i < text.length; i++) {
        const hex = text[i] === '=' ? text.slice(i + 1, i + 3) : '';
        if (/^[0-9A-F]{2}$/i.test(hex)) {
          bytes.push(parseInt(hex, 16));
          i += 2;
        } else {
          bytes.push(...Buffer.from(text[i], 'utf8'));
        }
      }
      return Buffer.from(bytes).toString('utf8');
    }
    default:
      return body;
  }
}

/** RFC 2047 encoded words in headers (=?UTF-8?Q?...?= / =?UTF-8?B?...?=). */
function decodeHeader(value: string): string {
  return value.replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=\s*/g, (_, _charset, kind: string, text: string) =>
    kind.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeBody(text.replace(/_/g, ' '), 'quoted-printable'),
  );
}

function parseMail(raw: string): { subject: string; text: string; html: string } {
  const out = { subject: '', text: '', html: '' };
  const { headers } = splitHeaders(raw);
  out.subject = decodeHeader(headers.get('subject') ?? '');
  const walk = (part: string) => {
    const { headers: h, body } = splitHeaders(part);
    const type = h.get('content-type') ?? 'text/plain';
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (type.toLowerCase().startsWith('multipart/') && boundary) {
      for (const child of body.split(`--${boundary}`).slice(1)) {
        if (child.startsWith('--')) break;
        walk(child.replace(/^\r?\n/, ''));
      }
      return;
    }
    const decoded = decodeBody(body, h.get('content-transfer-encoding'));
    if (type.toLowerCase().startsWith('text/html')) out.html += decoded;
    else if (type.toLowerCase().startsWith('text/plain')) out.text += decoded;
  };
  walk(raw);
  return out;
}
