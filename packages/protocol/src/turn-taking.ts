/**
 * Turn-taking measured live (issue 23 §4): did the assistant cut the member off, did a commit come too early,
 * did the member wait in dead air, did the assistant take its own voice for the member's? One pure meter fed
 * with observations on one clock (the page's performance.now(), or the server's), shared by the page, the relay
 * and the benchmarks.
 *
 * A turn is one commit of the member's turn (server VAD, push-to-talk release, typed text). The first audio of a
 * response answers the open turn; audio with no open turn (the greeting, a second output item) answers nothing.
 * A turn is final when its answer's audio stops (played out or cut), when the next commit supersedes it
 * (answered or not), or at `finish()`; only then it counts in the totals, so every count is at most `turns`.
 */

/** The member's speech resuming this soon after the commit means the commit came too early. */
export const PREMATURE_COMMIT_MS = 300;
/** Silence longer than this between the member stopping and the answer's first sample is dead air. */
export const DEAD_AIR_MS = 1500;

export type TurnTakingObservation =
  | { kind: 'member_speech_started'; atMs: number }
  | { kind: 'member_speech_stopped'; atMs: number }
  /** The member's turn was committed (VAD, push-to-talk, typed). */
  | { kind: 'committed'; atMs: number }
  /** First sample of a response played (page) / sent (server). */
  | { kind: 'assistant_audio_started'; atMs: number }
  /** Played out, or cut. */
  | { kind: 'assistant_audio_stopped'; atMs: number }
  /** The speech that started just before was the assistant's own voice (the page's echo detector decides). */
  | { kind: 'self_interruption'; atMs: number };

export interface TurnTakingTurn {
  /** 1 for the session's first turn. */
  index: number;
  /** The answer's first sample came while the member was speaking. */
  cutOff: boolean;
  /** The member's speech resumed within PREMATURE_COMMIT_MS of the commit. */
  prematureCommit: boolean;
  /** The member waited in silence longer than DEAD_AIR_MS (before the answer, or before giving up on it). */
  deadAir: boolean;
  /** Silence from the member stopping (or the commit, for typed text) to the first sample; 0 when cut off,
   * null when no answer played. */
  gapMs: number | null;
  /** The turn was taken from the assistant's own voice (echo), not the member's. */
  selfInterrupted: boolean;
}

export interface TurnTakingTotals {
  turns: number;
  cutOffs: number;
  prematureCommits: number;
  deadAirs: number;
  selfInterruptions: number;
}

export interface TurnTakingRates {
  cutOff: number;
  prematureCommit: number;
  deadAir: number;
  selfInterruption: number;
}

/** The page's cumulative totals for its session, sent to the relay after each turn (stored at session end). */
export interface HearthTurnTaking extends TurnTakingTotals {
  type: 'hearth.turn_taking';
}

/** The relay refuses totals past this many turns (no real conversation gets near it). */
export const TURN_TAKING_MAX_TURNS = 100_000;

interface OpenTurn {
  index: number;
  committedAtMs: number;
  /** When the member's current silence began; null while the member speaks. Frozen once the answer started. */
  silenceSinceMs: number | null;
  /** A silence already ended by the member resuming was longer than DEAD_AIR_MS. */
  deadAirBefore: boolean;
  premature: boolean;
  cutOff: boolean;
  selfInterrupted: boolean;
  firstAudioAtMs: number | null;
}

const emptyTotals = (): TurnTakingTotals => ({ turns: 0, cutOffs: 0, prematureCommits: 0, deadAirs: 0, selfInterruptions: 0 });

export class TurnTakingMeter {
  private counted = emptyTotals();
  private open: OpenTurn | null = null;
  private nextIndex = 1;
  private speaking = false;
  /** The current speech was judged the assistant's echo: it is not the member's. */
  private speechIsEcho = false;
  /** The member's latest stop since the last commit: where the next turn's silence began. */
  private lastStopAtMs: number | null = null;
  /** Echo was taken as speech since the last commit: the next commit is a self-interruption. */
  private echoSinceCommit = false;
  /** The open turn as it stood before the latest speech start, restored if that speech turns out to be echo. */
  private beforeSpeech: OpenTurn | null = null;

  /** Feeds one observation; returns the turns it made final (usually none or one). */
  observe(o: TurnTakingObservation): TurnTakingTurn[] {
    const undo = this.beforeSpeech;
    this.beforeSpeech = null;
    switch (o.kind) {
      case 'member_speech_started':
        return this.speechStarted(o.atMs);
      case 'member_speech_stopped':
        return this.speechStopped(o.atMs);
      case 'self_interruption':
        this.echoSinceCommit = true;
        if (this.speaking) this.speechIsEcho = true;
        // The speech it refers to is not the member's: whatever it changed on the open turn is undone.
        if (undo && this.open && undo.index === this.open.index) this.open = undo;
        return [];
      case 'committed':
        return this.committed(o.atMs);
      case 'assistant_audio_started':
        this.audioStarted(o.atMs);
        return [];
      case 'assistant_audio_stopped':
        return this.open?.firstAudioAtMs != null ? this.close(o.atMs) : [];
    }
  }

