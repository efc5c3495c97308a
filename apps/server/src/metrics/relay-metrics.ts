import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * This process's own figures (PRODUCT §12): the relay counts here, where it acts, and `GET /metrics` (server.ts)
 * reads them with the database's shared figures. Every update is once per connection, turn or response, never
 * per audio frame, so the relay's hot path does not pay for them.
 */
export const processRegistry = new Registry();

/** Who holds a voice session: an end user on their page, or staff (console, testing, a member's page). */
export type SessionKind = 'member' | 'staff';

/**
 * Where the relay turns a connection away, with the codes it uses: `origin` and `unauthenticated` (the upgrade
 * request), `full`, `staff_full` and `daily_used` (the product-wide admission, live-repository.ts) and
 * `server_stopping`. A member's second session is not refused: it replaces the first.
 */
export type RefusalReason = 'origin' | 'unauthenticated' | 'full' | 'staff_full' | 'daily_used' | 'server_stopping';

/** Upstream (provider) trouble as the relay saw it; see openai-upstream.ts for where each is counted. */
export type UpstreamErrorKind = 'error_event' | 'connect_failed' | 'connect_timeout' | 'ended' | 'lost' | 'unreadable';

export const liveVoiceSessions = new Gauge({
  name: 'hearth_live_voice_sessions',
  help: 'Voice sessions live in this server process, by who holds them (member or staff). With WORKERS>1 only worker 1 serves metrics: these are its sessions.',
  labelNames: ['kind'] as const,
  registers: [processRegistry],
});

export const voiceAdmissionsRefused = new Counter({
  name: 'hearth_voice_admissions_refused_total',
  help: 'Voice connections the relay turned away, by reason (origin, unauthenticated, full, staff_full, daily_used, server_stopping).',
  labelNames: ['reason'] as const,
  registers: [processRegistry],
});

export const turnLatency = new Histogram({
  name: 'hearth_turn_latency_seconds',
  help: "The relay's view of a turn: from the upstream reporting the member's speech stopped (or committed) to the answer's first audio sent to the page.",
  buckets: [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.8, 1, 1.25, 1.5, 2, 3, 5, 10],
  registers: [processRegistry],
});

export const relayAdded = new Histogram({
  name: 'hearth_relay_added_seconds',
  help: "Per response, the first audio delta's time in the relay: from its handler receiving it from the upstream to its send to the page returning (event-loop waits before that show in nodejs_eventloop_lag_seconds).",
  buckets: [0.00001, 0.000025, 0.00005, 0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05],
  registers: [processRegistry],
});

export const upstreamErrors = new Counter({
  name: 'hearth_upstream_errors_total',
  help: 'Realtime provider trouble, by kind: error_event (an error event), connect_failed, connect_timeout, ended (the provider closed the session), lost (the connection broke), unreadable (a message that was not JSON).',
  labelNames: ['kind'] as const,
  registers: [processRegistry],
});

// Present at zero before anything happens, so a dashboard sees the series (and rate() works) from the start.
for (const kind of ['member', 'staff'] as const) liveVoiceSessions.set({ kind }, 0);
for (const reason of ['origin', 'unauthenticated', 'full', 'staff_full', 'daily_used', 'server_stopping'] as const)
  voiceAdmissionsRefused.inc({ reason }, 0);
for (const kind of ['error_event', 'connect_failed', 'connect_timeout', 'ended', 'lost', 'unreadable'] as const)
  upstreamErrors.inc({ kind }, 0);

let defaultsOn = false;
/** Process figures (CPU, memory, event-loop lag, GC): only in a process that serves metrics, and once. */
export function collectProcessMetrics() {
  if (defaultsOn) return;
  defaultsOn = true;
  collectDefaultMetrics({ register: processRegistry });
}
