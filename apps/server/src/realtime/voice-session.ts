import { randomUUID } from 'node:crypto';
import {
  CLOSE_CODES,
  isIgnoredCancelError,
  type BrowserEvent,
  type HearthPostChat,
  type HearthServerEvent,
  type RealtimeClientEvent,
} from '@hearth/protocol';
import type { AppDeps } from '../deps';
import { log } from '../log';
import type { Identity } from '../plugins/auth';
import type { ModuleState } from './module-state';
import { ClientLink } from './client-link';
import { AppendFrame } from './fast-append';
import {
  CARRIED_OVER,
  CLOSE_FOR,
  FIRST_USER_TEXT,
  hearthError,
  logSessionEnded,
  moduleChoiceError,
  type ClientChannel,
  type EndCause,
  type VoiceSessionInit,
} from './session-types';
import { applySessionUpdate, composeSession, promptUpdate, reasoningEffortFor, sessionInfo, type SessionSettings } from './session-config';
import { PendingEvents } from './pending-events';
import { ResponseGate } from './response-gate';
import { carryOverOf, newResumeToken } from './resume';
import { sessionPostChat } from './session-post-chat';
import { SessionTranscript } from './session-transcript';
import type { ToolHost } from './tool-host';
import { runTool } from './tool-runner';
import type { Upstream, UpstreamEvent, UpstreamHandlers } from './upstream';
import type { UpstreamLine } from './upstream-line';
import { SessionRenewal } from './session-renewal';
import { SessionMeters } from './session-meters';

/**
 * One live voice session: relays a browser to its upstream, runs the tools, keeps the transcript in memory
 * only, and runs post-chat work once when the session ends for any reason (PRODUCT §4).
 */
export class VoiceSession implements ToolHost {
  readonly id: string;
  readonly userId: string | null;
  readonly startedAt = new Date();
  readonly deps: AppDeps;
  readonly identity: Identity;
  readonly settings: SessionSettings;
  readonly modules: ModuleState;
  /** Staff sessions keep memory and mood here; end users' go to the database. */
  readonly staffMemory = new Map<string, string>();
  readonly staffMood = new Map<string, number>();
  /** What a page that dropped reconnects with (`hearth.resumable`). */
  readonly resumeToken: string;
  private readonly link: ClientLink;
  private readonly onCarryOver?: VoiceSessionInit['onCarryOver'];
  private resumableSent = false;
  private readonly upstream: Upstream;
  /** The upstream renewed when it ends or nears its cap (upstream-line.ts); null: a session of one upstream. */
  private readonly line: UpstreamLine | null;
  private readonly renewal = new SessionRenewal(this);
  private readonly onEnded: () => void;
  private readonly onFinished?: () => void;
  private readonly firstText: string;
  private ready = false;
  /** Client events waiting for the upstream to be ready. */
  private readonly pending: PendingEvents;
  private ending: Promise<void> | null = null;
  private readonly timer: ReturnType<typeof setTimeout>;
  private readonly transcript = new SessionTranscript();
  private reminder = false;
  private readonly counts = { tools: 0, upstreamEvents: 0 };
  /** Turn timing and traces, turn-taking totals and cost (session-meters.ts). */
  private readonly meters: SessionMeters;
  /** Response tracking, so tool results start exactly one new response once the current one is done. */
  readonly responses = new ResponseGate(
    () => this.sendUpstream({ type: 'response.create' }),
    () => this.ended,
  );
  /** Tool calls and module selections change shared state; they run one at a time, in order. */
  private serial: Promise<void> = Promise.resolve();

