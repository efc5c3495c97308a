import type { AppDeps } from '../deps';
import { formatTranscript, type TranscriptLine } from '../features/post-chat/transcript';
import { instructionsFor } from '../features/prompts/lookup';
import { log } from '../log';
import { composeInput, INPUT } from '../providers/text-ai';

/** A summary that takes longer than this is not waited for: the excerpt of the last turns serves alone. */
export const RESUME_SUMMARY_TIMEOUT_MS = 15_000;

/**
 * The turns a restarted session's summary does not quote line by line (resume.ts), summarised by the text
 * provider (the `resume_summary` prompt of /system-prompts), from the relay's memory of the conversation.
 * Null when there is nothing to summarise, or the provider failed or was slow: never an error for the page.
 */
export async function summariseEarlierTurns(
  deps: Pick<AppDeps, 'db' | 'providers'>,
  turns: readonly TranscriptLine[],
  timeoutMs = RESUME_SUMMARY_TIMEOUT_MS,
): Promise<string | null> {
  if (!turns.some((line) => line.text.trim())) return null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const instructions = await instructionsFor(deps.db, 'resume_summary');
    const writing = deps.providers.text.complete({
      task: 'resume_summary',
      instructions,
      input: composeInput([[INPUT.transcript, formatTranscript([...turns])]]),
    });
    const timedOut = new Promise<null>((resolve) => (timer = setTimeout(resolve, timeoutMs, null)));
    const answer = await Promise.race([writing, timedOut]);
    if (!answer) log.warn('resume summary timed out', { timeoutMs });
    return answer?.text.trim() || null;
  } catch (err) {
    log.warn('resume summary failed', { error: (err as Error)?.name });
    return null;
  } finally {
    clearTimeout(timer);
  }
}
