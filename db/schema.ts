import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { CreatedAt, Json, Timestamp } from './schema-columns';
import type {
  LiveVoiceSessionsTable,
  LiveVoiceSignInsTable,
  TurnTakingSessionsTable,
  VoiceSessionCostsTable,
  VoiceSessionsTable,
} from './schema-voice';

export type StaffRole = 'operator' | 'admin';

export interface SequentialPrompt {
  name: string;
  description: string;
  prompt: string;
  trigger_condition: string;
  next_prompt: string;
  archived?: boolean;
  /** Sent upstream as `reasoning.effort` while this prompt is active (reasoning models only). */
  reasoning_effort?: 'minimal' | 'low' | 'medium' | 'high' | 'xhigh';
}

export interface StaffTable {
  id: Generated<string>;
  email: string;
  password_hash: string;
  role: StaffRole;
  created_at: CreatedAt;
  /** A disabled account cannot sign in and has no sessions. */
  disabled: Generated<boolean>;
  last_sign_in_at: Timestamp | null;
  /** Bumped by every password change and disable; a sign-in keeps its session only if it is unchanged. */
  credential_version: Generated<number>;
}

export interface UsersTable {
  id: string;
  name: string;
  file_name: string;
  email: string | null;
  phone_number: string | null;
  memory_document: Generated<string>;
  profile_for_group: Generated<string>;
  sms_opt_out: Generated<boolean>;
  is_test_user: Generated<boolean>;
  /** The simulated member of a test-run attempt (PRODUCT §10): deleted after it; never shown in admin screens. */
  scratch: Generated<boolean>;
  created_at: CreatedAt;
  /** First times of the community loop's funnel (PRODUCT §11; migration 20261128100000): set once, never moved back. */
  invited_at: Timestamp | null;
  link_opened_at: Timestamp | null;
  talked_at: Timestamp | null;
  profiled_at: Timestamp | null;
}

export interface SessionsTable {
  token_hash: string;
  staff_id: string | null;
  user_id: string | null;
  created_at: CreatedAt;
  expires_at: Timestamp;
}

export interface UserLinkTokensTable {
  token_hash: string;
  user_id: string;
  module_name: string | null;
  created_at: CreatedAt;
  last_used_at: Timestamp | null;
  revoked_at: Timestamp | null;
}

export interface GroupsTable {
  id: string;
  name: string;
  isolated_module: string | null;
  created_at: CreatedAt;
  /** Days after a member is told their subgroup before they are asked whether they met (PRODUCT §11). */
  met_ask_days: Generated<number>;
  /** Days after being told before a member who met is asked whether they met again. */
  met_again_days: Generated<number>;
}

export interface SubgroupsTable {
  id: string;
  group_id: string;
  name: string;
  description: Generated<string>;
  created_at: CreatedAt;
}

export interface GroupMembersTable {
  group_id: string;
  user_id: string;
  subgroup_id: string | null;
  user_description: Generated<string>;
  created_at: CreatedAt;
  /** When the current subgroup was set; null without one. */
  assigned_at: Timestamp | null;
}

export interface SequencesTable {
  id: Generated<number>;
  name: string;
  is_global: Generated<boolean>;
  archived: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
  /** The version members get (PRODUCT §10); null: unpublished, members do not see the sequence. */
  published_version: ColumnType<number | null, number | null | undefined, number | null>;
  /** Publishing needs a passing test run of the version (PRODUCT §10 gate). */
  require_tests: Generated<boolean>;
  /** How members' turns end (issue 23); null: the page's server VAD. Same shape as the protocol's SequenceTurnDetection. */
  turn_detection: ColumnType<StoredTurnDetection | null, StoredTurnDetection | null | undefined, StoredTurnDetection | null>;
  /** The module offers the assistant the UCLA loneliness scale tool (PRODUCT §11 well-being, with consent). */
  wellbeing: Generated<boolean>;
}

export type StoredTurnDetection = { type: 'server_vad' } | { type: 'semantic_vad'; eagerness: 'low' | 'medium' | 'high' | 'auto' };

