import { afterEach, describe, expect, test } from 'bun:test';
import { RENDER_QUANTUM } from '@hearth/protocol/audio';
import { PLAYBACK_PROCESSOR } from '../messages.ts';
import { floatToPcm16, pcm16ToBase64 } from '../pcm.ts';
import { createProcessor } from '../test/fake-worklet-scope.ts';
import { peak, sine } from '../test/signals.ts';
import { PlaybackClient } from './playback-client.ts';
import type { WorkletNodeLike } from './worklet-node.ts';

await import('../playback-processor.ts');

const channels: MessageChannel[] = [];
afterEach(() => {
  for (const channel of channels.splice(0)) {
    channel.port1.close();
    channel.port2.close();
  }
});

/** A playback processor and its client joined by a real MessageChannel, as the node's port would join them. */
function connected(callbacks: ConstructorParameters<typeof PlaybackClient>[1] = {}) {
  const channel = new MessageChannel();
  channels.push(channel);
  const node: WorkletNodeLike = { port: channel.port1, onprocessorerror: null };
  const client = new PlaybackClient(node, { timeoutMs: 1000, ...callbacks });
  const { processor } = createProcessor(PLAYBACK_PROCESSOR, 24000, { port: channel.port2 });
  const render = (quanta: number) => {
    const out = new Float32Array(quanta * RENDER_QUANTUM);
    for (let q = 0; q < quanta; q++) {
      processor.process([], [[out.subarray(q * RENDER_QUANTUM, (q + 1) * RENDER_QUANTUM)]], {});
    }
    return out;
  };
  return { client, node, render };
}

function pcm16(samples: Float32Array): Int16Array {
  const out = new Int16Array(samples.length);
  floatToPcm16(samples, out);
  return out;
}

describe('PlaybackClient with the playback processor', () => {
  test('base64 deltas play; interrupt resolves with the item, samples played and audio_end_ms; then silence', async () => {
    const started: string[] = [];
    const { client, render } = connected({ onItemStarted: (itemId) => started.push(itemId) });
    client.appendBase64('item-1', pcm16ToBase64(pcm16(sine(24000, 440, 0.5, 24000))));
    await client.samplesPlayed('item-1'); // replies come in order, so the delta has arrived

    expect(peak(render(10))).toBeCloseTo(0.5, 2);
    expect(await client.interrupt()).toEqual({
      itemId: 'item-1',
      sampleCount: 1280,
      audioEndMs: 53,
      silentFromS: 1280 / 24000,
    });
    expect(render(2).every((v) => v === 0)).toBe(true);
    expect(started).toEqual(['item-1']);
  });

  test('a processor error rejects the waiting request and reaches onError', async () => {
    const errors: Error[] = [];
    const { client, node } = connected({ onError: (error) => errors.push(error) });
    const waiting = client.samplesPlayed('x');
    node.onprocessorerror?.({ message: 'boom' } as ErrorEvent);
    await expect(waiting).rejects.toThrow("Audio worklet 'hearth-playback' stopped after an error: boom");
    expect(errors.map((e) => e.message)).toEqual(["Audio worklet 'hearth-playback' stopped after an error: boom"]);
  });

  test('a whole buffer is transferred; a view into a larger buffer is copied and the caller keeps it', async () => {
    const { client, render } = connected();
    const whole = pcm16(sine(24000, 440, 0.5, 480));
    client.append('a', whole);
    expect(whole.buffer.byteLength).toBe(0);

    const backing = pcm16(sine(24000, 440, 0.5, 960));
    client.append('a', backing.subarray(480));
    expect(backing.length).toBe(960);
    expect(await client.samplesPlayed('a')).toBe(0);
    render(8);
    expect(await client.samplesPlayed('a')).toBe(960);
  });

  test('after close, requests reject at once', async () => {
    const { client } = connected();
    client.close();
    await expect(client.interrupt()).rejects.toThrow('Audio playback is closed');
  });
});
