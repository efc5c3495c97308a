import { composeInput, INPUT, type TextAi } from '../../providers/text-ai';

/**
 * The simulated member of a test run (PRODUCT §10): the member's next typed reply to the assistant's last line,
 * in character with the case's persona, from the text provider. The instructions are fixed here, not a named
 * prompt of /system-prompts. The local provider answers by the seed (text-ai-local-member.ts), so repeats of a
 * case differ and the same seed gives the same conversation.
 */

export type RunTranscript = Array<{ role: 'assistant' | 'member'; text: string }>;

const MEMBER_INSTRUCTIONS =
  'You play a member of a community in a test conversation with Hearth, a voice companion. Stay in character as ' +
  'the persona below. Write only the member’s next reply to the assistant’s last line, as the person would type ' +
  'it: one to three short sentences in plain words, no stage directions, no quotation marks, no role label. Never ' +
  'act as the assistant and never say that this is a test.';

/** The transcript as "Assistant: …" / "Member: …" lines, one per turn. */
export function formatRunTranscript(transcript: RunTranscript): string {
  return transcript
    .map((line) => `${line.role === 'assistant' ? 'Assistant' : 'Member'}: ${line.text.replace(/\s+/g, ' ').trim()}`)
    .join('\n');
}

// A model sometimes labels or quotes its line anyway.
const LABEL = /^\s*(member|user|me)\s*:\s*/i;
const QUOTED = /^["“](.*)["”]$/s;

export async function memberReply(
  text: TextAi,
  req: { persona: string; transcript: RunTranscript; seed: number },
): Promise<{ text: string; costUsd: number }> {
  const answer = await text.complete({
    task: 'simulated_member',
    instructions: MEMBER_INSTRUCTIONS,
    input: composeInput([
      [INPUT.persona, req.persona],
      [INPUT.transcript, formatRunTranscript(req.transcript)],
      // The local provider draws by the seed; a model varies by its temperature and would only be distracted.
      ...(text.kind === 'local' ? [[INPUT.seed, String(req.seed)] as [string, string]] : []),
    ]),
    temperature: 1,
  });
  const reply = answer.text.trim().replace(LABEL, '').trim();
  return { text: (QUOTED.exec(reply)?.[1] ?? reply).trim(), costUsd: answer.costUsd };
}
