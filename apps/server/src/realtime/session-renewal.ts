import type { HearthServerEvent, RealtimeClientEvent, ReasoningEffort } from '@hearth/protocol';
import type { AppDeps } from '../deps';
import type { TranscriptLine } from '../features/post-chat/run';
import { continuationNote, type EarlierSummary } from './continuation';
import type { ModuleState } from './module-state';
import type { ResponseGate } from './response-gate';
import { earlierTurns } from './resume';
import { summariseEarlierTurns } from './resume-summary';
import { composeSession, promptSession, type SessionSettings } from './session-config';
import { UpstreamLine, type LineHooks, type LineTiming, type RenewCause } from './upstream-line';
import type { Upstream, UpstreamEvent, UpstreamFactory, UpstreamHandlers } from './upstream';

/** How long a rotation waits for the summary of the earlier turns (it is prepared minutes before it is needed). */
const ROTATION_SUMMARY_TIMEOUT_MS = 10_000;

/** What the renewal needs of its voice session. */
export interface RenewalHost {
  readonly deps: Pick<AppDeps, 'db' | 'providers' | 'config'>;
  readonly settings: SessionSettings;
  readonly modules: ModuleState;
  readonly responses: ResponseGate;
  readonly ended: boolean;
  transcriptLines(): readonly TranscriptLine[];
  sendClient(event: HearthServerEvent): void;
  sendUpstream(event: RealtimeClientEvent): void;
  sendSessionInfo(): void;
  /** The active prompt's reasoning effort, for a model that takes one (sent with every configuration). */
  reasoningEffort(): ReasoningEffort | null;
  /** Not ready: the page's events wait in the session's queue; ready again: they go up, in order. */
  setReady(ready: boolean): void;
}

/**
 * The voice session's side of a renewed upstream session (upstream-line.ts, issue 23): the page told, the new
 * session configured with the conversation carried over and no greeting, events that arrive meanwhile held, and
 * the answer a cut interrupted asked for again. It also knows whether the conversation is at a turn boundary.
 */
export class SessionRenewal {
  /** An ended upstream session is being replaced: audio and buffer commands are dropped, other events wait. */
  restarting = false;
  private cutMidAnswer = false;
  private speaking = false;
  private manualTalking = false;
  private earlier: EarlierSummary | null = null;
  /** Items of the serving upstream session once one was renewed (null before): the earlier sessions' are gone. */
  private items: Set<string> | null = null;
  /** The instructions a replacement was configured with (a module chosen meanwhile changes them). */
  private configured = '';

  constructor(private readonly host: RenewalHost) {}

  /** Whether the member is speaking, from the serving upstream's voice-activity events, and which items it has. */
  observeUpstream(event: UpstreamEvent) {
    if (event.type === 'input_audio_buffer.speech_started') this.speaking = true;
    else if (event.type === 'input_audio_buffer.speech_stopped') this.speaking = false;
    else if (this.items && event.type === 'conversation.item.added') {
      const id = (event.item as { id?: unknown } | undefined)?.id;
      if (typeof id === 'string') this.items.add(id);
    }
  }

  /**
   * A truncate or delete of an item an earlier upstream session had: after a rotation the page may still be playing
   * the last answer's tail and cut it, but the new session never had that item (it would answer with an error).
   */
  stale(event: { type: string; item_id?: string }): boolean {
    const named = event.type === 'conversation.item.truncate' || event.type === 'conversation.item.delete';
    return named && this.items !== null && !this.items.has(event.item_id ?? '');
  }

  /** Push-to-talk: held from the page's clear to its commit. */
  observeClient(type: string) {
    if (type === 'input_audio_buffer.clear') this.manualTalking = true;
    else if (type === 'input_audio_buffer.commit') this.manualTalking = false;
  }

  /** A new session starts from an empty input buffer: what was said while it opened is not replayed into it. */
  drops(type: string): boolean {
    return this.restarting && type.startsWith('input_audio_buffer.');
  }

