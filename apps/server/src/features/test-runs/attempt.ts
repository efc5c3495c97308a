import { randomUUID } from 'node:crypto';
import { TEMPERATURE_DEFAULT, USER_PAGE_VOICE } from '@hearth/protocol';
import type { AppDeps } from '../../deps';
import { observeLog } from '../../log';
import { hashToken, newToken } from '../../plugins/auth';
import { ModuleState } from '../../realtime/module-state';
import type { UpstreamFactory } from '../../realtime/upstream';
import { VoiceSession } from '../../realtime/voice-session';
import { userFileName } from '../users/lookup';
import type { TestRunAi } from './ai';
import { canaryCheck, newCanary } from './canary';
import { BUDGETS, budgetChecks, checkExpectations, percentile, type Check } from './checks';
import { SimulatedMember, type TurnRecord } from './driver';
import type { TestCase } from './model';
import * as repo from './run-repository';
import { judgeTransitions, type JudgedTransition } from './transitions';

/**
 * One attempt of a test run (PRODUCT §10): a scratch member seeded from the case, a real VoiceSession on the
 * run's version in text, driven by the simulated member until the turn limit (post-chat included), then the
 * checks, the transition verdicts and the canary. The scratch member is deleted afterwards, whatever happened.
 */

export interface AttemptOptions {
  createUpstream: UpstreamFactory;
  ai: TestRunAi;
  budgets?: typeof BUDGETS;
  /** The longest one attempt may talk (its session then ends as at a time limit). */
  maxAttemptMs?: number;
}

export interface AttemptResult {
  passed: boolean;
  turns: number;
  promptPath: string[];
  latencyMs: { p50: number | null; p95: number | null };
  costUsd: number;
  checks: Check[];
  transcript: TurnRecord[];
  transitions: JudgedTransition[];
  postChat: string | null;
}

export interface AttemptInput {
  attemptId: string;
  sequence: string;
  version: number;
  repeat: number;
  testCase: TestCase;
  instanceId: string;
}

const SCRATCH_NAME = 'Test run';

export const scratchPrefix = (attemptId: string) => `scratch-${attemptId}-`;

/** The values set_memory wrote successfully during the session. */
function memoryWrites(transcript: TurnRecord[]): string[] {
  return transcript.flatMap((t) =>
    t.tools
      .filter((c) => c.name === 'set_memory' && (c.output as { success?: boolean } | null)?.success === true)
      .map((c) => JSON.stringify(c.args)),
  );
}

export async function runAttempt(deps: AppDeps, input: AttemptInput, opts: AttemptOptions): Promise<AttemptResult> {
  const c = input.testCase;
  // Named after the attempt, so a later try removes what a crashed one left (deleteScratchMembersOf).
  const userId = `${scratchPrefix(input.attemptId)}${randomUUID().slice(0, 8)}`;
  const sessionId = randomUUID();
  const canary = newCanary();
  const logLines: string[] = [];
  const stopObserving = observeLog((line) => logLines.push(line));
  let keepAlive: ReturnType<typeof setInterval> | undefined;
  try {
    await repo.insertScratchMember(deps.db, {
      id: userId,
      name: SCRATCH_NAME,
      fileName: userFileName(userId, SCRATCH_NAME),
      memory: c.memory ?? '',
      profile: c.profile ?? '',
      tokenHash: hashToken(newToken()),
      sessionId,
      instanceId: input.instanceId,
      moduleName: input.sequence,
    });
    keepAlive = setInterval(() => void repo.touchScratchLiveRow(deps.db, sessionId).catch(() => {}), 60_000);
    const modules = await ModuleState.forMember(deps.db, {
      userId,
      module: input.sequence,
      version: input.version,
      startPrompt: c.startPrompt,
    });
    if (!modules) throw new Error(`Version ${input.version} of "${input.sequence}" no longer exists`);
    const startPrompt = modules.promptName;
    const member = new SimulatedMember({
      persona: c.persona,
      turnLimit: c.turnLimit,
      seed: input.repeat * 7919,
      canarySentence: canary.sentence,
      text: deps.providers.text,
      ai: opts.ai,
    });
    const finished = Promise.withResolvers<void>();
    const session = new VoiceSession({
      id: sessionId,
      deps,
      identity: { kind: 'user', id: userId, name: SCRATCH_NAME, fileName: userFileName(userId, SCRATCH_NAME) },
      settings: { page: 'user', voice: USER_PAGE_VOICE, turnDetection: null, temperature: TEMPERATURE_DEFAULT, modality: 'text' },
      modules,
      client: member,
      createUpstream: opts.createUpstream,
      maxDurationMs: opts.maxAttemptMs ?? 10 * 60_000,
      onEnded: () => {},
      onFinished: () => finished.resolve(),
      firstText: c.opening,
      testRun: true,
    });
    member.attach(session);
    await finished.promise;
    if (member.error) throw new Error(member.error);

    const traces = await repo.scratchMemberTraces(deps.db, userId);
    const { checks, costUsd: judgeCost } = await checkExpectations(
      c,
      { transcript: member.transcript, startPrompt, memoryKeys: traces.memory.map((m) => m.key), moodSet: traces.mood.length > 0 },
      { text: deps.providers.text, ai: opts.ai },
    );
    const version = modules.current!;
    const transitions = await judgeTransitions(deps.providers.text, opts.ai, version.prompts, member.segments);
    const costUsd = session.cost().costUsd + member.memberCostUsd + judgeCost + transitions.costUsd;
    const latencies = member.transcript.flatMap((t) => (t.latencyMs === null ? [] : [t.latencyMs]));
    stopObserving();
    // A case may start at a prompt another version has: on this one the session started at the first prompt.
    if (c.startPrompt && startPrompt !== c.startPrompt) {
      checks.unshift({
        expectation: `starts at "${c.startPrompt}"`,
        passed: false,
        turn: 1,
        detail: `version ${input.version} has no prompt "${c.startPrompt}"; the conversation started at "${startPrompt}"`,
      });
    }
    checks.push(
      canaryCheck(canary.phrase, {
        // What memory held at the end, and every value a tool wrote to it on the way (a later write may hide one).
        memoryRows: [...traces.memory.map((m) => `${m.key} ${m.value}`), ...memoryWrites(member.transcript)],
        memoryDocument: traces.user?.memory_document ?? '',
        profile: traces.user?.profile_for_group ?? '',
        messageBodies: traces.outbox.map((o) => o.body),
        logLines,
      }),
      ...budgetChecks(latencies, costUsd, opts.budgets),
    );
    return {
      passed: checks.every((check) => check.passed),
      turns: member.assistantTurns,
      promptPath: member.promptPath,
      latencyMs: { p50: percentile(latencies, 50), p95: percentile(latencies, 95) },
      costUsd,
      checks,
      transcript: member.transcript,
      transitions: transitions.list,
      postChat: member.postChatStatus,
    };
  } finally {
    stopObserving();
    clearInterval(keepAlive);
    await repo.deleteScratchMember(deps.db, userId);
  }
}
