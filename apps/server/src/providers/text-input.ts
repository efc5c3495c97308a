// The sectioned text input both text providers read (the local one by label).

/**
 * Labels of the sections a task's input is made of. Both providers read the same input: the model as
 * plain text, the local provider by label (it must know which words come from a transcript).
 */
export const INPUT = {
  name: 'Name',
  module: 'Module',
  transcript: 'Conversation transcript',
  existing: 'Existing document',
  memberProfiles: 'Member profiles',
  /** People's names, so that no name is used to describe what members share. */
  memberNames: 'Member names (never use them in the text)',
  memberProfile: 'Member profile',
  subgroup: 'Subgroup',
  group: 'Group',
  seed: 'Seed',
  namesUsed: 'Names already used',
  // Test runs (PRODUCT §10): the simulated member and the judges.
  persona: 'Persona',
  criterion: 'Criterion',
  passExample: 'Example that passes',
  failExample: 'Example that fails',
  trigger: 'Trigger condition',
  memberReplies: "The member's replies, numbered",
} as const;

const SECTION_HEAD = /^### (.+)$/gm;
/** Separates profiles inside the member-profiles section. */
export const PROFILE_SEPARATOR = '\n---\n';

export function composeInput(parts: Array<[string, string]>): string {
  // A line of content that looks like a section heading must not start a new section.
  return parts.map(([label, content]) => `### ${label}\n${content.trim().replace(/^### /gm, ' ### ')}`).join('\n\n');
}

export function readInput(input: string): Map<string, string> {
  const sections = new Map<string, string>();
  const heads = [...input.matchAll(SECTION_HEAD)];
  heads.forEach((m, i) => {
    const start = m.index! + m[0].length;
    const end = i + 1 < heads.length ? heads[i + 1].index! : input.length;
    sections.set(m[1].trim(), input.slice(start, end).trim());
  });
  return sections;
}

/** A model's JSON answer (also when wrapped in prose or a code fence), or null. */
export function readJsonAnswer(text: string): Record<string, unknown> | null {
  for (const candidate of [text, text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1)]) {
    try {
      const value = JSON.parse(candidate);
      if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
    } catch {}
  }
  return null;
}
