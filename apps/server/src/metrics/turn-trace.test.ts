import { describe, expect, test } from 'bun:test';
import type { HearthTurnTrace } from '@hearth/protocol';
import { checkClientEvent } from '../realtime/client-events';
import { layoutTurn } from './turn-layout';
import { TurnTraces } from './turn-trace';

const relay = { turnEndedMs: 10_000, receivedMs: 10_610, sentMs: 10_612 };

describe('layoutTurn', () => {
  test('the page’s shares are laid end to end around the relay’s, from the end of speech to the first sample', () => {
    const layout = layoutTurn(relay, { captureMs: 3, socketMs: 37, playbackMs: 25 });
    expect(layout.parts.map(({ name, startMs, endMs }) => [name, startMs, endMs])).toEqual([
      ['browser.capture', 9960, 9963],
      ['browser.socket', 9963, 10_000],
      ['provider', 10_000, 10_610],
      ['relay', 10_610, 10_612],
      ['browser.playback', 10_612, 10_637],
    ]);
    expect(layout.root).toEqual({ startMs: 9960, endMs: 10_637 });
  });

  test('without the page’s shares: the relay’s spans alone', () => {
    const layout = layoutTurn(relay, null);
    expect(layout.parts.map((part) => part.name)).toEqual(['provider', 'relay']);
    expect(layout.root).toEqual({ startMs: 10_000, endMs: 10_612 });
  });
});

describe('TurnTraces', () => {
  const session = (sent: HearthTurnTrace[]) => ({
    page: 'console',
    modules: { moduleName: 'Get to Know You', promptName: 'welcome', version: 2 },
    sendClient: (event: HearthTurnTrace) => sent.push(event),
  });

  test('export off: the page still hears the relay’s shares, and is not asked for its own', () => {
    const sent: HearthTurnTrace[] = [];
    const traces = TurnTraces.forSession(session(sent), () => 'local', undefined);
    traces.relayed({ turnId: 'item_1', turnEndedAt: 100, receivedAt: 712.34, sentAt: 713.5 });
    expect(sent).toEqual([
      { type: 'hearth.turn_trace', turnId: 'item_1', relayMs: 1.2, providerMs: 612.3, promptName: 'welcome', version: 2, report: false },
    ]);
  });

  test('export on: a turn the page reports goes out with its shares, one it never reports without them', async () => {
    const sent: HearthTurnTrace[] = [];
    const exported: { names: string[]; reported: boolean }[] = [];
    const traces = new TurnTraces(
      { send: (e) => sent.push(e), step: () => ({ sequence: 's', prompt: 'p', version: 1 }), page: 'member', provider: () => 'openai' },
      {
        reportWaitMs: 30,
        exportTurn: (layout, attributes) =>
          exported.push({ names: layout.parts.map((p) => p.name), reported: attributes['hearth.browser.reported'] }),
      },
    );
    traces.relayed({ turnId: 'a', turnEndedAt: 100, receivedAt: 700, sentAt: 701 });
    traces.relayed({ turnId: 'b', turnEndedAt: 900, receivedAt: 1500, sentAt: 1501 });
    expect(sent.every((event) => event.report)).toBe(true);
    traces.pageReported({ type: 'hearth.turn_timing', turnId: 'a', captureMs: 3, socketMs: 30, playbackMs: 20 });
    // A second report of the same turn, or of one never traced, changes nothing.
    traces.pageReported({ type: 'hearth.turn_timing', turnId: 'a', captureMs: 3, socketMs: 30, playbackMs: 20 });
    traces.pageReported({ type: 'hearth.turn_timing', turnId: 'zzz', captureMs: 3, socketMs: 30, playbackMs: 20 });
    expect(exported).toEqual([{ names: ['browser.capture', 'browser.socket', 'provider', 'relay', 'browser.playback'], reported: true }]);
    await Bun.sleep(60);
    expect(exported[1]).toEqual({ names: ['provider', 'relay'], reported: false });
    expect(exported).toHaveLength(2);
  });
});

describe('hearth.turn_timing from a page', () => {
  test('numbers in range are taken; anything else is accepted as an empty report (ignored), never closing the socket', () => {
    const good = { type: 'hearth.turn_timing' as const, turnId: 'item_1', captureMs: 3, socketMs: 40, playbackMs: 25 };
    expect(checkClientEvent({ ...good, extra: 'x' }, { staff: false })).toEqual({ ok: true, event: good });
    for (const bad of [{ captureMs: -1 }, { socketMs: 1e9 }, { playbackMs: 'x' }, { turnId: 42 }, { turnId: 'x'.repeat(200) }]) {
      const check = checkClientEvent({ ...good, ...bad }, { staff: false });
      expect(check).toEqual({ ok: true, event: { type: 'hearth.turn_timing', turnId: '', captureMs: 0, socketMs: 0, playbackMs: 0 } });
    }
  });
});
