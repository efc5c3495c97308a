import { randomUUID } from 'node:crypto';
import { CLOSE_CODES } from '@hearth/protocol';
import type { AppDeps } from '../deps';
import { log } from '../log';
import { loadModuleVersion } from '../features/sequences/lookup';
import type { Identity } from '../plugins/auth';
import type { ModuleState } from './module-state';
import type { PendingEvents } from './pending-events';
import type { TranscriptLine } from '../features/post-chat/run';
import type { CarryOver } from './resume';
import type { SessionSettings } from './session-config';
import type { UpstreamEvent, UpstreamFactory } from './upstream';
import type { LineTiming } from './upstream-line';

// What a voice session is made of and how it can end (voice-session.ts is the session itself).

/** The browser side of a session: the /ws socket. */
export interface ClientChannel {
  send(text: string): void;
  close(code: number, reason: string): void;
}

export type EndCause =
  | 'client_closed'
  | 'client_lost'
  | 'end_session'
  | 'upstream_failed'
  | 'replaced'
  | 'signed_out'
  | 'time_limit'
  | 'server_stopping';

export const CLOSE_FOR: Record<Exclude<EndCause, 'client_closed' | 'client_lost'>, [number, string]> = {
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
  onEnded(): void;
  /** Called once when everything, post-chat work included, is done. */
  onFinished?(): void;
  /** Milliseconds until the session is closed with 4001. */
  maxDurationMs: number;
  /** Events the socket received before the session existed (see `catchUp`); the session keeps its waiting events there. */
  pending?: PendingEvents;
  /** How long a page whose socket dropped may come back to this session (resume.ts); default 0: it ends at once. */
  graceMs?: number;
  /**
   * A session that ended while its page was away leaves what the next session needs to go on from it, and its
   * transcript (from memory, for a better summary of the earlier turns; never stored).
   */
  onCarryOver?(token: string, carry: CarryOver, transcript: readonly TranscriptLine[]): void;
  /** The first text sent up in place of FIRST_USER_TEXT (a test case's opening line, PRODUCT §10). */
  firstText?: string;
  /**
   * Renew the upstream session when the provider ends it, and rotate before its cap (upstream-line.ts); unset, the
   * session ends with its upstream (server-side test runs: an attempt cut short is tried again as a whole).
   */
  renewal?: LineTiming;
  /** A test-run attempt's session: its cost is filed as the run's, not a member's (session-usage.ts). */
  testRun?: boolean;
}

/** Ends after which the page may come back and find a new session going on from this one. */
export const CARRIED_OVER: ReadonlySet<EndCause> = new Set(['client_lost', 'upstream_failed']);

/** An `error` event of the relay's own, shaped as the GA API's (its event id marks it as ours). */
export function hearthError(type: 'server_error' | 'invalid_request_error', code: string, message: string): UpstreamEvent {
  return { type: 'error', event_id: `event_hearth_${randomUUID()}`, error: { type, code, message, param: null, event_id: null } };
}

/** Why a page's module choice (`hearth.select_module`) failed: an unknown version of a module, or no such module. */
export async function moduleChoiceError(db: AppDeps['db'], name: string, version?: number): Promise<UpstreamEvent> {
  const moduleExists = version !== undefined && (await loadModuleVersion(db, name)) !== null;
  return moduleExists
    ? hearthError('invalid_request_error', 'version_not_found', `Version ${version} not found`)
    : hearthError('invalid_request_error', 'module_not_found', 'The module does not exist');
}

/** The one line a voice session logs when it ends: ids, figures and causes only (PRODUCT §7). */
export function logSessionEnded(
  session: { id: string; userId: string | null; identity: Identity; startedAt: Date },
  fields: { cause: EndCause; provider: string; endedAt: Date; postChat: string; counts: Record<string, number> },
) {
  log.info('voice session ended', {
    sessionId: session.id,
    userId: session.userId,
    staffId: session.identity.kind === 'staff' ? session.identity.id : null,
    cause: fields.cause,
    provider: fields.provider,
    seconds: Math.round((fields.endedAt.getTime() - session.startedAt.getTime()) / 1000),
    postChat: fields.postChat,
    ...fields.counts,
  });
}