/** One publish of a sequence version (PRODUCT §10); published_by null: at the migration or by the seed. */
export interface SequencePublicationsTable {
  id: Generated<number>;
  sequence_id: number;
  version: number;
  published_by: string | null;
  published_at: CreatedAt;
  forced: Generated<boolean>;
}

/** A test case of a sequence (PRODUCT §10); `definition` is the case without its name (test-runs/model.ts). */
export interface TestCasesTable {
  id: string;
  sequence_id: number;
  name: string;
  definition: Json<Record<string, unknown>>;
  created_by: string | null;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export type TestRunStatus = 'queued' | 'running' | 'done' | 'failed';
export type TestAttemptStatus = 'queued' | 'running' | 'passed' | 'failed' | 'error';

/** A test run of one sequence version (PRODUCT §10); its attempts are jobs (features/test-runs/jobs.ts). */
export interface TestRunsTable {
  id: string;
  sequence_id: number;
  version: number;
  status: Generated<TestRunStatus>;
  provider: 'local' | 'openai';
  judge: 'keywords' | 'model';
  created_by: string | null;
  created_at: CreatedAt;
  started_at: Timestamp | null;
  finished_at: Timestamp | null;
  case_ids: Json<string[]>;
  repeats: number | null;
}

/** One repeat of one case in a run; `result` is the attempt's transcript, checks, path and figures. */
export interface TestRunAttemptsTable {
  id: string;
  run_id: string;
  case_id: string;
  case_name: string;
  case_snapshot: Json<Record<string, unknown>>;
  repeat: number;
  status: Generated<TestAttemptStatus>;
  claimed_by: string | null;
  tries: Generated<number>;
  result: Json<Record<string, unknown>> | null;
  started_at: Timestamp | null;
  finished_at: Timestamp | null;
}

export interface SequenceVersionsTable {
  sequence_id: number;
  version: number;
  module_prompt: Generated<string>;
  global_prompt: string | null;
  sequential_prompts: Json<SequentialPrompt[]>;
  archived: Generated<boolean>;
  created_at: CreatedAt;
}

export interface SystemPromptTable {
  id: number;
  prompt: string;
  updated_at: CreatedAt;
}

export interface PromptsTable {
  name: string;
  prompt: string;
  updated_at: CreatedAt;
}

export interface SectionRecordsTable {
  id: Generated<number>;
  user_id: string;
  module_name: string;
  start_time: Timestamp;
  end_time: Timestamp;
  voice_session_id: string | null;
  created_at: CreatedAt;
}

export interface UserStatsTable {
  user_id: string;
  last_conversation_at: Timestamp | null;
  last_module_used: string | null;
  total_seconds: Generated<number>;
}

export interface QuizSummariesTable {
  id: Generated<number>;
  user_id: string;
  date: CreatedAt;
  summary: string;
}

export interface MemoryEntriesTable {
  user_id: string;
  key: string;
  value: string;
  updated_at: CreatedAt;
}

export interface MoodEntriesTable {
  user_id: string;
  key: string;
  value: number;
  updated_at: CreatedAt;
}

export interface FeedbackTable {
  id: Generated<number>;
  user_id: string | null;
  staff_id: string | null;
  feedback: string;
  selected_sequence: string | null;
  selected_version: string | null;
  last_conversation: Json<unknown> | null;
  created_at: CreatedAt;
}

/** 'blast': one message of a kind to every member of a group; 'message': a single send or per-member notice. */
export type CampaignScope = 'blast' | 'message';

export interface CampaignsTable {
  id: string;
  kind: string;
  group_id: string | null;
  created_by: string | null;
  created_at: CreatedAt;
  scope: Generated<CampaignScope>;
  module_name: string | null;
  /** Set once none of its messages is queued or sending. */
  finished_at: Timestamp | null;
}

/**
 * 'unknown': a send cut off by a crash (it may or may not have left); never retried automatically.
 * 'delivered' / 'undelivered': what Twilio's status callback reported for a sent SMS.
 * 'kept': handled by the outbox-only provider (no SMS or e-mail provider configured): it went to nobody.
 */
export type OutboxStatus = 'queued' | 'sending' | 'sent' | 'kept' | 'delivered' | 'undelivered' | 'failed' | 'skipped' | 'unknown';
export type OutboxChannel = 'sms' | 'email';

export interface OutboxTable {
  id: Generated<number>;
  unique_key: string;
  campaign_id: string | null;
  user_id: string | null;
  channel: OutboxChannel;
  kind: string;
  to_address: string;
  subject: string | null;
  body: string;
  html: string | null;
  status: Generated<OutboxStatus>;
  attempts: Generated<number>;
  last_error: string | null;
  provider: string | null;
  provider_message_id: string | null;
  created_at: CreatedAt;
  sent_at: Timestamp | null;
  /** The server instance sending it and since when (status 'sending'): a restart tells dead sends from live ones. */
  locked_by: string | null;
  locked_at: Timestamp | null;
  /** When the provider last reported on it (delivery status callbacks). */
  status_at: Timestamp | null;
}

export type MetRound = 'met' | 'met_again';
export type MetAnswer = 'yes' | 'no' | 'later';

/**
 * One question of the community loop (PRODUCT §11): did the member meet their subgroup (round 'met'), and later did
 * they meet again ('met_again'). One row per (user, subgroup, round); `answer` is one word, never the reply itself.
 */
export interface MetAsksTable {
  id: string;
  group_id: string;
  user_id: string;
  /** Null once a later assignment replaced that subgroup. */
  subgroup_id: string | null;
  round: MetRound;
  asked_at: CreatedAt;
  /** The last time it was sent (a forced ask or a LATER reply asks again). */
  last_asked_at: CreatedAt;
  ask_count: Generated<number>;
  /** How it was sent: 'sms', 'email', or 'card' (only the user page's card). */
  channel: 'sms' | 'email' | 'card';
  answer: MetAnswer | null;
  answered_at: Timestamp | null;
  answered_via: 'sms' | 'card' | null;
  /** When the one clarifying SMS for an unclear reply went out (per ask). */
  clarified_at: Timestamp | null;
  /** LATER: when to ask again. */
  next_ask_at: Timestamp | null;
}

/** The three-item UCLA loneliness scale as answered by voice (1 hardly ever, 2 some of the time, 3 often). */
export interface WellbeingAnswersTable {
  id: string;
  user_id: string;
  module_name: string;
  phase: 'intake' | 'later';
  lack_companionship: number;
  left_out: number;
  isolated: number;
  score: number;
  recorded_at: CreatedAt;
}

export interface RateLimitsTable {
  key: string;
  window_start: Timestamp;
  count: number;
}

export interface Database {
  rate_limits: RateLimitsTable;
  staff: StaffTable;
  users: UsersTable;
  sessions: SessionsTable;
  user_link_tokens: UserLinkTokensTable;
  groups: GroupsTable;
  subgroups: SubgroupsTable;
  group_members: GroupMembersTable;
  sequences: SequencesTable;
  sequence_versions: SequenceVersionsTable;
  sequence_publications: SequencePublicationsTable;
  test_cases: TestCasesTable;
  test_runs: TestRunsTable;
  test_run_attempts: TestRunAttemptsTable;
  system_prompt: SystemPromptTable;
  prompts: PromptsTable;
  section_records: SectionRecordsTable;
  user_stats: UserStatsTable;
  quiz_summaries: QuizSummariesTable;
  memory_entries: MemoryEntriesTable;
  mood_entries: MoodEntriesTable;
  feedback: FeedbackTable;
  campaigns: CampaignsTable;
  outbox: OutboxTable;
  voice_sessions: VoiceSessionsTable;
  live_voice_sessions: LiveVoiceSessionsTable;
  live_voice_sign_ins: LiveVoiceSignInsTable;
  turn_taking_sessions: TurnTakingSessionsTable;
  voice_session_costs: VoiceSessionCostsTable;
  met_asks: MetAsksTable;
  wellbeing_answers: WellbeingAnswersTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
