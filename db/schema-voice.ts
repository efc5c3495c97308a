// The voice sessions' own records, part of the Database interface in schema.ts: who talked and when, what it cost,
// how the turn-taking went, and which sessions are live on which instance right now.
import type { ColumnType } from 'kysely';
import type { Timestamp } from './schema-columns';

export interface VoiceSessionsTable {
  id: string;
  user_id: string | null;
  staff_id: string | null;
  module_name: string;
  started_at: Timestamp;
  ended_at: Timestamp | null;
  post_chat_status: string | null;
}

/** What one voice session cost (issue 25 item 2); see its migration. Token counts as the provider reported them. */
export interface VoiceSessionCostsTable {
  session_id: string;
  source: 'member' | 'staff' | 'test_run';
  /** Null for staff and test-run sessions, and once the member is deleted. */
  user_id: string | null;
  page: string;
  sequence_id: number | null;
  module_name: string | null;
  version: number | null;
  /** 'openai' or 'local' (the local provider reports no usage: $0). */
  provider: string;
  model: string;
  responses: number;
  text_in_tokens: number;
  cached_text_in_tokens: number;
  speech_in_tokens: number;
  cached_speech_in_tokens: number;
  text_out_tokens: number;
  speech_out_tokens: number;
  /** numeric: read it cast to float8 (postgres.js and PGlite both answer numeric as text). */
  cost_usd: ColumnType<string, number | string, number | string>;
  started_at: Timestamp;
  ended_at: Timestamp;
}

/** A voice session's turn-taking totals as its page measured them (issue 23 §4); see its migration. */
export interface TurnTakingSessionsTable {
  session_id: string;
  sequence_id: number | null;
  module_name: string;
  version: number;
  /** The page the session served: 'user' (members), 'console' or 'testing' (staff). */
  page: string;
  /** 'server_vad', 'semantic_vad' or 'manual' when the session ended. */
  turn_detection: string;
  turns: number;
  cut_offs: number;
  premature_commits: number;
  dead_airs: number;
  self_interruptions: number;
  ended_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** A voice session live on some server instance right now (PRODUCT §8); see its migration. */
export interface LiveVoiceSessionsTable {
  id: string;
  instance_id: string;
  user_id: string | null;
  staff_id: string | null;
  auth_session: string;
  started_at: ColumnType<Date, Date | string | undefined, Date | string>;
  heartbeat_at: ColumnType<Date, Date | string | undefined, Date | string>;
  ended_reason: string | null;
  /** Where the holding instance is reached by the others (INTERNAL_URL): a reconnect elsewhere is bridged there. */
  internal_url: string | null;
}

/** The sign-ins a live voice session was resumed with besides the one that opened it (issue 21). */
export interface LiveVoiceSignInsTable {
  live_id: string;
  auth_session: string;
}
