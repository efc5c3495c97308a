/**
 * `bun run bench:revocation`: how long a withdrawn sign-in takes to end a voice session held by another instance
 * (PRODUCT §3: within 2 s). Two instances on one database (PostgreSQL with DATABASE_URL, else PGlite shared
 * in-process); a user's session is live on A, the admin revokes the user's links on B, and the time until A's
 * socket closed is measured. Modes: notification plus the 1 s poll (as shipped), and the poll alone (as if every
 * notification were lost).
 *
 *   BENCH_ROUNDS=20   revocations per mode
 */
import { startTwoInstances } from '../src/realtime/live-fixture';
import { connectTo, KEY } from '../src/realtime/relay-fixture';
import { startFakeRealtime } from '../src/test/fake-openai-realtime';

process.env.TZ = 'UTC';
process.env.LOG_LEVEL ??= 'silent';

const rounds = Number(process.env.BENCH_ROUNDS ?? 20);
const fake = startFakeRealtime({ apiKey: KEY, autoRespond: false });

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

async function measure(mode: string, listen: boolean) {
  const two = await startTwoInstances(fake, {}, { a: { listen } });
  const admin = await two.ctx.staffCookie('admin');
  const times: number[] = [];
  try {
    for (let i = 0; i < rounds; i++) {
      const user = await two.ctx.createUser(`Bench ${i}`);
      const { client, upstream } = await connectTo(fake, two.a.wsUrl, await two.ctx.userCookie(user.id), '?page=user');
      // Spread the revocations over the poll's phase.
      await Bun.sleep(Math.random() * 1000);
      const started = performance.now();
      await two.b.request('POST', '/api/revoke-user-links', { cookie: admin, body: { userFile: user.fileName } });
      const close = await client.closed;
      times.push(performance.now() - started);
      if (close.code !== 4003) throw new Error(`unexpected close ${close.code} ${close.reason}`);
      await upstream.closed;
    }
  } finally {
    await two.stop();
  }
  const sorted = times.toSorted((a, b) => a - b);
  console.log(
    `${mode.padEnd(24)} rounds ${rounds}  median ${quantile(sorted, 0.5).toFixed(0)} ms  p90 ${quantile(sorted, 0.9).toFixed(0)} ms  max ${sorted.at(-1)!.toFixed(0)} ms`,
  );
}

console.log(`revocation → session closed on the other instance (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite, in-process'})`);
await measure('notify + 1 s poll', true);
await measure('poll only', false);
await fake.stop();
process.exit(0);