  constructor(init: VoiceSessionInit) {
    this.id = init.id ?? randomUUID();
    this.deps = init.deps;
    this.identity = init.identity;
    this.userId = init.identity.kind === 'user' ? init.identity.id : null;
    this.settings = init.settings;
    this.modules = init.modules;
    this.resumeToken = newResumeToken(this.id);
    this.link = new ClientLink(init.client, init.graceMs ?? 0, () => void this.end('client_lost'));
    this.onCarryOver = init.onCarryOver;
    this.onEnded = init.onEnded;
    this.onFinished = init.onFinished;
    this.firstText = init.firstText?.trim() || FIRST_USER_TEXT;
    // An opening line is the member's own first words, so the transcript (post-chat) keeps it; 'Hi.' is the relay's.
    if (init.firstText?.trim()) this.transcript.typed(this.firstText);
    this.pending = init.pending ?? new PendingEvents();
    this.timer = setTimeout(() => void this.end('time_limit'), init.maxDurationMs);
    const live = () => this.link.attached && !this.ending;
    this.meters = new SessionMeters(this, () => this.upstream, live, { testRun: init.testRun, config: init.deps.config });
    const handlers: UpstreamHandlers = this.meters.wrap({
      onOpen: () => this.enqueue(() => this.onUpstreamOpen()),
      onEvent: (event, raw) => this.onUpstreamEvent(event, raw),
      onAudio: (raw) => {
        if (this.ending) return;
        this.counts.upstreamEvents++;
        this.link.sendAudio(raw);
      },
      onFailure: (reason) => this.onUpstreamFailure(reason),
    });
    ({ upstream: this.upstream, line: this.line } = this.renewal.connect(init.createUpstream, handlers, init.renewal, this.id));
  }

  get page() {
    return this.settings.page;
  }

  /** Once ending, the session acts no more: tools check this before writing anything. */
  get ended(): boolean {
    return this.ending !== null;
  }

  // ---- browser -> upstream ----

  /**
   * Handles the events sent before this session existed, in order: the relay's own (end, settings, module
   * choice) act now, the others go back into the same queue and wait for the upstream like any later one.
   */
  catchUp() {
    for (const event of this.pending.take()) this.onClientEvent(event);
  }

  onClientEvent(event: BrowserEvent) {
    if (this.ending) return;
    switch (event.type) {
      case 'hearth.end_session':
        void this.end('end_session');
        return;
      case 'hearth.settings':
        if (event.reminder !== undefined) this.reminder = event.reminder;
        return;
      case 'hearth.select_module':
        this.enqueue(() => this.selectModule(event.module, event.version));
        return;
      case 'hearth.ping':
        return; // answered by the socket itself (routes.ts)
      case 'hearth.turn_taking':
      case 'hearth.turn_timing':
        return this.meters.pageReported(event);
    }
    if (this.renewal.drops(event.type)) return;
    if (!this.ready) {
      this.pending.push(event);
      return;
    }
    this.forward(event);
  }

  /**
   * The hot path up (fast-append.ts): once the upstream is ready, a checked append frame goes up as it came, past
   * the event switches; before that (or while ending) it takes the way of any event.
   */
  appendAudio(frame: string, audio: string) {
    if (this.ready) this.upstream.appendAudio(frame, audio);
    else this.onClientEvent(new AppendFrame(audio, frame));
  }

  private forward(event: Exclude<BrowserEvent, { type: `hearth.${string}` }>) {
    if (this.renewal.stale(event)) return;
    this.renewal.observeClient(event.type);
    this.meters.clientEnded(event.type);
    switch (event.type) {
      case 'session.update': {
        const session = applySessionUpdate(this.settings, event.session);
        this.sendUpstream({ type: 'session.update', session: { ...session, type: 'realtime' } });
        return;
      }
      case 'conversation.item.create':
        this.transcript.typedItem(event.item);
        break;
      case 'response.create':
        // One response at a time: asked for during another, it goes up once that one is over (response-gate.ts).
        if (this.responses.activeId) return this.responses.deferred();
        this.responses.markRequested();
        break;
    }
    this.sendUpstream(event);
  }

  sendUpstream(event: RealtimeClientEvent) {
    if (!this.ending) this.upstream.send(event);
  }

