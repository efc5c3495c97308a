import { afterEach, describe, expect, test } from 'bun:test';
import { FRAME_BYTES, RENDER_QUANTUM } from '@hearth/protocol/audio';
import { CAPTURE_PROCESSOR, type LevelMessage } from '../messages.ts';
import { createProcessor } from '../test/fake-worklet-scope.ts';
import { blocks, sine } from '../test/signals.ts';
import { CaptureClient } from './capture-client.ts';

await import('../capture-processor.ts');

const channels: MessageChannel[] = [];
afterEach(() => {
  for (const channel of channels.splice(0)) {
    channel.port1.close();
    channel.port2.close();
  }
});

describe('CaptureClient with the capture processor', () => {
  test('frames arrive as 960-byte PCM16 buffers and go back to the worklet pool after the callback', async () => {
    const channel = new MessageChannel();
    channels.push(channel);
    const frames: Int16Array[] = [];
    const levels: LevelMessage[] = [];
    const client = new CaptureClient(
      { port: channel.port1, onprocessorerror: null },
      {
        onFrame: (frame) => {
          expect(frame.byteLength).toBe(FRAME_BYTES);
          frames.push(new Int16Array(frame.slice(0)));
        },
        onLevel: (level) => levels.push(level),
        timeoutMs: 1000,
      },
    );
    const { processor } = createProcessor(CAPTURE_PROCESSOR, 48000, {
      port: channel.port2,
      processorOptions: { poolSize: 4 },
    });

    let quanta = 0;
    for (const block of blocks(sine(48000, 440, 0.5, 48000), RENDER_QUANTUM)) {
      processor.process([[block]], [], {});
      // Let the main thread keep up every 10 quanta (26 ms), as it would in a browser.
      if (++quanta % 10 === 0) await client.setMuted(false);
    }
    await client.setMuted(false);

    expect(frames.length).toBeGreaterThanOrEqual(49);
    expect(levels.length).toBe(60);
    const pool = (processor as unknown as { pool: { allocatedCount: number } }).pool;
    expect(pool.allocatedCount).toBe(4);
  });

  test('routeFrames: frames go to the given port (the socket worker) and no longer to onFrame', async () => {
    const channel = new MessageChannel();
    const route = new MessageChannel();
    channels.push(channel, route);
    const onMain: ArrayBuffer[] = [];
    const routed: number[] = [];
    route.port2.onmessage = (event: MessageEvent<{ type: string; sequence: number }>) => routed.push(event.data.sequence);
    const client = new CaptureClient(
      { port: channel.port1, onprocessorerror: null },
      { onFrame: (frame) => onMain.push(frame), timeoutMs: 1000 },
    );
    const { processor } = createProcessor(CAPTURE_PROCESSOR, 24000, { port: channel.port2 });
    client.routeFrames(route.port1);
    // A request answered means the route, sent before it on the same port, has been taken.
    await client.setMuted(false);
    for (const block of blocks(sine(24000, 440, 0.5, 4800), RENDER_QUANTUM)) processor.process([[block]], [], {});
    await Bun.sleep(20);
    expect(routed).toEqual([...Array(10).keys()]);
    expect(onMain).toEqual([]);
  });

  test('setMuted resolves with the processor state; close stops the processor', async () => {
    const channel = new MessageChannel();
    channels.push(channel);
    const client = new CaptureClient({ port: channel.port1, onprocessorerror: null }, { timeoutMs: 1000 });
    const { processor } = createProcessor(CAPTURE_PROCESSOR, 24000, { port: channel.port2 });
    expect(await client.setMuted(true)).toBe(true);
    client.close();
    await expect(client.setMuted(false)).rejects.toThrow('Audio capture is closed');
    await Bun.sleep(5);
    expect(processor.process([[new Float32Array(128)]], [], {})).toBe(false);
  });
});
