import type { HearthTurnTiming } from '@hearth/protocol';

/** One turn as the relay timed it, on the wall clock (epoch milliseconds). */
export interface RelayTimes {
  turnEndedMs: number;
  receivedMs: number;
  sentMs: number;
}

export type PageShares = Pick<HearthTurnTiming, 'captureMs' | 'socketMs' | 'playbackMs'>;

export interface TurnPart {
  name: 'browser.capture' | 'browser.socket' | 'provider' | 'relay' | 'browser.playback';
  startMs: number;
  endMs: number;
  attributes?: Record<string, boolean>;
}

export interface TurnLayout {
  root: { startMs: number; endMs: number };
  parts: TurnPart[];
}

/**
 * Where a turn's spans sit. The relay's two are placed where its clock saw them. The page's shares come as
 * durations (its clock is not ours), so they are laid end to end around them: capture, then the socket's round
 * trip (its up and down legs together, an estimate), before the provider; playback after the relay sent the first
 * audio. So the parts never overlap and add up to the root, from the end of speech to the first sample played.
 */
export function layoutTurn(relay: RelayTimes, page: PageShares | null): TurnLayout {
  const parts: TurnPart[] = [];
  if (page) {
    const socketStartMs = relay.turnEndedMs - page.socketMs;
    parts.push(
      { name: 'browser.capture', startMs: socketStartMs - page.captureMs, endMs: socketStartMs, attributes: { 'hearth.estimated': true } },
      { name: 'browser.socket', startMs: socketStartMs, endMs: relay.turnEndedMs, attributes: { 'hearth.estimated': true } },
    );
  }
  parts.push(
    { name: 'provider', startMs: relay.turnEndedMs, endMs: relay.receivedMs },
    { name: 'relay', startMs: relay.receivedMs, endMs: relay.sentMs },
  );
  if (page) parts.push({ name: 'browser.playback', startMs: relay.sentMs, endMs: relay.sentMs + page.playbackMs });
  return { root: { startMs: parts[0].startMs, endMs: parts[parts.length - 1].endMs }, parts };
}
