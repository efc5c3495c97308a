/**
 * A fake Twilio REST API on 127.0.0.1 for tests: the Messages resource the SDK calls
 * (POST /2010-04-01/Accounts/{sid}/Messages.json, form-encoded, HTTP Basic auth), answering like Twilio.
 * It records what it accepted and can be told to answer the next requests with a Twilio error.
 */

export interface FakeTwilioMessage {
  sid: string;
  accountSid: string;
  to: string;
  from: string;
  body: string;
  /** The StatusCallback URL sent with the message, if any. */
  statusCallback: string | null;
}

export interface TwilioErrorReply {
  status: number;
  code: number;
  message?: string;
}

export interface FakeTwilio {
  /** Base URL for TWILIO_API_URL. */
  url: string;
  accountSid: string;
  authToken: string;
  messages: FakeTwilioMessage[];
  /** Every Messages.json request, accepted or not. */
  requests: number;
  /** The next `count` message requests get this error instead of being accepted. */
  failNext(error: TwilioErrorReply, count?: number): void;
  /** Every message request waits this long before it is answered (0: at once), like a slow provider. */
  setDelay(ms: number): void;
  /** Resolves once `count` messages have been accepted in total (or rejects after `timeoutMs`). */
  waitForMessages(count: number, timeoutMs?: number): Promise<FakeTwilioMessage[]>;
  reset(): void;
  stop(): Promise<void>;
}

const MESSAGES_PATH = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/;

export function startFakeTwilio(opts: { accountSid?: string; authToken?: string } = {}): FakeTwilio {
  const accountSid = opts.accountSid ?? `AC${'0123456789abcdef'.repeat(2)}`;
  const authToken = opts.authToken ?? 'fake-twilio-auth-token';
  const failures: TwilioErrorReply[] = [];
  const waiters: Array<{ count: number; resolve: () => void }> = [];
  let counter = 0;
  let delayMs = 0;

  const fake: FakeTwilio = {
    url: '',
    accountSid,
    authToken,
    messages: [],
    requests: 0,
    failNext(error, count = 1) {
      for (let i = 0; i < count; i++) failures.push(error);
    },
    waitForMessages(count, timeoutMs = 10_000) {
      if (fake.messages.length >= count) return Promise.resolve(fake.messages);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`fake Twilio got ${fake.messages.length} of ${count} messages`)), timeoutMs);
        waiters.push({ count, resolve: () => (clearTimeout(timer), resolve(fake.messages)) });
      });
    },
    setDelay(ms) {
      delayMs = ms;
    },
    reset() {
      fake.messages.length = 0;
      fake.requests = 0;
      failures.length = 0;
      delayMs = 0;
    },
    stop: async () => {
      await server.stop(true);
    },
  };

  const errorReply = (e: TwilioErrorReply) =>
    Response.json(
      { code: e.code, message: e.message ?? 'Error', more_info: `https://www.twilio.com/docs/errors/${e.code}`, status: e.status },
      { status: e.status },
    );

  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    async fetch(req) {
      const { pathname } = new URL(req.url);
      // For a fake run in its own process (benchmarks): what it took so far.
      if (pathname === '/__stats' && req.method === 'GET')
        return Response.json({ requests: fake.requests, accepted: fake.messages.length });
      const match = MESSAGES_PATH.exec(pathname);
      if (!match || req.method !== 'POST') return errorReply({ status: 404, code: 20404, message: 'The requested resource was not found' });
      fake.requests++;
      const expected = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
      if (req.headers.get('authorization') !== expected || match[1] !== accountSid) {
        return errorReply({ status: 401, code: 20003, message: 'Authenticate' });
      }
      if (!req.headers.get('content-type')?.startsWith('application/x-www-form-urlencoded')) {
        return errorReply({ status: 400, code: 20001, message: 'Expected a form-encoded body' });
      }
      const form = new URLSearchParams(await req.text());
      if (delayMs > 0) await Bun.sleep(delayMs);
      const to = form.get('To');
      const from = form.get('From');
      const body = form.get('Body');
      if (!to) return errorReply({ status: 400, code: 21604, message: "A 'To' phone number is required." });
      if (!from) return errorReply({ status: 400, code: 21603, message: "A 'From' phone number is required." });
      if (!body) return errorReply({ status: 400, code: 21602, message: 'Message body is required.' });
      const failure = failures.shift();
      if (failure) return errorReply(failure);

      const sid = `SM${(++counter).toString(16).padStart(32, '0')}`;
      fake.messages.push({ sid, accountSid, to, from, body, statusCallback: form.get('StatusCallback') });
      for (const w of waiters.splice(0)) {
        if (fake.messages.length >= w.count) w.resolve();
        else waiters.push(w);
      }
      const now = new Date().toUTCString();
      return Response.json(
        {
          sid,
          account_sid: accountSid,
          to,
          from,
          body,
          status: 'queued',
          direction: 'outbound-api',
          num_segments: '1',
          date_created: now,
          date_updated: now,
          date_sent: null,
          api_version: '2010-04-01',
          uri: `/2010-04-01/Accounts/${accountSid}/Messages/${sid}.json`,
        },
        { status: 201 },
      );
    },
  });
  fake.url = `http://127.0.0.1:${server.port}`;
  return fake;
}

// `bun apps/server/src/test/fake-twilio.ts`: the fake in a process of its own; prints its URL and credentials as JSON.
if (import.meta.main) {
  const fake = startFakeTwilio();
  console.log(JSON.stringify({ url: fake.url, accountSid: fake.accountSid, authToken: fake.authToken }));
}
