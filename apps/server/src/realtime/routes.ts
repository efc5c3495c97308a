import { Elysia } from 'elysia';
import { CLOSE_CODES, type VoicePage } from '@hearth/protocol';
import type { AppDeps } from '../deps';
import { log } from '../log';
import { hashToken, STAFF_COOKIE, USER_COOKIE, type CookieJar, type Identity } from '../plugins/auth';
import { SignInBatch } from '../plugins/sign-in-batch';
import { forbidden, unauthorized } from '../plugins/errors';
import { checkClientEvent } from './client-events';
import { AudioBudget, type Clock } from './audio-budget';
import { takeAppendsFirst } from './fast-append';
import { GcPacer } from './gc-pacer';
import { SingleFlight } from './single-flight';
import { acceptedOrigins } from '../plugins/origin';
import { LiveRegistry, type LiveEndCause, type LiveRegistryTiming } from './live-registry';
import { ModuleState } from './module-state';
import { createLocalUpstream } from './providers/local/local-upstream';
import { createOpenAiUpstream } from './providers/openai/openai-upstream';
import { insertVoiceSession, markVoiceSessionEnded } from './repository';
import { CarryOvers, earlierTurns, ownerKey, resumeSessionId, sameToken, summariseConversation, type CarryOver } from './resume';
import { summariseEarlierTurns } from './resume-summary';
import { initialSettings } from './session-config';
import type { UpstreamFactory } from './upstream';
import type { LineTiming } from './upstream-line';
import { VoiceSession } from './voice-session';
import { deliver, frameBytes, newSlot, tooFast, type Slot } from './slot';
import { Bridge, BRIDGE_PATH } from './bridge';
import { bridgeRequest, bridgeTo, type BridgeRequest } from './bridge-route';
import { ownInternalUrl } from './bridge-auth';
import { liveVoiceSessions, voiceAdmissionsRefused } from '../metrics/relay-metrics';

/**
 * GET /ws: the live voice session (SPEC §7, PRODUCT §3/§4). Origin and identity are checked in the upgrade
 * request, so a refused client never causes an upstream connection; limits apply when the socket opens.
 */

interface Admitted {
  identity: Identity;
  /** The sign-in (sessions.token_hash) that opened the socket: withdrawing it ends the voice session. */
  authSession: string;
  page: VoicePage;
  query: Record<string, string | undefined>;
}

export function upstreamFactory(deps: AppDeps): UpstreamFactory {
  const { config } = deps;
  const key = config.openaiApiKey;
  if (deps.providers.realtime.kind === 'openai' && key) {
    return (handlers) => createOpenAiUpstream(handlers, { url: config.openaiRealtimeUrl, model: config.openaiRealtimeModel, apiKey: key });
  }
  // The local provider ends its sessions at the same cap as the real one, so rotation can be tried without a key.
  return (handlers) => createLocalUpstream(handlers, { capMs: config.realtimeSessionCapMs });
}

/** Identity for /ws: on the user page an end-user session wins (it is their page), elsewhere staff first. */
async function identifySocket(signIns: SignInBatch, cookie: CookieJar, page: string | undefined): Promise<Omit<Admitted, 'query'> | null> {
  const userFirst = page === 'user';
  const first = userFirst ? await signIns.user(cookie) : await signIns.staff(cookie);
  const identity = first ?? (userFirst ? await signIns.staff(cookie) : await signIns.user(cookie));
  if (!identity) return null;
  const authSession = hashToken(String(cookie[identity.kind === 'user' ? USER_COOKIE : STAFF_COOKIE]?.value));
  if (identity.kind === 'user') return { identity, authSession, page: 'user' };
  return { identity, authSession, page: page === 'testing' || page === 'user' ? page : 'console' };
}

const REFUSED: Record<'full' | 'staff_full' | 'daily_used', [number, string]> = {
  full: [CLOSE_CODES.tooManySessions, 'Too many live sessions'],
  staff_full: [CLOSE_CODES.staffLimit, 'Too many live sessions for this account'],
  daily_used: [CLOSE_CODES.dailyLimit, 'Daily voice minutes used up'],
};

const ENDED_ELSEWHERE: Record<LiveEndCause, [number, string]> = {
  replaced: [CLOSE_CODES.replaced, 'Replaced by a newer session'],
  signed_out: [CLOSE_CODES.signedOut, 'Signed out: this sign-in is no longer valid'],
};

export interface RealtimeOptions {
  createUpstream?: UpstreamFactory;
  /** Heartbeat and poll intervals of the live-session registry (tests shorten or lengthen them). */
  liveTiming?: LiveRegistryTiming;
  /** Tests watch the collection pacing (gc-pacer.ts). */
  gcPacer?: GcPacer;
  /** The clock of the audio rate limit (audio-budget.ts): tests advance it instead of waiting. */
  audioClock?: Clock;
  /** Waits and bounds of renewing an ended upstream session (upstream-line.ts); tests shorten them. */
  renewal?: Pick<LineTiming, 'retryDelaysMs' | 'openTimeoutMs'>;
}

