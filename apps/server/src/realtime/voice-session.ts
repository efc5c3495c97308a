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
import { postChatReport } from './post-chat-report';
import { runPostChat, type TranscriptLine } from '../features/post-chat/run';
import { loadModuleVersion } from '../features/sequences/lookup';
import { log } from '../log';
import type { Identity } from '../plugins/auth';
import type { ModuleState } from './module-state';
import { composeSession, type SessionSettings } from './session-config';
import { PendingEvents } from './pending-events';
import { markVoiceSessionEnded } from './repository';
import { ResponseGate } from './response-gate';
import type { ToolHost } from './tool-host';
import { runTool } from './tool-runner';
import type { Upstream, UpstreamEvent, UpstreamFactory } from './upstream';

/** The browser side of a session: the /ws socket. */
export interface ClientChannel {
  send(text: string): void;
  close(code: number, reason: string): void;
}

export type EndCause = 'client_closed' | 'end_session' | 'upstream_failed' | 'replaced' | 'signed_out' | 'time_limit' | 'server_stopping';

const CLOSE_FOR: Record<Exclude<EndCause, 'client_closed'>, [number, string]> = {
  end_session: [CLOSE_CODES.normal, 'Session ended'],
  upstream_failed: [CLOSE_CODES.upstreamFailed, 'Voice service unavailable'],
  replaced: [CLOSE_CODES.replaced, 'Replaced by a newer session'],
  signed_out: [CLOSE_CODES.signedOut, 'Signed out: this sign-in is no longer valid'],
  time_limit: [CLOSE_CODES.timeLimit, 'Session time limit reached'],
  server_stopping: [CLOSE_CODES.goingAway, 'The server is restarting'],
};

/** SPEC §4: connecting sends a first text 'Hi.' so the assistant speaks first. */
export const FIRST_USER_TEXT = 'Hi.';