  /** Ready: the page's events go up; else they wait, in order (a new upstream is opening). */
  setReady(ready: boolean) {
    this.ready = ready;
    if (ready) for (const event of this.pending.take()) this.forward(event as Exclude<BrowserEvent, { type: `hearth.${string}` }>);
  }

  transcriptLines = () => [...this.transcript.all];

  sendClient(event: HearthServerEvent | UpstreamEvent) {
    this.link.send(JSON.stringify(event), event.type);
  }

  // ---- upstream -> browser ----

  private async onUpstreamOpen() {
    if (this.ending) return;
    const { settings, modules } = this;
    const model = this.deps.config.openaiTranscribeModel;
    this.sendUpstream({
      type: 'session.update',
      session: composeSession(settings, modules.instructions(), model, this.reasoningEffort(), modules.wellbeing),
    });
    this.sendSessionInfo();
    if (!this.resumableSent) {
      this.resumableSent = true;
      this.sendClient({ type: 'hearth.resumable', token: this.resumeToken, graceMs: this.link.graceMs });
    }
    this.sendUpstream({
      type: 'conversation.item.create',
      item: { type: 'message', role: 'user', content: [{ type: 'input_text', text: this.firstText }] },
    });
    this.sendUpstream({ type: 'response.create' });
    this.responses.markRequested();
    this.setReady(true);
  }

  sendSessionInfo() {
    this.sendClient(sessionInfo(this.upstream.kind, this.modules, this.settings, this.reasoningEffort()));
  }

  /** What the conversation cost so far, from its provider's usage reports (session-usage.ts). */
  cost() {
    return this.meters.cost(this.upstream, this.deps.config);
  }

  /** The reasoning effort of the active prompt, for a model that takes one (session-config.ts). */
  reasoningEffort() {
    return reasoningEffortFor(this.upstream, this.modules);
  }

  private onUpstreamEvent(event: UpstreamEvent, raw?: string) {
    if (this.ending) return;
    this.counts.upstreamEvents++;
    this.transcript.observe(event);
    this.renewal.observeUpstream(event);
    switch (event.type) {
      case 'error': {
        const { message, code } = (event.error ?? {}) as { message?: string; code?: string };
        // Nothing was lost when a create came just before the upstream created one: the page is not told.
        if (this.responses.upstreamError(code) === 'deferred' || isIgnoredCancelError(message)) return;
        break;
      }
      case 'response.created':
        this.responses.created((event.response as { id?: string } | undefined)?.id ?? null);
        break;
      case 'response.done':
        this.meters.responseDone(event.response);
        this.responses.done((event.response as { id?: string } | undefined)?.id);
        queueMicrotask(() => {
          this.responses.maybeCreate();
          this.line?.boundary();
        });
        break;
      case 'response.function_call_arguments.done':
        this.onFunctionCall(String(event.name ?? ''), String(event.call_id ?? ''), String(event.arguments ?? ''));
        break;
    }
    this.link.send(raw ?? JSON.stringify(event), event.type);
  }

  private onUpstreamFailure(reason: string) {
    if (this.ending) return;
    this.sendClient(hearthError('server_error', 'upstream_failed', reason));
    void this.end('upstream_failed');
  }

  // ---- tools ----

  get db() {
    return this.deps.db;
  }

  cancelResponse() {
    const active = this.responses.activeId;
    if (active) this.sendUpstream({ type: 'response.cancel', response_id: active });
  }

  updateInstructions() {
    this.sendUpstream({ type: 'session.update', session: promptUpdate(this.modules, this.reasoningEffort()) });
  }

  private onFunctionCall(name: string, callId: string, args: string) {
    this.responses.toolStarted();
    this.counts.tools++;
    const generation = this.line?.generation;
    this.enqueue(async () => {
      try {
        const output = await runTool(this, name, args);
        // Its effect stays; its output would name a call the renewed upstream session never made.
        if (generation !== this.line?.generation) return;
        this.sendUpstream({ type: 'conversation.item.create', item: { type: 'function_call_output', call_id: callId, output } });
        this.responses.toolAnswered();
      } finally {
        this.responses.toolEnded();
      }
    });
  }