  /** The session ends at `atMs`: an answered turn becomes final; one still waiting for its answer is dropped. */
  finish(atMs: number): TurnTakingTurn[] {
    if (this.open?.firstAudioAtMs == null) {
      this.open = null;
      return [];
    }
    return this.close(atMs);
  }

  /** The turn waiting to become final, and whether its answer has started playing (null: none open). */
  get openTurn(): { index: number; answered: boolean } | null {
    return this.open ? { index: this.open.index, answered: this.open.firstAudioAtMs !== null } : null;
  }

  get totals(): TurnTakingTotals {
    return { ...this.counted };
  }

  reset(): void {
    this.counted = emptyTotals();
    this.open = null;
    this.nextIndex = 1;
    this.speaking = false;
    this.speechIsEcho = false;
    this.lastStopAtMs = null;
    this.echoSinceCommit = false;
    this.beforeSpeech = null;
  }

  private get memberSpeaking(): boolean {
    return this.speaking && !this.speechIsEcho;
  }

  private speechStarted(atMs: number): TurnTakingTurn[] {
    if (this.memberSpeaking) return [];
    this.speaking = true;
    this.speechIsEcho = false;
    const open = this.open;
    if (!open) return [];
    this.beforeSpeech = { ...open };
    if (open.firstAudioAtMs === null) {
      if (open.silenceSinceMs !== null && atMs - open.silenceSinceMs > DEAD_AIR_MS) open.deadAirBefore = true;
      open.silenceSinceMs = null;
    } else if (atMs < open.firstAudioAtMs && !open.cutOff) {
      // VAD reports speech late: it had started before the answer's first sample, so the answer cut in.
      open.cutOff = true;
      if (open.silenceSinceMs !== null && atMs - open.silenceSinceMs > DEAD_AIR_MS) open.deadAirBefore = true;
    }
    if (atMs - open.committedAtMs <= PREMATURE_COMMIT_MS) open.premature = true;
    return [];
  }

  private speechStopped(atMs: number): TurnTakingTurn[] {
    if (!this.speaking) return [];
    const echo = this.speechIsEcho;
    this.speaking = false;
    this.speechIsEcho = false;
    if (echo) return [];
    this.lastStopAtMs = atMs;
    if (this.open && this.open.firstAudioAtMs === null) this.open.silenceSinceMs = atMs;
    return [];
  }

  private committed(atMs: number): TurnTakingTurn[] {
    const closed = this.open ? this.close(atMs) : [];
    this.open = {
      index: this.nextIndex++,
      committedAtMs: atMs,
      // Typed text and a commit without a stop heard: the silence starts at the commit.
      silenceSinceMs: this.memberSpeaking ? null : (this.lastStopAtMs ?? atMs),
      deadAirBefore: false,
      premature: false,
      cutOff: false,
      selfInterrupted: this.echoSinceCommit,
      firstAudioAtMs: null,
    };
    this.echoSinceCommit = false;
    this.lastStopAtMs = null;
    return closed;
  }

  private audioStarted(atMs: number): void {
    const open = this.open;
    if (!open || open.firstAudioAtMs !== null) return;
    open.firstAudioAtMs = atMs;
    if (this.memberSpeaking) open.cutOff = true;
  }

  /** Makes the open turn final at `atMs` (its answer stopped, or a later commit superseded it). */
  private close(atMs: number): TurnTakingTurn[] {
    const open = this.open;
    if (!open) return [];
    this.open = null;
    let gapMs: number | null = null;
    let deadAir = open.deadAirBefore;
    if (open.firstAudioAtMs !== null) {
      gapMs = open.cutOff || open.silenceSinceMs === null ? 0 : Math.max(0, open.firstAudioAtMs - open.silenceSinceMs);
      if (gapMs > DEAD_AIR_MS) deadAir = true;
    } else if (open.silenceSinceMs !== null && atMs - open.silenceSinceMs > DEAD_AIR_MS) {
      // No answer ever played: the member waited until the next commit.
      deadAir = true;
    }
    const turn: TurnTakingTurn = {
      index: open.index,
      cutOff: open.cutOff,
      prematureCommit: open.premature,
      deadAir,
      gapMs,
      selfInterrupted: open.selfInterrupted,
    };
    const t = this.counted;
    t.turns++;
    if (turn.cutOff) t.cutOffs++;
    if (turn.prematureCommit) t.prematureCommits++;
    if (turn.deadAir) t.deadAirs++;
    if (turn.selfInterrupted) t.selfInterruptions++;
    return [turn];
  }
}

/** Each count per turn, 0..1 (all 0 when there are no turns). */
export function turnTakingRates(t: TurnTakingTotals): TurnTakingRates {
  const rate = (count: number) => (t.turns > 0 ? Math.min(1, Math.max(0, count / t.turns)) : 0);
  return {
    cutOff: rate(t.cutOffs),
    prematureCommit: rate(t.prematureCommits),
    deadAir: rate(t.deadAirs),
    selfInterruption: rate(t.selfInterruptions),
  };
}