/** A clean close the page chose (or a closing tab): the session ends. Anything else may be a dropped network. */
const DELIBERATE_CLOSES = new Set([1000, 1001, 1005]);

/** How long the relay remembers a conversation whose page did not come back in time (resume.ts). */
const CARRY_OVER_MS = 10 * 60_000;

export const realtimeRoutes = (deps: AppDeps, opts: RealtimeOptions = {}) => {
  const { limits, voiceResumeGraceMs } = deps.config;
  const live = new LiveRegistry(deps, opts.liveTiming);
  const slots = new Set<Slot>();
  const createUpstream = opts.createUpstream ?? upstreamFactory(deps);
  // Sessions until their post-chat work is done: a stopping server ends them and waits, so nothing is lost.
  const sessions = new Set<VoiceSession>();
  const pacer = opts.gcPacer ?? new GcPacer();
  /** Sessions starting together share the module reads that are the same for all of them, and one sign-in lookup. */
  const reads = new SingleFlight();
  const signIns = new SignInBatch(deps);
  /** Live sessions by id, for a page reconnecting with its resume token. */
  const byId = new Map<string, VoiceSession>();
  /** Each session's audio budget: a page coming back to it keeps spending the same one (no new burst per reconnect). */
  const audioBudgets = new WeakMap<VoiceSession, AudioBudget>();
  const carryOvers = new CarryOvers(CARRY_OVER_MS);
  /** Pages bridged from here to the instance holding their session (bridge.ts). */
  const bridged = new Set<Slot>();
  let stopping = false;
  deps.shutdown.add(async () => {
    stopping = true;
    for (const slot of slots) if (!slot.session) slot.close(CLOSE_CODES.goingAway, 'The server is restarting');
    // A stopping edge is a dropped connection for the session (it waits on its holder) and "reconnect" for the page.
    for (const slot of bridged) {
      slot.session?.clientClosed(slot, false);
      slot.close(CLOSE_CODES.goingAway, 'The server is restarting');
    }
    await Promise.all([...sessions].map((s) => s.end('server_stopping')));
    await live.stop();
    pacer.setActive(false);
  });

  /** Ends a slot's own registration once (closed socket, refused start, ended session). */
  function release(slot: Slot) {
    if (!slots.delete(slot)) return;
    void live.release(slot.id);
  }

  /** The session held here that a page reconnecting with `token` may come back to: the token and the person match. */
  function resumable(owner: string, token: string): VoiceSession | undefined {
    const id = resumeSessionId(token);
    const session = id ? byId.get(id) : undefined;
    const same = session && sameToken(session.resumeToken, token) && ownerKey(session.identity) === owner;
    return same ? session : undefined;
  }

  /**
   * The socket takes `session` over (a page's reconnect, or a bridge from the instance it reconnected to). Tied
   * first to the sign-in it comes back with (which may not be the one that opened it): signing out of either then
   * ends the session. False when the session or the sign-in is gone.
   */
  async function takeBack(slot: Slot, session: VoiceSession | undefined, authSession: string): Promise<boolean> {
    if (!session || !(await live.tieSignIn(session.id, authSession))) return false;
    if (slot.closed || !session.reattach(slot)) return slot.closed;
    slot.session = session;
    for (const event of slot.pending.take()) session.onClientEvent(event);
    return true;
  }

  /**
   * A page reconnecting with `resume=`: back into its session when it is still here (within the grace), bridged
   * to the instance that holds it (bridge.ts; told to try again when that fails), else a new session going on
   * from what the relay remembers. `session`: the one held here that the token and the person match (resumable(),
   * looked up as the socket opened).
   */
  async function resume(slot: Slot, admitted: Admitted, token: string, session: VoiceSession | undefined) {
    const id = resumeSessionId(token);
    if (await takeBack(slot, session, admitted.authSession)) return;
    const holder = id && !byId.has(id) ? await live.holderOf(id) : undefined;
    if (holder) {
      const owner = ownerKey(admitted.identity);
      if (await bridgeTo(deps, slot, { live: id!, owner, authSession: admitted.authSession, token, internalUrl: holder.internalUrl })) {
        if (!slot.closed) bridged.add(slot);
        return;
      }
      return slot.close(CLOSE_CODES.resumeElsewhere, 'This session is on another server process: connect again');
    }
    await start(slot, admitted, (await carryOvers.take(token, ownerKey(admitted.identity))) ?? { summary: '' });
  }

  async function start(slot: Slot, admitted: Admitted, carry?: Partial<CarryOver>) {
    const { identity, page, query } = admitted;
    const admission = await live.admit(
      {
        id: slot.id,
        userId: slot.userId,
        staffId: identity.kind === 'staff' ? identity.id : null,
        authSession: admitted.authSession,
        internalUrl,
      },
      (cause) => {
        const held = byId.get(slot.id);
        if (held) return void held.end(cause);
        release(slot);
        slot.close(...ENDED_ELSEWHERE[cause]);
      },
    );
    if (!admission.ok) {
      voiceAdmissionsRefused.inc({ reason: admission.reason });
      log.warn('voice session refused', { reason: admission.reason, live: live.size });
      return slot.close(...REFUSED[admission.reason]);
    }
    slots.add(slot);
    if (slot.closed) return release(slot);
    let maxDurationMs = limits.maxSessionMinutes * 60_000;
    if (identity.kind === 'user') maxDurationMs = Math.min(maxDurationMs, (limits.dailyMinutesPerUser - admission.minutesUsed) * 60_000);
    const version = Number(query.version);
    const modules = await ModuleState.load(
      deps.db,
      {
        page,
        userId: slot.userId,
        module: carry?.module || query.module || undefined,
        version: carry?.version || (Number.isInteger(version) && version > 0 ? version : undefined),
      },
      reads,
    );
    if (carry?.promptName) modules.selectPrompt(carry.promptName);
    if (carry?.summary) modules.carryOver = carry.summary;
    if (slot.closed) return release(slot);
    if (identity.kind === 'user') {
      await insertVoiceSession(deps.db, { id: slot.id, userId: identity.id, moduleName: modules.moduleName, startedAt: new Date() });
      if (slot.closed) {
        release(slot);
        return markVoiceSessionEnded(deps.db, slot.id, new Date());
      }
    }
    // Started while the server began to stop: the shutdown hook only ends the sessions it already knew of.
    if (stopping) {
      voiceAdmissionsRefused.inc({ reason: 'server_stopping' });
      release(slot);
      if (identity.kind === 'user') await markVoiceSessionEnded(deps.db, slot.id, new Date()).catch(() => {});
      return slot.close(CLOSE_CODES.goingAway, 'The server is restarting');
    }
    const kind = identity.kind === 'user' ? 'member' : 'staff';
    const session = new VoiceSession({
      id: slot.id,
      deps,
      identity,
      settings: initialSettings(page, { voice: query.voice, temperature: query.temperature }, modules.current?.turnDetection),
      modules,
      client: slot,
      createUpstream,
      maxDurationMs,
      onEnded: () => {
        liveVoiceSessions.dec({ kind });
        byId.delete(session.id);
        release(slot);
      },
      onFinished: () => {
        sessions.delete(session);
        pacer.setActive(sessions.size > 0);
      },
      pending: slot.pending,
      graceMs: voiceResumeGraceMs,
      renewal: {
        capMs: deps.config.realtimeSessionCapMs,
        rotateBeforeMs: deps.config.realtimeRotateBeforeMs,
        ...opts.renewal,
      },
      onCarryOver: (token, next, transcript) => {
        // The excerpt serves at once; a summary of the turns it leaves out replaces it when the text provider is done.
        const earlier = earlierTurns(transcript);
        const refined = earlier.length
          ? summariseEarlierTurns(deps, earlier).then((text) => (text ? summariseConversation(transcript, text) : null))
          : undefined;
        carryOvers.put(token, next, refined);
      },
    });
    sessions.add(session);
    liveVoiceSessions.inc({ kind });
    pacer.setActive(true);
    byId.set(session.id, session);
    audioBudgets.set(session, slot.audioBudget);
    slot.session = session;
    // A page that asked to resume learns first that this is a new session (with the conversation summarised or not).
    if (carry) session.sendClient({ type: 'hearth.resumed', mode: 'restarted', summarised: Boolean(carry.summary), missed: 0 });
    session.catchUp();
    log.info('voice session started', {
      sessionId: slot.id,
      userId: slot.userId,
      page,
      provider: deps.providers.realtime.kind,
      live: live.size,
    });
  }

  /** Checked frames of a page's socket or of a bridge from another instance (bridge.ts) to where they go. */
  function onMessage(ws: { data: unknown }, message: unknown) {
    const slot = (ws.data as { slot?: Slot }).slot;
    if (!slot || slot.closed) return;
    if (frameBytes(message) > limits.maxFrameBytes) return slot.close(CLOSE_CODES.policy, 'Frame too large');
    if (typeof message === 'string') return slot.close(CLOSE_CODES.policy, 'Invalid JSON');
    if (message instanceof Uint8Array || message instanceof ArrayBuffer)
      return slot.close(CLOSE_CODES.policy, 'Binary frames are not accepted');
    const check = checkClientEvent(message, { staff: slot.userId === null });
    if (!check.ok) return slot.close(CLOSE_CODES.policy, check.reason);
    // A bridged page's pings go on to the instance holding its session, so they time the page's whole path.
    if (check.event.type === 'hearth.ping' && !(slot.session instanceof Bridge))
      return slot.send(JSON.stringify({ type: 'hearth.pong', id: check.event.id }));
    // Appends in another spelling than the page's (fast-append.ts) count against the same budget.
    if (check.event.type === 'input_audio_buffer.append' && !slot.audioBudget.take(check.event.audio.length)) return tooFast(slot);
    deliver(slot, check.event);
  }

  function onClose(ws: { data: unknown }, code: number) {
    const slot = (ws.data as { slot?: Slot }).slot;
    if (!slot) return;
    slot.closed = true;
    bridged.delete(slot);
    if (slot.session) slot.session.clientClosed(slot, slot.closedHere || DELIBERATE_CLOSES.has(code));
    else release(slot);
  }

  /** The slot of a socket that may resume `resuming`: it keeps spending that session's audio budget. */
  function slotFor(ws: { raw: Parameters<typeof newSlot>[0] }, userId: string | null, resuming: VoiceSession | undefined): Slot {
    const audioBudget = (resuming && audioBudgets.get(resuming)) || new AudioBudget(opts.audioClock);
    return newSlot(ws.raw, { userId, audioBudget, pacer });
  }

  /** Where this instance is reached by the others, known once a request shows the port it listens on. */
  let internalUrl: string | null = deps.config.internalUrl ?? null;

  return new Elysia()
    .ws(BRIDGE_PATH, {
      beforeHandle(ctx) {
        const c = ctx as typeof ctx & { bridge?: BridgeRequest };
        if (c.bridge) return;
        const request = bridgeRequest(deps.config, c.request.headers);
        if (!request) throw forbidden('This internal path takes signed requests from Hearth instances only');
        c.bridge = request;
      },
      open(ws) {
        const data = ws.data as unknown as { bridge: BridgeRequest; slot?: Slot };
        const { claims, token } = data.bridge;
        const session = resumable(claims.owner, token);
        const slot = slotFor(ws, claims.owner.startsWith('user:') ? claims.owner.slice('user:'.length) : null, session);
        data.slot = slot;
        takeAppendsFirst(data, limits.maxFrameBytes, slot.append);
        takeBack(slot, session, claims.authSession)
          .then((ok) => ok || slot.close(CLOSE_CODES.resumeElsewhere, 'This session is not held here'))
          .catch((err) => {
            log.error('voice bridge failed', { sessionId: claims.live, error: (err as Error)?.name });
            slot.close(CLOSE_CODES.resumeElsewhere, 'This session is not held here');
          });
      },
      message: onMessage,
      close: onClose,
    })
    .ws('/ws', {
      async beforeHandle(ctx) {
        const c = ctx as typeof ctx & { hearth?: Admitted };
        if (c.hearth) return; // Elysia runs this hook twice for websocket routes
        if (!acceptedOrigins(deps.config, c.server?.port).includes(c.request.headers.get('origin') ?? '')) {
          voiceAdmissionsRefused.inc({ reason: 'origin' });
          throw forbidden('This origin may not open a voice session');
        }
        // Repeated or overlong parameters are ignored rather than trusted.
        const query: Admitted['query'] = {};
        for (const [name, value] of Object.entries(c.query as Record<string, unknown>)) {
          if (typeof value === 'string' && value.length <= 200) query[name] = value;
        }
        const who = await identifySocket(signIns, c.cookie as CookieJar, query.page);
        if (!who) {
          voiceAdmissionsRefused.inc({ reason: 'unauthenticated' });
          throw unauthorized();
        }
        c.hearth = { ...who, query };
        if (!internalUrl && c.server?.port) internalUrl = ownInternalUrl(deps.config, c.server.port);
      },
      open(ws) {
        const data = ws.data as unknown as { hearth: Admitted; slot?: Slot };
        const raw = ws.raw;
        const admitted = data.hearth;
        const token = admitted.query.resume;
        const resuming = token ? resumable(ownerKey(admitted.identity), token) : undefined;
        const slot = slotFor(ws, admitted.identity.kind === 'user' ? admitted.identity.id : null, resuming);
        data.slot = slot;
        takeAppendsFirst(data, limits.maxFrameBytes, slot.append);
        // Admission asks the database (limits hold across instances); events sent meanwhile wait in slot.pending.
        (token ? resume(slot, admitted, token, resuming) : start(slot, admitted)).catch((err) => {
          log.error('voice session failed to start', { sessionId: slot.id, error: (err as Error)?.name });
          release(slot);
          slot.close(CLOSE_CODES.upstreamFailed, 'Voice session could not start');
        });
      },
      message: onMessage,
      close: onClose,
    });
};
