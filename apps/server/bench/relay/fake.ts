/**
 * The fake OpenAI realtime server of `bench:relay` in its own process (echoes every appended frame as an
 * output audio delta), so its CPU is not charged to the load generator or the relay.
 *
 *   bun apps/server/bench/relay/fake.ts <api key>   → prints `url <ws url>`
 */
import { startFakeRealtime } from '../../src/test/fake-openai-realtime';

const connectDelayMs = Number(process.env.BENCH_UPSTREAM_DELAY_MS ?? 0);
const echoTurnEveryFrames = Number(process.env.BENCH_TURN_EVERY_FRAMES ?? 0);
const fake = startFakeRealtime({ echoAudio: true, echoTurnEveryFrames, autoRespond: false, apiKey: process.argv[2], connectDelayMs });
console.log(`url ${fake.url}`);
process.on('SIGTERM', () => void fake.stop().then(() => process.exit(0)));
