import { resolve } from 'node:path';
import { parsePriceTable, type PriceTable } from './features/costs/pricing';

/** Configuration names are fixed by PRODUCT.md §2; read them here and nowhere else. */
export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  /** PUBLIC_URL was given: only its origin is trusted. Unset, the server's own loopback names are (see acceptedOrigins). */
  publicUrlSet: boolean;
  databaseUrl?: string;
  dataDir: string;
  adminEmail?: string;
  adminPassword?: string;
  /** How many reverse proxies in front of the server to trust for X-Forwarded-For (0: ignore the header). */
  trustProxy: number;
  openaiApiKey?: string;
  openaiBaseUrl?: string;
  openaiRealtimeUrl: string;
  openaiRealtimeModel: string;
  openaiTextModel: string;
  openaiTranscribeModel: string;
  /** USD per 1M tokens per realtime model (PRICE_TABLE merged over features/costs/pricing.ts's defaults). */
  priceTable: PriceTable;
  twilio?: { accountSid: string; authToken: string; from: string; apiUrl?: string };
  smtpUrl?: string;
  mailFrom: string;
  /** Where visitors and members may write (CONTACT_EMAIL); unset, the pages show no address and point to the organizer. */
  contactEmail?: string;
  limits: Limits;
  /** Server processes sharing the port on this machine (PRODUCT §8); more than one needs DATABASE_URL. */
  workers: number;
  /** How long a voice session whose page dropped waits for it to reconnect (VOICE_RESUME_GRACE_SECONDS; 0: never). */
  voiceResumeGraceMs: number;
  /** The provider's cap on one upstream realtime session (REALTIME_SESSION_CAP_SECONDS; OpenAI: 60 minutes). */
  realtimeSessionCapMs: number;
  /** How long before that cap the relay renews the upstream at a turn boundary (REALTIME_ROTATE_BEFORE_SECONDS). */
  realtimeRotateBeforeMs: number;
  /** Where `GET /metrics` (Prometheus text) is served (METRICS_PORT, METRICS_HOST); undefined: no metrics server. */
  metrics?: { port: number; host: string };
  /** APP_SECRET; unset, one is generated once and kept in DATA_DIR (realtime/bridge-auth.ts). */
  appSecret?: string;
  /** INTERNAL_URL: where the other instances reach this one (a resume bridged here); unset, derived from HOST/PORT. */
  internalUrl?: string;
  /** BRIDGE=off: a reconnect reaching an instance that does not hold its session is told 4005 (no bridging). */
  bridge: boolean;
  /**
   * Per-turn traces exported over OTLP (PRODUCT §12) when OTEL_EXPORTER_OTLP_(TRACES_)ENDPOINT is set; the exporter
   * and metrics/trace-settings.ts read that and the other standard OTEL_* variables when the first turn is exported.
   * `reportWaitMs`: how long a turn waits for the page's shares.
   */
  traceExport?: { reportWaitMs: number };
}

export interface Limits {
  /** Live voice sessions one end user may hold at once. */
  sessionsPerUser: number;
  /** Live voice sessions across the product (every instance on the database). */
  maxLiveSessions: number;
  /** Live voice sessions one staff account may hold at once (console and testing pages). */
  sessionsPerStaff: number;
  maxSessionMinutes: number;
  dailyMinutesPerUser: number;
  maxFrameBytes: number;
  loginAttemptsPerMinute: number;
}

type Env = Record<string, string | undefined>;

