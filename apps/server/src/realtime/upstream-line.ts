import type { HearthContinued, RealtimeClientEvent, RealtimeSessionConfig } from '@hearth/protocol';
import { log } from '../log';
import type { Upstream, UpstreamEvent, UpstreamFactory, UpstreamHandlers } from './upstream';

/**
 * A voice session's line to its provider, outliving any one upstream session (issue 23): the VoiceSession talks
 * to this `Upstream` and never learns which provider session serves it.
 * - The provider ends its session (an `error` with a code of SESSION_ENDING_CODES, or the socket closing or failing
 *   after the session opened): a replacement is opened and configured (`renewal`), tried RETRY_DELAYS_MS.length
 *   times with backoff, then the line gives up (`onFailure`).
 * - From `capMs - rotateBeforeMs` after a session opened, a replacement is opened and configured in the background
 *   while the old one still serves, and takes over at the next turn boundary (`boundary()`); a rotation that
 *   cannot be prepared is tried again, and if no boundary comes before the cap, the first case takes over.
 */

/**
 * Error codes after which the provider's session is over. The GA API documents most errors as recoverable (the
 * session stays open); the one it ends a session with is the duration cap. Any other end shows as the socket
 * closing, which is handled as `connection_lost`.
 */
export const SESSION_ENDING_CODES: ReadonlySet<string> = new Set(['session_expired']);

/** Waits before each attempt to replace an ended session: three attempts within about 15 s (connects included). */
export const RETRY_DELAYS_MS: readonly number[] = [0, 1_000, 3_000];
/** A replacement that has not opened by then is given up and the next attempt made (a connect that hangs). */
export const OPEN_TIMEOUT_MS = 3_500;

export type RenewCause = HearthContinued['cause'];

export interface LineTiming {
  /** The provider's cap on one session; 0: no rotation. */
  capMs: number;
  /** 0: no rotation (a session is renewed only once the provider ended it). */
  rotateBeforeMs: number;
  retryDelaysMs?: readonly number[];
  openTimeoutMs?: number;
}

export interface LineHooks extends UpstreamHandlers {
  /** The serving session ended (`session_expired`, `connection_lost`): whatever it was doing is cut. */
  onCut(cause: RenewCause): void;
  /** The session.update that configures a replacement, with the conversation carried over. */
  renewal(cause: RenewCause): Promise<RealtimeSessionConfig>;
  /** A replacement serves now. */
  onRenewed(cause: RenewCause): void;
  /** No response, tool or speech of the member in progress: a rotation may switch now. */
  atTurnBoundary(): boolean;
}

/** One provider session and where it stands. */
interface Leg {
  upstream: Upstream;
  cause: RenewCause | null;
  attempt: number;
  startedAt: number;
  /** Serving (events reach the session); before that, its events are the line's own (configuration). */
  serving: boolean;
  /** Configured and waiting for a turn boundary (rotation only). */
  ready: boolean;
  configSent: boolean;
  /** When a rotation's replacement was configured (it then waits for a boundary). */
  readyAt?: number;
  openTimer?: ReturnType<typeof setTimeout>;
}

export class UpstreamLine implements Upstream {
  readonly kind: Upstream['kind'];
  /** The model of every session on this line (one factory makes them all): what the session may be sent. */
  readonly model: Upstream['model'];
  /** Bumped at each switch: work begun for an earlier session (a tool call) knows its session is gone. */
  generation = 0;
  private current: Leg;
  /** A replacement being opened or waiting for a boundary. */
  private next: Leg | null = null;
  private rotateTimer: ReturnType<typeof setTimeout> | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private closed = false;
  /** The first session opened: from then on an end is renewed rather than final. */
  private opened = false;
  private readonly delays: readonly number[];

  constructor(
    private readonly create: UpstreamFactory,
    private readonly hooks: LineHooks,
    private readonly timing: LineTiming,
    private readonly sessionId: string,
  ) {
    this.delays = timing.retryDelaysMs ?? RETRY_DELAYS_MS;
    this.current = this.open(null, 0);
    this.current.serving = true;
    this.kind = this.current.upstream.kind;
    this.model = this.current.upstream.model;
  }

  send(event: RealtimeClientEvent): void {
    if (!this.closed) this.current.upstream.send(event);
  }

  appendAudio(frame: string, audio: string): void {
    this.current.upstream.appendAudio(frame, audio);
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.clearTimers();
    this.current.upstream.close();
    if (this.next) this.dropNext();
  }

  private dropNext() {
    clearTimeout(this.next?.openTimer);
    this.next?.upstream.close();
    this.next = null;
  }

  /** The session reached a turn boundary: a prepared rotation switches now. */
  boundary() {
    const next = this.next;
    if (next?.ready && !this.closed && this.hooks.atTurnBoundary()) this.switchTo(next);
  }

  private open(cause: RenewCause | null, attempt: number): Leg {
    const leg = { cause, attempt, startedAt: performance.now(), serving: false, ready: false, configSent: false } as Leg;
    leg.upstream = this.create(this.handlersFor(leg));
    if (cause !== null) {
      leg.openTimer = setTimeout(() => {
        if (leg !== this.next || leg.configSent) return;
        leg.upstream.close();
        this.legFailed(leg);
      }, this.timing.openTimeoutMs ?? OPEN_TIMEOUT_MS);
    }
    return leg;
  }