export interface VoiceSessionInit {
  id?: string;
  deps: AppDeps;
  identity: Identity;
  settings: SessionSettings;
  modules: ModuleState;
  client: ClientChannel;
  createUpstream: UpstreamFactory;
  /** Called once when the session ends, before post-chat work. */
  onEnded(session: VoiceSession): void;
  /** Called once when everything, post-chat work included, is done. */
  onFinished?(session: VoiceSession): void;
  /** Milliseconds until the session is closed with 4001. */
  maxDurationMs: number;
  /** Events the socket received before the session existed (see `catchUp`); the session keeps its waiting events there. */
  pending?: PendingEvents;
}

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
  private readonly client: ClientChannel;
  private readonly upstream: Upstream;
  private readonly onEnded: (session: VoiceSession) => void;
  private readonly onFinished?: (session: VoiceSession) => void;
  private ready = false;
  /** Client events waiting for the upstream to be ready. */
  private readonly pending: PendingEvents;
  private clientOpen = true;
  private ending: Promise<void> | null = null;
  private readonly timer: ReturnType<typeof setTimeout>;
  private transcript: TranscriptLine[] = [];
  /** Spoken lines by conversation item, so an item the console deletes leaves the transcript too. */
  private readonly lineByItem = new Map<string, TranscriptLine>();
  private reminder = false;
  private readonly counts = { userTurns: 0, assistantTurns: 0, typed: 0, tools: 0, upstreamEvents: 0 };
  /** Response tracking, so tool results start exactly one new response once the current one is done. */
  private readonly responses = new ResponseGate(
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
    this.client = init.client;
    this.onEnded = init.onEnded;
    this.onFinished = init.onFinished;
    this.pending = init.pending ?? new PendingEvents();
    this.timer = setTimeout(() => void this.end('time_limit'), init.maxDurationMs);
    this.upstream = init.createUpstream({
      onOpen: () => this.enqueue(() => this.onUpstreamOpen()),
      onEvent: (event, raw) => this.onUpstreamEvent(event, raw),
      onFailure: (reason) => this.onUpstreamFailure(reason),
    });
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
    }
    if (!this.ready) {
      this.pending.push(event);
      return;
    }
    this.forward(event);
  }

  private forward(event: Exclude<BrowserEvent, { type: `hearth.${string}` }>) {
    switch (event.type) {
      case 'session.update': {
        const { audio, temperature } = event.session;
        if (audio?.input && 'turn_detection' in audio.input) this.settings.turnDetection = audio.input.turn_detection ?? null;
        if (audio?.output?.voice) this.settings.voice = audio.output.voice;
        if (temperature !== undefined) this.settings.temperature = temperature;
        this.sendUpstream({ type: 'session.update', session: { ...event.session, type: 'realtime' } });
        return;
      }
      case 'conversation.item.create':
        if (event.item.type === 'message') {
          const text = event.item.content
            .map((part) => (part.type === 'input_text' ? part.text : ''))
            .join(' ')
            .trim();
          if (text) {
            this.transcript.push({ role: 'user', text });
            this.counts.typed++;
          }
        }
        break;
      case 'response.create':
        this.responses.markRequested();
        break;
    }
    this.sendUpstream(event);
  }

  sendUpstream(event: RealtimeClientEvent) {
    if (!this.ending) this.upstream.send(event);
  }

  sendClient(event: HearthServerEvent | UpstreamEvent) {
    if (this.clientOpen) this.client.send(JSON.stringify(event));
  }

  // ---- upstream -> browser ----

  private async onUpstreamOpen() {
    if (this.ending) return;
    this.sendUpstream({
      type: 'session.update',
      session: composeSession(this.settings, this.modules.instructions(), this.deps.config.openaiTranscribeModel),
    });
    this.sendSessionInfo();
    this.sendUpstream({
      type: 'conversation.item.create',
      item: { type: 'message', role: 'user', content: [{ type: 'input_text', text: FIRST_USER_TEXT }] },
    });
    this.sendUpstream({ type: 'response.create' });
    this.responses.markRequested();
    this.ready = true;
    for (const event of this.pending.take()) this.forward(event as Exclude<BrowserEvent, { type: `hearth.${string}` }>);
  }

  sendSessionInfo() {
    this.sendClient({
      type: 'hearth.session',
      provider: this.upstream.kind,
      module: this.modules.moduleName,
      version: this.modules.version,
      versions: this.modules.versions,
      modules: this.modules.modules,
      prompt: this.modules.promptName,
      instructions: this.modules.instructions(),
      voice: this.settings.voice,
      turnDetection: this.settings.turnDetection,
    });
  }

  private onUpstreamEvent(event: UpstreamEvent, raw?: string) {
    if (this.ending) return;
    this.counts.upstreamEvents++;
    switch (event.type) {
      case 'error': {
        this.responses.failed();
        const message = (event.error as { message?: string } | undefined)?.message;
        if (isIgnoredCancelError(message)) return;
        break;
      }
      case 'response.created':
        this.responses.created((event.response as { id?: string } | undefined)?.id ?? null);
        break;
      case 'response.done':
        this.responses.done((event.response as { id?: string } | undefined)?.id);
        queueMicrotask(() => this.responses.maybeCreate());
        break;
      case 'conversation.item.input_audio_transcription.completed':
        this.record('user', event.transcript, event.item_id);
        break;
      case 'response.output_audio_transcript.done':
        this.record('assistant', event.transcript, event.item_id);
        break;
      case 'conversation.item.deleted': {
        const line = this.lineByItem.get(String(event.item_id));
        if (line) this.transcript = this.transcript.filter((entry) => entry !== line);
        break;
      }
      case 'response.output_text.done':
        this.record('assistant', event.text);
        break;
      case 'response.function_call_arguments.done':
        this.onFunctionCall(String(event.name ?? ''), String(event.call_id ?? ''), String(event.arguments ?? ''));
        break;
    }
    if (this.clientOpen) this.client.send(raw ?? JSON.stringify(event));
  }

  private record(role: 'user' | 'assistant', text: unknown, itemId?: unknown) {
    if (typeof text !== 'string' || !text.trim()) return;
    const line: TranscriptLine = { role, text: text.trim() };
    this.transcript.push(line);
    if (typeof itemId === 'string') this.lineByItem.set(itemId, line);
    if (role === 'user') this.counts.userTurns++;
    else this.counts.assistantTurns++;
  }

  private onUpstreamFailure(reason: string) {
    if (this.ending) return;
    this.sendClient({
      type: 'error',
      event_id: `event_hearth_${randomUUID()}`,
      error: { type: 'server_error', code: 'upstream_failed', message: reason, param: null, event_id: null },
    });
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
    this.sendUpstream({ type: 'session.update', session: { type: 'realtime', instructions: this.modules.instructions() } });
  }

  private onFunctionCall(name: string, callId: string, args: string) {
    this.responses.toolStarted();
    this.counts.tools++;
    this.enqueue(async () => {
      try {
        const output = await runTool(this, name, args);
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
    const moduleExists = version !== undefined && (await loadModuleVersion(this.deps.db, name)) !== null;
    this.sendClient({
      type: 'error',
      event_id: `event_hearth_${randomUUID()}`,
      error: {
        type: 'invalid_request_error',
        code: moduleExists ? 'version_not_found' : 'module_not_found',
        message: moduleExists ? `Version ${version} not found` : 'The module does not exist',
        param: null,
        event_id: null,
      },
    });
  }

  /** New instructions upstream and the new state to the browser; the conversation itself goes on. */
  afterModuleChange() {
    if (this.ready) this.sendUpstream({ type: 'session.update', session: { type: 'realtime', instructions: this.modules.instructions() } });
    this.sendClient({ type: 'hearth.module_changed', module: this.modules.moduleName, version: this.modules.version });
    this.sendSessionInfo();
  }

  private enqueue(work: () => Promise<void>) {
    this.serial = this.serial.then(work).catch((err) => {
      log.error('voice session step failed', { sessionId: this.id, error: (err as Error)?.name });
    });
  }

  // ---- the end ----

  /** The browser's socket closed. */
  clientClosed() {
    this.clientOpen = false;
    void this.end('client_closed');
  }

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
    this.onEnded(this);
    const endedAt = new Date();
    // A withdrawn sign-in (revoked, deleted, disabled, signed out) takes nothing more from the conversation.
    const postChat: HearthPostChat = cause === 'signed_out' ? await this.skipPostChat(endedAt) : await this.postChat(endedAt);
    this.transcript = [];
    if (this.clientOpen && cause !== 'client_closed') {
      this.sendClient(postChat);
      const [code, reason] = CLOSE_FOR[cause];
      this.clientOpen = false;
      this.client.close(code, reason);
    }
    log.info('voice session ended', {
      sessionId: this.id,
      userId: this.userId,
      staffId: this.identity.kind === 'staff' ? this.identity.id : null,
      cause,
      provider: this.upstream.kind,
      seconds: Math.round((endedAt.getTime() - this.startedAt.getTime()) / 1000),
      postChat: postChat.status,
      ...this.counts,
    });
    this.onFinished?.(this);
  }

  private async skipPostChat(endedAt: Date): Promise<HearthPostChat> {
    if (this.userId) await markVoiceSessionEnded(this.deps.db, this.id, endedAt).catch(() => {});
    return { type: 'hearth.post_chat', status: 'skipped', did: {} };
  }

  private async postChat(endedAt: Date): Promise<HearthPostChat> {
    if (!this.userId) return { type: 'hearth.post_chat', status: 'skipped', did: {} };
    try {
      await markVoiceSessionEnded(this.deps.db, this.id, endedAt);
      const result = await runPostChat(this.deps, {
        voiceSessionId: this.id,
        userId: this.userId,
        moduleName: this.modules.moduleName,
        startTime: this.startedAt,
        endTime: endedAt,
        transcript: this.transcript,
        reminder: this.reminder,
      });
      const report = await postChatReport(this.deps, result);
      // 'partial' is not 'done': the report says which step failed (SPEC §8); below the thresholds nothing ran.
      return result.ran && result.status !== 'below-threshold' ? report : { type: 'hearth.post_chat', status: 'skipped', did: report.did };
    } catch (err) {
      log.error('post-chat failed', { sessionId: this.id, userId: this.userId, error: (err as Error)?.name });
      return { type: 'hearth.post_chat', status: 'error', did: {}, error: (err as Error)?.message || 'Unknown error' };
    }
  }
}
