import type { DB } from './client';
import type { SequentialPrompt } from './schema';
import { jsonb } from './json';

export const GLOBAL_PROMPT_SEQUENCE = 'global_prompt';
export const DEFAULT_USER_MODULE = 'Get to Know You';

const globalPrompt =
  'You are Hearth, a warm and curious voice companion for a community. Speak briefly and naturally, one ' +
  'question at a time. Listen more than you talk. Never invent facts about the person. When the person shares ' +
  'something worth remembering (their interests, plans, what they care about), call set_memory with a short ' +
  'lowercase_with_underscores key. When their mood is clear, call set_mood_score with a short reason as key and ' +
  'a number from -3 to 3. Move to the next prompt with change_prompt when its trigger condition is met.';

const getToKnowYou: SequentialPrompt[] = [
  {
    name: 'welcome',
    description: 'Greet the person and learn what they like to be called.',
    prompt: 'Welcome the person warmly, introduce yourself as Hearth and ask what they would like to be called.',
    trigger_condition: 'The person has said how they would like to be called.',
    next_prompt: 'interests',
  },
  {
    name: 'interests',
    description: 'Discover what the person enjoys.',
    prompt: 'Ask about what the person enjoys doing in their free time and follow up on one thing with curiosity.',
    trigger_condition: 'The person has shared at least two interests.',
    next_prompt: 'community',
  },
  {
    name: 'community',
    description: 'Understand what the person hopes to find in the community.',
    prompt: 'Ask what kind of people they would like to meet and what they hope to find in this community.',
    trigger_condition: 'The person has described what they hope to find.',
    next_prompt: 'wrap_up',
  },
  {
    name: 'wrap_up',
    description: 'Close the conversation kindly.',
    prompt: 'Thank the person, summarise in one sentence what you learned, and say you look forward to talking again.',
    trigger_condition: 'The conversation is complete.',
    next_prompt: '',
  },
];

const defaultTesting: SequentialPrompt[] = [
  {
    name: 'check_in',
    description: 'A short check-in used by the testing page.',
    prompt: 'Ask how the person is doing today and listen.',
    trigger_condition: 'The person has answered.',
    next_prompt: 'reflection',
  },
  {
    name: 'reflection',
    description: 'Reflect back what was heard.',
    prompt: 'Reflect back what you heard in one sentence and ask one follow-up question.',
    trigger_condition: 'The person has answered the follow-up.',
    next_prompt: '',
  },
];

/** The modules seed() adds (version 1 of each), by name. */
export const SEEDED_MODULES: Record<string, { module_prompt: string; prompts: SequentialPrompt[] }> = {
  [DEFAULT_USER_MODULE]: {
    module_prompt: 'This module helps a new member get to know the community companion and be known by it.',
    prompts: getToKnowYou,
  },
  'default_Check In': {
    module_prompt: 'A short module for automatic test conversations.',
    prompts: defaultTesting,
  },
};

/** The named prompts of /system-prompts. Each text task reads its own by name. */
export const NAMED_PROMPTS: Record<string, string> = {
  profile_for_group:
    'From the conversation transcript and the existing profile, write an updated profile of the person for ' +
    'their community group organisers: interests, what they hope to find, and how they like to connect. Third ' +
    'person, under 120 words. Do not quote the person.',
  memory_document:
    'From the conversation transcript and the existing memory document, write an updated memory document the ' +
    'assistant can use next time: facts the person shared, preferences, open threads. Bullet points, under 150 ' +
    'words. Do not quote the person.',
  convo_recap_sms:
    'Write a short, warm text message (under 300 characters) recapping the themes of the conversation for the ' +
    'person. Do not quote them.',
  tagline_sms:
    'Write a one-line tagline (under 100 characters) that captures the spirit of the person from the ' +
    'conversation, to be sent to them by text message.',
  reminder_sms: 'Write a friendly text message reminding the person of their conversation and inviting them back with ' + 'their link.',
  quiz_summary: 'Summarise the quiz answers in the conversation in two sentences.',
  resume_summary:
    'Summarise the earlier part of this conversation for the voice assistant that goes on with it after a ' +
    'dropped connection: the topics, what the person shared and how they felt. Under 100 words. Do not quote ' +
    'the person.',
  subgroup_naming:
    'Given the profiles of the members of one subgroup, write a short name (two to four words) and a one ' +
    'sentence description of what they have in common.',
  member_description: 'Given a member profile and their subgroup, write one sentence on why this member fits the subgroup.',
  test_user_generation:
    'Invent a realistic community member: a first name and a 60-word profile of their interests and what they ' +
    'hope to find in a community.',
  invite_sms: 'Hi {name}! Your Hearth companion is ready to talk. Open your personal link: {url}',
  invite_email: 'Hi {name},\n\nYour Hearth companion is ready to talk with you. Open your personal link:\n{url}',
  subgroup_assignment: 'Hi {name}! You have been matched with the subgroup "{subgroup}" in {group}. {description}',
};

export const DEFAULT_SYSTEM_PROMPT =
  'You are a participant testing a voice companion. Reply as a friendly community member in one or two ' +
  "natural spoken sentences, answering the assistant's last question.";

/** Idempotent: fills what is missing, never overwrites what an operator changed. */
export async function seed(db: DB): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom('sequences').select('name').execute();
    const names = new Set(existing.map((r) => r.name));
    const add = async (
      name: string,
      isGlobal: boolean,
      version: { module_prompt: string; global_prompt?: string; prompts: SequentialPrompt[] },
    ) => {
      if (names.has(name)) return;
      const { id } = await trx.insertInto('sequences').values({ name, is_global: isGlobal }).returning('id').executeTakeFirstOrThrow();
      await trx
        .insertInto('sequence_versions')
        .values({
          sequence_id: id,
          version: 1,
          module_prompt: version.module_prompt,
          global_prompt: version.global_prompt ?? null,
          sequential_prompts: jsonb(version.prompts),
        })
        .execute();
      // A seeded module is published, so members of a fresh install have something to talk to (PRODUCT §10).
      if (!isGlobal) {
        await trx.updateTable('sequences').set({ published_version: 1 }).where('id', '=', id).execute();
        await trx.insertInto('sequence_publications').values({ sequence_id: id, version: 1 }).execute();
      }
    };
    await add(GLOBAL_PROMPT_SEQUENCE, true, { module_prompt: '', global_prompt: globalPrompt, prompts: [] });
    for (const [name, module] of Object.entries(SEEDED_MODULES)) await add(name, false, module);
    await trx
      .insertInto('prompts')
      .values(Object.entries(NAMED_PROMPTS).map(([name, prompt]) => ({ name, prompt })))
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    await trx
      .insertInto('system_prompt')
      .values({ id: 1, prompt: DEFAULT_SYSTEM_PROMPT })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  });
}
