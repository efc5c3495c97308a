import { describe, expect, jest, test } from 'bun:test';
import { EVENT_TIMEOUT_MS } from '@hearth/protocol/audio';
import type { PlaybackInbound, PlaybackOutbound } from '../messages.ts';
import { type EventOf, type PortLike, PortRpc } from './port-rpc.ts';

/** Stands in for a node's MessagePort: records what the client posts; `answer` plays the processor replying. */
class FakePort implements PortLike {
  readonly sent: { message: Record<string, unknown>; transfer: Transferable[] }[] = [];
  onmessage: ((event: MessageEvent) => unknown) | null = null;

  postMessage(message: unknown, transfer: Transferable[]): void {
    this.sent.push({ message: message as Record<string, unknown>, transfer });
  }

  answer(data: PlaybackOutbound): void {
    this.onmessage?.({ data } as MessageEvent);
  }
}

function setup(timeoutMs?: number) {
  const port = new FakePort();
  const events: EventOf<PlaybackOutbound>[] = [];
  const rpc = new PortRpc<PlaybackInbound, PlaybackOutbound>(port, (event) => events.push(event), timeoutMs);
  return { port, events, rpc };
}

describe('PortRpc', () => {
  test('a request nobody answers rejects after the timeout with a clear message', async () => {
    const { port, rpc, events } = setup(20);
    const started = performance.now();
    await expect(rpc.request('interrupt', {})).rejects.toThrow("Audio worklet did not answer 'interrupt' within 20 ms");
    expect(performance.now() - started).toBeGreaterThanOrEqual(15);
    expect(rpc.pendingCount).toBe(0);

    port.answer({ type: 'reply', id: 1, request: 'interrupt', itemId: 'a', sampleCount: 5, silentFromS: 0 });
    expect(events).toEqual([]);
  });

  test('by default the timeout is EVENT_TIMEOUT_MS (5 s)', async () => {
    jest.useFakeTimers();
    try {
      const { rpc } = setup();
      let outcome = 'pending';
      const request = rpc.request('interrupt', {}).catch((error: Error) => (outcome = error.message));
      jest.advanceTimersByTime(EVENT_TIMEOUT_MS - 1);
      await Promise.resolve();
      expect(outcome).toBe('pending');
      jest.advanceTimersByTime(1);
      await request;
      expect(outcome).toBe("Audio worklet did not answer 'interrupt' within 5000 ms");
    } finally {
      jest.useRealTimers();
    }
  });

  test('replies resolve the request with the same id, whatever their order', async () => {
    const { port, rpc } = setup(1000);
    const first = rpc.request('samples-played', { itemId: 'a' });
    const second = rpc.request('interrupt', {});
    expect(port.sent.map((s) => s.message)).toEqual([
      { type: 'samples-played', id: 1, itemId: 'a' },
      { type: 'interrupt', id: 2 },
    ]);
    port.answer({ type: 'reply', id: 2, request: 'interrupt', itemId: 'b', sampleCount: 480, silentFromS: 0 });
    port.answer({ type: 'reply', id: 1, request: 'samples-played', itemId: 'a', sampleCount: 96 });
    expect((await second).sampleCount).toBe(480);
    expect((await first).sampleCount).toBe(96);
    expect(rpc.pendingCount).toBe(0);
  });

  test('an error answer rejects with the worklet message', async () => {
    const { port, rpc } = setup(1000);
    const request = rpc.request('interrupt', {});
    port.answer({ type: 'error', id: 1, message: 'queue is gone' });
    await expect(request).rejects.toThrow("Audio worklet refused 'interrupt': queue is gone");
  });

  test('messages that are not replies go to the event callback; sends carry their transfer list', () => {
    const { port, rpc, events } = setup(1000);
    port.answer({ type: 'item-started', itemId: 'a', startedAtS: 0.5 });
    expect(events).toEqual([{ type: 'item-started', itemId: 'a', startedAtS: 0.5 }]);
    const buffer = new ArrayBuffer(4);
    rpc.send({ type: 'append', itemId: 'a', buffer }, [buffer]);
    expect(port.sent[0].transfer).toEqual([buffer]);
  });

  test('failAll and close reject what is waiting; after close requests reject at once', async () => {
    const { rpc, port } = setup(1000);
    const waiting = rpc.request('interrupt', {});
    rpc.failAll(new Error('processor crashed'));
    await expect(waiting).rejects.toThrow('processor crashed');
    const another = rpc.request('interrupt', {});
    rpc.close(new Error('closed'));
    await expect(another).rejects.toThrow('closed');
    await expect(rpc.request('interrupt', {})).rejects.toThrow('closed');
    expect(port.onmessage).toBeNull();
  });
});
