import type { DB } from '@hearth/db/client';

/** Sums of the stored sessions of one sequence, by version, turn detection and page. */
export async function turnTakingSums(db: DB, sequenceId: number) {
  const rows = await db
    .selectFrom('turn_taking_sessions')
    .select((eb) => [
      'version',
      'turn_detection',
      'page',
      eb.fn.countAll<string>().as('sessions'),
      eb.fn.sum<string>('turns').as('turns'),
      eb.fn.sum<string>('cut_offs').as('cut_offs'),
      eb.fn.sum<string>('premature_commits').as('premature_commits'),
      eb.fn.sum<string>('dead_airs').as('dead_airs'),
      eb.fn.sum<string>('self_interruptions').as('self_interruptions'),
    ])
    .where('sequence_id', '=', sequenceId)
    .groupBy(['version', 'turn_detection', 'page'])
    .execute();
  // PostgreSQL answers counts and sums of integers as bigint strings.
  return rows.map((r) => ({
    version: r.version,
    turnDetection: r.turn_detection,
    page: r.page,
    sessions: Number(r.sessions),
    turns: Number(r.turns),
    cutOffs: Number(r.cut_offs),
    prematureCommits: Number(r.premature_commits),
    deadAirs: Number(r.dead_airs),
    selfInterruptions: Number(r.self_interruptions),
  }));
}