function int(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be a non-negative number, got "${raw}"`);
  return n;
}

/** A plain address (shown on the pages and used in a mailto: link); anything else stops the start with a clear message. */
function contactEmail(env: Env): string | undefined {
  const raw = env.CONTACT_EMAIL?.trim();
  if (!raw) return undefined;
  if (!/^[^\s@<>()"',;:]+@[^\s@<>()"',;:]+\.[^\s@<>()"',;:]+$/.test(raw)) {
    throw new Error(`CONTACT_EMAIL must be a plain e-mail address such as hello@example.org, got "${raw}"`);
  }
  return raw;
}

function traceExport(env: Env): Config['traceExport'] {
  const endpoint = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || env.OTEL_EXPORTER_OTLP_ENDPOINT;
  if (!endpoint || env.OTEL_SDK_DISABLED === 'true' || env.OTEL_TRACES_EXPORTER === 'none') return undefined;
  return { reportWaitMs: 5000 };
}

/** METRICS_PORT: its own listener, on loopback unless METRICS_HOST says otherwise; never the public port (PRODUCT §12). */
function metrics(env: Env, port: number): Config['metrics'] {
  if (!env.METRICS_PORT) return undefined;
  const metricsPort = Math.floor(int(env, 'METRICS_PORT', 0));
  if (metricsPort !== 0 && metricsPort === port)
    throw new Error(`METRICS_PORT must differ from PORT (${port}): metrics are never served on the public port`);
  return { port: metricsPort, host: env.METRICS_HOST || '127.0.0.1' };
}

/** INTERNAL_URL: an http(s) origin the other instances can reach; anything else stops the start with a clear message. */
function internalUrl(env: Env): string | undefined {
  const raw = env.INTERNAL_URL?.trim();
  if (!raw) return undefined;
  let url: URL | null = null;
  try {
    url = new URL(raw);
  } catch {}
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:'))
    throw new Error(`INTERNAL_URL must be an http:// or https:// address such as http://10.0.0.5:3000, got "${raw}"`);
  return raw.replace(/\/+$/, '');
}

export function loadConfig(env: Env = process.env): Config {
  const port = int(env, 'PORT', 3000);
  const dataDir = resolve(env.DATA_DIR || './data');
  const twilioSid = env.TWILIO_ACCOUNT_SID;
  return {
    port,
    host: env.HOST || '127.0.0.1',
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, ''),
    publicUrlSet: Boolean(env.PUBLIC_URL),
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir,
    adminEmail: env.ADMIN_EMAIL || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    trustProxy: Math.floor(int(env, 'TRUST_PROXY', 0)),
    openaiApiKey: env.OPENAI_API_KEY || undefined,
    openaiBaseUrl: env.OPENAI_BASE_URL || undefined,
    openaiRealtimeUrl: env.OPENAI_REALTIME_URL || 'wss://api.openai.com/v1/realtime',
    openaiRealtimeModel: env.OPENAI_REALTIME_MODEL || 'gpt-realtime',
    openaiTextModel: env.OPENAI_TEXT_MODEL || 'gpt-4.1-mini',
    openaiTranscribeModel: env.OPENAI_TRANSCRIBE_MODEL || 'gpt-4o-mini-transcribe',
    priceTable: parsePriceTable(env.PRICE_TABLE),
    twilio:
      twilioSid && env.TWILIO_AUTH_TOKEN && env.TWILIO_FROM
        ? { accountSid: twilioSid, authToken: env.TWILIO_AUTH_TOKEN, from: env.TWILIO_FROM, apiUrl: env.TWILIO_API_URL || undefined }
        : undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'Hearth <hearth@localhost>',
    contactEmail: contactEmail(env),
    workers: Math.max(1, Math.floor(int(env, 'WORKERS', 1))),
    voiceResumeGraceMs: Math.round(int(env, 'VOICE_RESUME_GRACE_SECONDS', 20) * 1000),
    realtimeSessionCapMs: Math.round(int(env, 'REALTIME_SESSION_CAP_SECONDS', 3600) * 1000),
    realtimeRotateBeforeMs: Math.round(int(env, 'REALTIME_ROTATE_BEFORE_SECONDS', 300) * 1000),
    metrics: metrics(env, port),
    appSecret: env.APP_SECRET || undefined,
    internalUrl: internalUrl(env),
    bridge: env.BRIDGE !== 'off',
    traceExport: traceExport(env),
    limits: {
      sessionsPerUser: int(env, 'LIMIT_SESSIONS_PER_USER', 1),
      maxLiveSessions: int(env, 'LIMIT_LIVE_SESSIONS', 500),
      sessionsPerStaff: int(env, 'LIMIT_SESSIONS_PER_STAFF', 5),
      maxSessionMinutes: int(env, 'LIMIT_SESSION_MINUTES', 60),
      dailyMinutesPerUser: int(env, 'LIMIT_DAILY_MINUTES', 180),
      maxFrameBytes: int(env, 'LIMIT_WS_FRAME_BYTES', 256 * 1024),
      loginAttemptsPerMinute: int(env, 'LIMIT_LOGIN_PER_MINUTE', 10),
    },
  };
}
