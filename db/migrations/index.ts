import type { Migration } from 'kysely/migration';
import * as initial from './20261123000000_initial';
import * as staffDisabled from './20261124090000_staff_disabled';
import * as blasts from './20261124120000_blasts';
import * as indexes from './20261126110000_indexes';
import * as liveVoiceSessions from './20261126120000_live_voice_sessions';
import * as liveVoiceSignIns from './20261128014500_live_voice_sign_ins';
import * as staffCredentialVersion from './20261128020000_staff_credential_version';
import * as outboxKept from './20261128020100_outbox_kept';
import * as publishedVersions from './20261128030000_published_versions';
import * as testCases from './20261128040000_test_cases';
import * as testRuns from './20261128050000_test_runs';
import * as turnTaking from './20261128060000_turn_taking';
import * as sequenceTurnDetection from './20261128061000_sequence_turn_detection';
import * as communityLoop from './20261128100000_community_loop';
import * as voiceSessionCosts from './20261128170000_voice_session_costs';
import * as liveInternalUrl from './20261128180000_live_internal_url';

// Listed statically so migrations work after bundling. Frozen once landed: add, never edit.
export const migrations: Record<string, Migration> = {
  '20261123000000_initial': initial,
  '20261124090000_staff_disabled': staffDisabled,
  '20261124120000_blasts': blasts,
  '20261126110000_indexes': indexes,
  '20261126120000_live_voice_sessions': liveVoiceSessions,
  '20261128014500_live_voice_sign_ins': liveVoiceSignIns,
  '20261128020000_staff_credential_version': staffCredentialVersion,
  '20261128020100_outbox_kept': outboxKept,
  '20261128030000_published_versions': publishedVersions,
  '20261128040000_test_cases': testCases,
  '20261128050000_test_runs': testRuns,
  '20261128060000_turn_taking': turnTaking,
  '20261128061000_sequence_turn_detection': sequenceTurnDetection,
  '20261128100000_community_loop': communityLoop,
  '20261128170000_voice_session_costs': voiceSessionCosts,
  '20261128180000_live_internal_url': liveInternalUrl,
};
