import type { ClientChannel } from './session-types';

/** Events a page that was away does not need replayed: audio and the streaming deltas whose `.done` follows. */
export function isReplayable(type: string): boolean {
  return !type.endsWith('.delta');
}

/** At most this many events wait for a page that dropped; the oldest go first (their `.done`s matter most). */
export const MAX_MISSED_EVENTS = 200;

/**
 * The session's link to its page (PRODUCT §4, issue 10): the /ws socket it currently talks to, or none while
 * the page is away after a dropped connection. Meanwhile the events the page will want are kept (bounded, audio
 * excepted) and a grace timer runs; `attach` hands them to the reconnected socket, `expired` fires if none came.
 */
export class ClientLink {
  private channel: ClientChannel | null;
  private missed: string[] = [];
  private graceTimer: ReturnType<typeof setTimeout> | null = null;
  private finished = false;

  constructor(
    channel: ClientChannel,
    readonly graceMs: number,
    private readonly expired: () => void,
  ) {
    this.channel = channel;
  }

  /** A page is listening. */
  get attached(): boolean {
    return this.channel !== null && !this.finished;
  }

  /** Output audio: to the page if one listens, else dropped (never replayed). The hot path down. */
  sendAudio(text: string) {
    const channel = this.channel;
    if (channel !== null) channel.send(text);
  }

  /** The page dropped and may come back: events are kept for it. */
  get waiting(): boolean {
    return this.channel === null && !this.finished;
  }

  is(channel: ClientChannel): boolean {
    return this.channel === channel;
  }

  /** `type` decides whether a waiting page gets the event later. */
  send(text: string, type: string) {
    if (this.finished) return;
    if (this.channel) return this.channel.send(text);
    if (!isReplayable(type)) return;
    this.missed.push(text);
    if (this.missed.length > MAX_MISSED_EVENTS) this.missed.shift();
  }

  /** The page's socket dropped without a deliberate end: wait for it for the grace period. */
  detach() {
    if (this.finished || !this.channel) return;
    this.channel = null;
    this.graceTimer = setTimeout(() => {
      this.graceTimer = null;
      if (this.waiting) this.expired();
    }, this.graceMs);
  }

  /**
   * A reconnected socket takes over: the previous one, if the server still thinks it open, is closed (4006)
   * without ending anything. Returns the events kept meanwhile, in order.
   */
  attach(channel: ClientChannel, closePrevious: (previous: ClientChannel) => void): string[] {
    if (this.graceTimer) clearTimeout(this.graceTimer);
    this.graceTimer = null;
    const previous = this.channel;
    this.channel = channel;
    if (previous && previous !== channel) closePrevious(previous);
    const missed = this.missed;
    this.missed = [];
    return missed;
  }

  /** The session is over: nothing more is sent or kept; the page's socket is closed with `code` if open. */
  finish(close?: [number, string]) {
    if (this.graceTimer) clearTimeout(this.graceTimer);
    this.graceTimer = null;
    const channel = this.channel;
    this.finished = true;
    this.channel = null;
    this.missed = [];
    if (channel && close) channel.close(...close);
  }
}
