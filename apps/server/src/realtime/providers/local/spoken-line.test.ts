import { describe, expect, test } from 'bun:test';
import { SEEDED_MODULES } from '@hearth/db/seed';
import { replyLine } from './replies';
import { createRng } from './speech-synth';
import { spokenLine } from './spoken-line';

// What an instruction sounds like when read out: none of it may reach the person (issue 21 §15).
const INSTRUCTION =
  /\b(ask|asks|the person|the user|the member|they|their|them|summarise|summarize|introduce yourself|follow up|listen|reflect|you are|trigger|change_prompt|change_module)\b/i;

const seeded = Object.entries(SEEDED_MODULES).flatMap(([module, m]) => m.prompts.map((p) => ({ module, ...p })));

describe('the local provider speaks to the person, never its instructions', () => {
  test.each(seeded.map((p) => [`${p.module} · ${p.name}`, p] as const))('%s', (_label, p) => {
    for (const turn of [0, 1, 3])
      for (const temperature of [0.6, 0.8, 1.2]) {
        const line = replyLine(
          { name: p.name, prompt: p.prompt, nextPrompt: p.next_prompt, trigger: p.trigger_condition },
          { turn, temperature, rng: createRng(turn + 7) },
        );
        expect(line).not.toMatch(INSTRUCTION);
        expect(line).not.toContain(p.prompt);
        expect(line).toMatch(/^[A-Z].*[.!?]$/);
      }
  });

  test('asking becomes a direct question addressed to the person', () => {
    const fallback = 'FALLBACK';
    expect(spokenLine('Ask how the person is doing today and listen.', fallback)).toBe('How are you doing today?');
    expect(spokenLine('Welcome the person warmly, introduce yourself as Hearth and ask what they would like to be called.', fallback)).toBe(
      "Welcome! I'm Hearth. What would you like to be called?",
    );
    expect(spokenLine('Ask what kind of people they would like to meet and what they hope to find in this community.', fallback)).toBe(
      'What kind of people would you like to meet, and what do you hope to find in this community?',
    );
    expect(spokenLine('Ask whether they have met anyone new this week.', fallback)).toBe('Have you met anyone new this week?');
    expect(
      spokenLine('Thank the person, summarise in one sentence what you learned, and say you look forward to talking again.', fallback),
    ).toBe('Thank you. I look forward to talking again.');
  });

  test('role text, tool calls and unspeakable instructions are left out; a prompt that is already speech is kept', () => {
    expect(spokenLine('You are a friendly coach. Ask the user about their goals.', 'F')).toBe('Could you tell me about your goals?');
    expect(spokenLine('Greet them, then call change_module with "Get to Know You".', 'F')).toBe('Hello!');
    expect(spokenLine('Listen carefully and respond with empathy.', 'F')).toBe('F');
    expect(spokenLine('How was your weekend?', 'F')).toBe('How was your weekend?');
    expect(spokenLine('Tell me about your day.', 'F')).toBe('Tell me about your day.');
    expect(spokenLine('Ask the person to share one hope for the week.', 'F')).toBe('Could you share one hope for the week?');
    expect(spokenLine('Say: "Lovely to meet you!"', 'F')).toBe('Lovely to meet you!');
  });
});
