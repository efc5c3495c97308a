import { describe, expect, test } from 'bun:test';
import { SEEDED_MODULES } from '@hearth/db/seed';
import { REPLIES } from '../../../providers/text-ai-local-replies';
import { promptFixture } from '../../../test/sequence-fixtures';
import { fitsTrigger, stem, triggerKeywords } from './trigger-keywords';

const seeded = (name: string) =>
  Object.values(SEEDED_MODULES)
    .flatMap((m) => m.prompts)
    .find((p) => p.name === name)!.trigger_condition;

describe('trigger keywords', () => {
  test('are the content words of the seeded sequences’ conditions, stemmed, without the generic ones', () => {
    expect(triggerKeywords(seeded('welcome'))).toEqual(['call']); // "…has said how they would like to be called."
    expect(triggerKeywords(seeded('interests'))).toEqual(['interest']); // "…has shared at least two interests."
    expect(triggerKeywords(seeded('community'))).toEqual(['hop', 'find']); // "…has described what they hope to find."
    // Conditions about answering at all, or the end, name nothing that must be said.
    expect(triggerKeywords(seeded('check_in'))).toEqual([]);
    expect(triggerKeywords(seeded('reflection'))).toEqual([]);
    expect(triggerKeywords(seeded('wrap_up'))).toEqual([]);
    // The test fixtures' "<name> trigger": the prompt's name is the keyword.
    expect(triggerKeywords(promptFixture('check_in').trigger_condition)).toEqual(['check']);
    expect(triggerKeywords('The member mentioned their family or the people they live with.')).toEqual(['family', 'liv']);
  });

  test('stemming joins plurals, -ing and -ed forms', () => {
    for (const [a, b] of [
      ['shared', 'sharing'],
      ['hobbies', 'hobby'],
      ['called', 'call'],
      ['hoping', 'hopes'],
      ['stopped', 'stop'],
      ['gardening', 'garden'],
      ['interests', 'interest'],
    ])
      expect(stem(a)).toBe(stem(b));
    expect(stem('chess')).toBe('chess');
  });

  test('a reply fits when it holds a keyword or a word of its family', () => {
    expect(fitsTrigger(seeded('welcome'), 'You can call me Maya.')).toBe(true);
    expect(fitsTrigger(seeded('welcome'), 'My name is Maya.')).toBe(true);
    expect(fitsTrigger(seeded('welcome'), 'Hmm, not sure.')).toBe(false);
    expect(fitsTrigger(seeded('interests'), 'I love birdwatching and baking.')).toBe(true);
    expect(fitsTrigger(seeded('interests'), 'My hobbies are chess and pottery.')).toBe(true);
    expect(fitsTrigger(seeded('interests'), 'Pretty good, a bit busy.')).toBe(false);
    expect(fitsTrigger(seeded('community'), 'I am hoping for a book club.')).toBe(true);
    expect(fitsTrigger(seeded('community'), 'Pass, for now.')).toBe(false);
    expect(fitsTrigger(promptFixture('intro').trigger_condition, 'We were introduced already')).toBe(false);
    expect(fitsTrigger(promptFixture('check_in').trigger_condition, 'Checking in, all fine')).toBe(true);
  });

  test('a condition without content words fits any reply with words, never an empty one', () => {
    expect(fitsTrigger(seeded('check_in'), 'Hmm, not sure.')).toBe(true);
    expect(fitsTrigger(seeded('check_in'), '  ')).toBe(false);
    expect(fitsTrigger('', 'ok')).toBe(true);
  });

  test('the local second model’s answers to the seeded prompts’ questions fit their triggers, so its walk moves on', () => {
    const answers = (question: string) => REPLIES.find(([re]) => re.test(question))![1];
    for (const [prompt, question] of [
      ['welcome', 'what would you like to be called?'],
      ['interests', 'what do you enjoy doing in your free time?'],
      ['community', 'what kind of people would you like to meet, and what do you hope to find in this community?'],
    ]) {
      for (const answer of answers(question)) expect(`${prompt}: ${fitsTrigger(seeded(prompt), answer)}`).toBe(`${prompt}: true`);
    }
  });
});
