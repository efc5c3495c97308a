import { describe, expect, test } from 'bun:test';
import type { TranscriptLine } from '../features/post-chat/run';
import { continuationNote } from './continuation';

const turns = (count: number): TranscriptLine[] =>
  Array.from({ length: count }, (_, i) => ({ role: i % 2 ? 'assistant' : 'user', text: `turn ${i + 1}` }) as TranscriptLine);

describe('continuationNote', () => {
  test('nothing said yet: nothing to carry over', () => {
    expect(continuationNote([], 'rotation')).toBe('');
  });

  test('a rotation tells the model to go on unnoticed; an end, to finish a cut answer or wait', () => {
    expect(continuationNote(turns(2), 'rotation')).toContain('Do not greet them, start over or mention the renewal');
    const cut = continuationNote(turns(2), 'session_expired');
    expect(cut).toContain('say in a few words that the line cut out and finish the answer; otherwise wait for them to speak');
    expect(cut).toContain('The conversation had 2 turns, which were:\n- They said: turn 1\n- You said: turn 2');
  });

  test('without a summary, the last 12 turns are quoted', () => {
    const note = continuationNote(turns(20), 'connection_lost');
    expect(note).toContain('The conversation had 20 turns; the last 12 were:');
    expect(note).not.toContain('turn 8\n');
    expect(note).toContain('- They said: turn 9\n');
    expect(note.endsWith('- You said: turn 20')).toBe(true);
  });

  test('with a summary of the first turns, every turn after them is quoted, those said while a rotation waited too', () => {
    const note = continuationNote(turns(16), 'rotation', { summary: 'They talked  about\nbees.', turns: 8 });
    expect(note).toContain('The first 8 turns, summarised: They talked about bees.');
    expect(note).toContain('The conversation had 16 turns; the last 8 were:');
    expect(note).toContain('- They said: turn 9\n');
    expect(note).not.toContain('turn 8\n');
  });

  test('long lines are clipped', () => {
    const note = continuationNote([{ role: 'user', text: 'x'.repeat(500) } as TranscriptLine], 'rotation');
    expect(note).toContain(`- They said: ${'x'.repeat(239)}…`);
  });
});
