// What each named prompt is for (the names are fixed by the server's text tasks and message templates), and the
// {placeholders} a template fills in, so an admin sees what an edit affects before saving it.

const NOTES: Record<string, string> = {
  profile_for_group: 'After a chat: rewrites the member’s profile for group organisers.',
  memory_document: 'After a chat: updates what the assistant remembers about the member for next time.',
  convo_recap_sms: 'After a long chat (8 or more messages): the recap text message.',
  tagline_sms: 'After a long chat: the one-line tagline texted to the member.',
  reminder_sms: 'The reminder text message, for members who turned reminders on.',
  quiz_summary: 'After a chat: the short summary shown under quiz summaries on the Users tab.',
  resume_summary:
    'After a dropped connection that did not come back in time: summarises the earlier part of the chat for the new voice session (not shown to the member).',
  subgroup_naming: 'Assign SubGroups: names and describes each subgroup.',
  member_description: 'Assign SubGroups: one sentence on why a member fits their subgroup.',
  test_user_generation: 'Generate Test Users: invents each test member.',
  invite_sms: 'The invitation text message (a template, sent as written).',
  invite_email: 'The invitation e-mail (a template, sent as written).',
  subgroup_assignment: 'The subgroup assignment notice by text message and e-mail (a template).',
}

export const promptNote = (name: string): string | undefined => NOTES[name]

/** The distinct `{word}` placeholders in a text, in order of appearance. */
export function placeholders(text: string): string[] {
  return [...new Set(Array.from(text.matchAll(/\{(\w+)\}/g), (match) => match[0]))]
}

/** Placeholders of the saved text that an edit has dropped. */
export function droppedPlaceholders(saved: string, draft: string): string[] {
  const kept = new Set(placeholders(draft))
  return placeholders(saved).filter((placeholder) => !kept.has(placeholder))
}