  private async selectModule(name: string, version?: number) {
    if (this.ending) return;
    if (await this.modules.selectModule(this.deps.db, name, version)) return this.afterModuleChange();
    this.sendClient(await moduleChoiceError(this.deps.db, name, version));
  }

  /** New instructions upstream and the new state to the browser; the conversation itself goes on. */
  afterModuleChange() {
    if (this.ready) this.sendUpstream({ type: 'session.update', session: promptUpdate(this.modules, this.reasoningEffort(), this.page) });
    this.sendClient({ type: 'hearth.module_changed', module: this.modules.moduleName, version: this.modules.version });
    this.sendSessionInfo();
  }

  private enqueue(work: () => Promise<void>) {
    this.serial = this.serial.then(work).catch((err) => {
      log.error('voice session step failed', { sessionId: this.id, error: (err as Error)?.name });
    });
  }

  // ---- the page comes and goes ----

  /**
   * The page's socket closed. A deliberate close ends the session; a dropped one leaves it waiting for the page
   * to come back (`reattach`) until the grace period passes. A socket the session no longer talks to changes nothing.
   */
  clientClosed(channel: ClientChannel, deliberate: boolean) {
    if (this.ending || !this.link.is(channel)) return;
    if (deliberate || this.link.graceMs === 0) {
      this.link.finish();
      void this.end('client_closed');
      return;
    }
    this.link.detach();
    this.cancelResponse(); // nobody would hear it
    log.info('voice session waiting for its page', { sessionId: this.id, graceMs: this.link.graceMs });
  }

  /** A reconnected page takes this session over: what it missed, then the session's state (`hearth.resumed`). */
  reattach(channel: ClientChannel): boolean {
    if (this.ending) return false;
    const missed = this.link.attach(channel, (previous) => previous.close(CLOSE_CODES.takenOver, 'Taken over by a reconnect'));
    this.sendClient({ type: 'hearth.resumed', mode: 'resumed', summarised: false, missed: missed.length });
    for (const text of missed) channel.send(text);
    if (this.ready) this.sendSessionInfo();
    log.info('voice session resumed', { sessionId: this.id, missed: missed.length });
    return true;
  }

  // ---- the end ----

  /** Ends the session once: upstream closed at once, post-chat work, then the browser told and closed. */
  end(cause: EndCause): Promise<void> {
    this.ending ??= this.finish(cause);
    return this.ending;
  }

  private async finish(cause: EndCause) {
    clearTimeout(this.timer);
    this.ready = false;
    this.pending.take();
    this.upstream.close();
    this.onEnded();
    const endedAt = new Date();
    if (this.link.waiting && CARRIED_OVER.has(cause)) this.carryOver();
    await this.meters.finish(endedAt);
    // A withdrawn sign-in (revoked, deleted, disabled, signed out) takes nothing more from the conversation.
    const postChat: HearthPostChat = await sessionPostChat(this, {
      endedAt,
      transcript: this.transcript.take(),
      reminder: this.reminder,
      skip: cause === 'signed_out',
    });
    if (this.link.attached && cause !== 'client_closed' && cause !== 'client_lost') {
      this.sendClient(postChat);
      this.link.finish(CLOSE_FOR[cause]);
    } else this.link.finish();
    const counts = { ...this.counts, ...this.transcript.counts };
    logSessionEnded(this, { cause, provider: this.upstream.kind, endedAt, postChat: postChat.status, counts });
    this.onFinished?.();
  }

  /** What a new session needs to go on from this one, handed over before the transcript is dropped. */
  private carryOver() {
    const transcript = [...this.transcript.all];
    this.onCarryOver?.(this.resumeToken, carryOverOf(this.identity, this.modules, transcript), transcript);
  }
}
