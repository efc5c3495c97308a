import { turnTakingRates } from '@hearth/protocol';
import type { DB } from '@hearth/db/client';
import { NotFound } from '../../errors';
import { findSequence, sequenceFileName } from '../sequences/lookup';
import type { TurnTakingAnswer } from './model';
import { turnTakingSums } from './repository';

type Row = TurnTakingAnswer['versions'][number];
const DETECTIONS: readonly Row['turnDetection'][] = ['server_vad', 'semantic_vad', 'manual'];

/**
 * Turn-taking rates of a sequence per version (issue 23 §4), members' conversations apart from staff ones, and
 * per turn detection so server and semantic VAD can be compared. Newest version first.
 */
export async function getTurnTaking(db: DB, name: string): Promise<TurnTakingAnswer> {
  const sequence = await findSequence(db, name);
  if (!sequence) throw new NotFound('Sequence not found');
  const groups = new Map<string, Row & { counts: Parameters<typeof turnTakingRates>[0] }>();
  for (const sum of await turnTakingSums(db, sequence.id)) {
    const turnDetection = DETECTIONS.find((d) => d === sum.turnDetection) ?? 'manual';
    const source = sum.page === 'user' ? 'members' : 'staff';
    const key = `${sum.version}\0${turnDetection}\0${source}`;
    const group = groups.get(key) ?? {
      version: sum.version,
      turnDetection,
      source,
      sessions: 0,
      turns: 0,
      cutOffRate: 0,
      prematureCommitRate: 0,
      deadAirRate: 0,
      selfInterruptionRate: 0,
      counts: { turns: 0, cutOffs: 0, prematureCommits: 0, deadAirs: 0, selfInterruptions: 0 },
    };
    group.sessions += sum.sessions;
    group.counts.turns += sum.turns;
    group.counts.cutOffs += sum.cutOffs;
    group.counts.prematureCommits += sum.prematureCommits;
    group.counts.deadAirs += sum.deadAirs;
    group.counts.selfInterruptions += sum.selfInterruptions;
    groups.set(key, group);
  }
  const versions = [...groups.values()].map(({ counts, ...row }) => {
    const rates = turnTakingRates(counts);
    return {
      ...row,
      turns: counts.turns,
      cutOffRate: rates.cutOff,
      prematureCommitRate: rates.prematureCommit,
      deadAirRate: rates.deadAir,
      selfInterruptionRate: rates.selfInterruption,
    };
  });
  versions.sort(
    (a, b) =>
      b.version - a.version ||
      a.source.localeCompare(b.source) ||
      DETECTIONS.indexOf(a.turnDetection) - DETECTIONS.indexOf(b.turnDetection),
  );
  return { sequence: sequenceFileName(sequence.name), versions };
}
