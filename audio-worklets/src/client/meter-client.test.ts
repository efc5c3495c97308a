import { afterEach, describe, expect, test } from 'bun:test';
import { METER_PROCESSOR, type LevelMessage } from '../messages.ts';
import { createProcessor } from '../test/fake-worklet-scope.ts';
import { blocks, sine } from '../test/signals.ts';
import { MeterClient } from './meter-client.ts';

await import('../meter-processor.ts');

const channels: MessageChannel[] = [];
afterEach(() => {
  for (const channel of channels.splice(0)) {
    channel.port1.close();
    channel.port2.close();
  }
});

describe('MeterClient with the meter processor', () => {
  test('levels reach the callback until the meter is disabled', async () => {
    const channel = new MessageChannel();
    channels.push(channel);
    const levels: LevelMessage[] = [];
    const client = new MeterClient(
      { port: channel.port1, onprocessorerror: null },
      { onLevel: (level) => levels.push(level), timeoutMs: 1000 },
    );
    const { processor } = createProcessor(METER_PROCESSOR, 24000, { port: channel.port2 });
    const feed = () => {
      for (const block of blocks(sine(24000, 440, 0.5, 2400))) processor.process([[block]], [], {});
    };

    feed();
    expect(await client.setEnabled(false)).toBe(false);
    expect(levels.length).toBe(6);
    expect(levels[5].peak).toBeCloseTo(0.5, 2);
    expect(levels[5].bars).toBeInstanceOf(Float32Array);

    feed();
    expect(await client.setEnabled(true)).toBe(true);
    expect(levels.length).toBe(6);
  });
});