  private handlersFor(leg: Leg): UpstreamHandlers {
    return {
      onOpen: () => {
        clearTimeout(leg.openTimer);
        if (this.closed) return;
        if (leg.cause === null) {
          this.hooks.onOpen();
          this.armRotation();
        } else void this.configure(leg);
      },
      onEvent: (event, raw) => {
        if (this.closed) return;
        if (!leg.serving) return this.configuring(leg, event);
        if (leg !== this.current) return;
        const code = event.type === 'error' ? (event.error as { code?: unknown } | undefined)?.code : undefined;
        if (typeof code === 'string' && SESSION_ENDING_CODES.has(code)) return this.cut('session_expired');
        this.hooks.onEvent(event, raw);
      },
      onAudio: (raw) => {
        if (leg.serving && leg === this.current && !this.closed) this.hooks.onAudio(raw);
      },
      onFailure: (reason) => {
        if (this.closed) return;
        // The first session never opened: there is no conversation to go on from (a refused key, no service).
        if (!this.opened) return this.hooks.onFailure(reason);
        if (leg === this.current && leg.serving) return this.cut('connection_lost');
        if (leg === this.next) this.legFailed(leg);
      },
    };
  }

  private armRotation() {
    this.opened = true;
    if (this.rotateTimer) clearTimeout(this.rotateTimer);
    this.rotateTimer = null;
    if (this.timing.capMs <= 0 || this.timing.rotateBeforeMs <= 0) return;
    const delayMs = Math.max(0, this.timing.capMs - this.timing.rotateBeforeMs);
    this.rotateTimer = setTimeout(() => {
      this.rotateTimer = null;
      this.prepareRotation(1);
    }, delayMs);
  }

  private prepareRotation(attempt: number) {
    if (this.closed || this.next) return;
    this.next = this.open('rotation', attempt);
  }

  /** A replacement opened: its configuration, carried-over conversation included, goes first. */
  private async configure(leg: Leg) {
    const session = await this.hooks.renewal(leg.cause!);
    if (this.closed || leg !== this.next) return;
    leg.upstream.send({ type: 'session.update', session });
    leg.configSent = true;
    // After an end, every moment counts: the replacement serves at once (the socket keeps the order, so its
    // configuration is applied before anything the session sends next). A rotation waits until it is configured.
    if (leg.cause !== 'rotation') this.switchTo(leg);
  }

  private configuring(leg: Leg, event: UpstreamEvent) {
    if (leg.cause !== 'rotation' || !leg.configSent || leg !== this.next) return;
    if (event.type === 'session.updated') {
      leg.ready = true;
      leg.readyAt = performance.now();
      this.boundary();
    } else if (event.type === 'error') {
      log.warn('voice upstream rotation refused', { sessionId: this.sessionId, attempt: leg.attempt });
      leg.upstream.close();
      this.legFailed(leg);
    }
  }

  /** The serving session ended: a prepared replacement takes over at once, else one is opened. */
  private cut(cause: RenewCause) {
    this.current.upstream.close();
    this.current.serving = false;
    if (this.rotateTimer) clearTimeout(this.rotateTimer);
    this.rotateTimer = null;
    this.hooks.onCut(cause);
    const next = this.next;
    if (next?.ready) {
      next.cause = cause;
      return this.switchTo(next);
    }
    this.dropNext();
    this.retry(cause, 1);
  }

  private retry(cause: RenewCause, attempt: number) {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(
      () => {
        this.retryTimer = null;
        if (!this.closed && !this.next) this.next = this.open(cause, attempt);
      },
      this.delays[attempt - 1] ?? 0,
    );
  }

  private legFailed(leg: Leg) {
    if (leg !== this.next) return;
    clearTimeout(leg.openTimer);
    this.next = null;
    const cause = leg.cause!;
    log.info('voice upstream renewal failed', { sessionId: this.sessionId, cause, attempt: leg.attempt });
    if (leg.attempt < this.delays.length) return this.retry(cause, leg.attempt + 1);
    // A rotation that cannot be prepared leaves the serving session be; the end of the cap takes over from there.
    if (cause !== 'rotation') this.hooks.onFailure('The voice service could not be reached again; the conversation has ended.');
  }

  private switchTo(leg: Leg) {
    const previous = this.current;
    this.generation++;
    leg.serving = true;
    leg.ready = false;
    this.current = leg;
    this.next = null;
    if (previous !== leg) previous.upstream.close();
    log.info('voice upstream renewed', {
      sessionId: this.sessionId,
      cause: leg.cause,
      attempt: leg.attempt,
      ms: Math.round(performance.now() - leg.startedAt),
      ...(leg.readyAt ? { readyMs: Math.round(leg.readyAt - leg.startedAt) } : {}),
    });
    this.hooks.onRenewed(leg.cause!);
    this.armRotation();
  }

  private clearTimers() {
    if (this.rotateTimer) clearTimeout(this.rotateTimer);
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.rotateTimer = this.retryTimer = null;
  }
}