  atTurnBoundary(): boolean {
    return !this.restarting && !this.host.ended && !this.host.responses.busy && !this.speaking && !this.manualTalking;
  }

  /** The session's upstream: renewed through a line when `timing` is given, else the factory's own, for its life. */
  connect(create: UpstreamFactory, handlers: UpstreamHandlers, timing: LineTiming | undefined, sessionId: string) {
    if (!timing) return { upstream: create(handlers) as Upstream, line: null };
    const line = new UpstreamLine(create, this.hooks(handlers), timing, sessionId);
    return { upstream: line as Upstream, line: line as UpstreamLine | null };
  }

  private hooks(handlers: UpstreamHandlers): LineHooks {
    return {
      ...handlers,
      onCut: (cause) => this.onCut(cause),
      renewal: (cause) => this.renewal(cause),
      onRenewed: (cause) => this.onRenewed(cause),
      atTurnBoundary: () => this.atTurnBoundary(),
    };
  }

  private onCut(cause: RenewCause) {
    if (this.host.ended) return;
    this.restarting = true;
    this.host.setReady(false);
    // A cut answer (or one owed to a tool's result) is asked for again once the new session serves: the member
    // was waiting for it. Cut between turns, the new session waits for the member, as the conversation did.
    this.cutMidAnswer = this.host.responses.busy;
    this.host.responses.reset();
    this.speaking = false;
    this.host.sendClient({ type: 'hearth.continued', phase: 'restarting', cause, summarised: this.host.transcriptLines().length > 0 });
  }

  private async renewal(cause: RenewCause) {
    const transcript = this.host.transcriptLines();
    if (cause === 'rotation') {
      // Prepared minutes ahead: the turns the note does not quote can be summarised by the text provider.
      const turns = earlierTurns(transcript);
      const summary = turns.length ? await summariseEarlierTurns(this.host.deps, turns, ROTATION_SUMMARY_TIMEOUT_MS) : null;
      this.earlier = summary ? { summary, turns: turns.length } : null;
    }
    const note = continuationNote(transcript, cause, this.earlier);
    // After an end the old session is gone; a rotation's note is the modules' only once it takes over.
    if (cause !== 'rotation') this.host.modules.carryOver = note;
    return this.compose(note);
  }

  private compose(note: string) {
    const { settings, modules, deps } = this.host;
    const effort = this.host.reasoningEffort();
    const session = composeSession(settings, modules.instructions(note), deps.config.openaiTranscribeModel, effort, modules.wellbeing);
    this.configured = session.instructions ?? '';
    return session;
  }

  private onRenewed(cause: RenewCause) {
    if (this.host.ended) return;
    const transcript = this.host.transcriptLines();
    if (cause === 'rotation') {
      // Turns, prompt or settings may have changed while the rotation waited for a boundary: configured again.
      this.host.modules.carryOver = continuationNote(transcript, cause, this.earlier);
      this.host.sendUpstream({ type: 'session.update', session: this.compose(this.host.modules.carryOver) });
    } else {
      // A rotation prepared before the end took over (its note said nothing was cut), or a module or prompt chosen
      // while the replacement opened changed its instructions: it is told again.
      const note = continuationNote(transcript, cause, this.earlier);
      if (note !== this.host.modules.carryOver || this.host.modules.instructions(note) !== this.configured) {
        this.host.modules.carryOver = note;
        this.host.sendUpstream({
          type: 'session.update',
          session: promptSession(this.host.modules.instructions(), this.host.reasoningEffort()),
        });
      }
    }
    this.speaking = false;
    this.items = new Set();
    this.host.sendSessionInfo();
    this.host.sendClient({ type: 'hearth.continued', phase: 'continued', cause, summarised: transcript.length > 0 });
    if (cause === 'rotation') return;
    this.restarting = false;
    this.host.setReady(true);
    if (this.cutMidAnswer) this.host.responses.askOnce();
    this.cutMidAnswer = false;
  }
}
