import { describe, expect, setSystemTime, test } from 'bun:test';
import { randomUUID } from 'node:crypto';
import { ClientLink, MAX_MISSED_EVENTS } from './client-link';
import { CarryOvers, earlierTurns, newResumeToken, resumeSessionId, sameToken, summariseConversation, type CarryOver } from './resume';

function channel() {
  const sent: string[] = [];
  const closed: Array<[number, string]> = [];
  return {
    sent,
    closed,
    send: (text: string) => void sent.push(text),
    close: (code: number, reason: string) => void closed.push([code, reason]),
  };
}

describe('resume tokens', () => {
  test('name their session and carry a secret; anything else is no token', () => {
    const id = randomUUID();
    const token = newResumeToken(id);
    expect(resumeSessionId(token)).toBe(id);
    expect(newResumeToken(id)).not.toBe(token);
    for (const bad of ['', id, `${id}.short`, `${id}.${'a'.repeat(32)}x`, `../${id}.${'a'.repeat(32)}`])
      expect(resumeSessionId(bad)).toBeNull();
    expect(sameToken(token, token)).toBe(true);
    expect(sameToken(token, `${token.slice(0, -1)}x`)).toBe(false);
    expect(sameToken(token, token.slice(1))).toBe(false);
  });
});

describe('the conversation summarised for the next session', () => {
  test('says it goes on, counts the turns and keeps the last twelve lines, each clipped', () => {
    const lines = Array.from({ length: 20 }, (_, i) => ({
      role: i % 2 ? ('assistant' as const) : ('user' as const),
      text: `line ${i} ${'x'.repeat(i === 19 ? 500 : 1)}`,
    }));
    const summary = summariseConversation(lines);
    expect(summary).toContain('Continuing after a dropped connection');
    expect(summary).toContain('had 20 turns; the last 12 were');
    expect(summary).not.toContain('line 7 ');
    expect(summary).toContain('- They said: line 8 x');
    expect(summary).toContain('- You said: line 19 ');
    expect(summary.split('\n').at(-1)!.length).toBeLessThan(260);
    expect(summary.split('\n').at(-1)!).toEndWith('…');
    expect(summariseConversation([])).toBe('');
  });

  test('with a summary of the earlier turns, it comes before the last lines; the turns it covers are the ones left out', () => {
    const lines = Array.from({ length: 20 }, (_, i) => ({ role: i % 2 ? ('assistant' as const) : ('user' as const), text: `line ${i}` }));
    expect(earlierTurns(lines).map((l) => l.text)).toEqual(Array.from({ length: 8 }, (_, i) => `line ${i}`));
    const summary = summariseConversation(lines, '  Earlier they talked about\n allotments and broad beans. ');
    const at = (text: string) => summary.split('\n').findIndex((line) => line.includes(text));
    expect(summary).toContain('The first 8 turns, summarised: Earlier they talked about allotments and broad beans.');
    expect(at('The first 8 turns')).toBeLessThan(at('line 8'));
    // Nothing left out, nothing to summarise: the same as without.
    const short = lines.slice(0, 12);
    expect(earlierTurns(short)).toEqual([]);
    expect(summariseConversation(short, 'ignored')).toBe(summariseConversation(short));
    // A long summary is clipped.
    expect(summariseConversation(lines, 'y'.repeat(5000)).length).toBeLessThan(summariseConversation(lines).length + 1300);
  });
});

describe('carry-overs', () => {
  const carry = (owner: string): CarryOver => ({ owner, module: 'm', version: 1, promptName: 'p', summary: 's' });

  test('are taken once, only by their owner, and expire', async () => {
    const store = new CarryOvers(1000);
    store.put('t1', carry('user:a'));
    expect(await store.take('t1', 'user:b')).toBeNull();
    expect(await store.take('t1', 'user:a')).toEqual(carry('user:a'));
    expect(await store.take('t1', 'user:a')).toBeNull();
    const now = Date.now();
    store.put('t2', carry('user:a'));
    setSystemTime(new Date(now + 1001));
    try {
      expect(await store.take('t2', 'user:a')).toBeNull();
      expect(store.size).toBe(0);
    } finally {
      setSystemTime();
    }
  });

  test('are bounded: the oldest go first', async () => {
    const store = new CarryOvers(60_000, 3);
    for (const t of ['a', 'b', 'c', 'd']) store.put(t, carry('x'));
    expect(store.size).toBe(3);
    expect(await store.take('a', 'x')).toBeNull();
    expect(await store.take('d', 'x')).not.toBeNull();
  });

  test('a better summary still being written: taken when ready, waited for a little, else the excerpt serves', async () => {
    const store = new CarryOvers(60_000);
    const later = (summary: string | null, ms: number) => new Promise<string | null>((resolve) => setTimeout(resolve, ms, summary));
    // Ready before the page came back.
    store.put('ready', carry('x'), Promise.resolve('refined'));
    await Bun.sleep(0);
    expect((await store.take('ready', 'x'))?.summary).toBe('refined');
    // Still being written: waited for.
    store.put('soon', carry('x'), later('refined soon', 30));
    expect((await store.take('soon', 'x', 1_000))?.summary).toBe('refined soon');
    // Too slow, or failed: the excerpt.
    store.put('slow', carry('x'), later('too late', 500));
    expect((await store.take('slow', 'x', 20))?.summary).toBe('s');
    store.put('failed', carry('x'), Promise.resolve(null));
    expect((await store.take('failed', 'x'))?.summary).toBe('s');
    // Not the owner: nothing, refined or not.
    store.put('other', carry('x'), Promise.resolve('refined'));
    expect(await store.take('other', 'y')).toBeNull();
  });
});

describe('the client link', () => {
  test('sends straight through while attached; keeps replayable events only while waiting, bounded', () => {
    const first = channel();
    let expired = 0;
    const link = new ClientLink(first, 60_000, () => expired++);
    link.send('a', 'response.output_audio.delta');
    link.sendAudio('a2');
    expect(first.sent).toEqual(['a', 'a2']);
    link.detach();
    expect(link.waiting).toBe(true);
    link.send('audio', 'response.output_audio.delta');
    link.sendAudio('relayed audio');
    link.send('text', 'response.output_text.delta');
    for (let i = 0; i < MAX_MISSED_EVENTS + 5; i++) link.send(`done ${i}`, 'response.output_audio_transcript.done');
    const second = channel();
    const missed = link.attach(second, () => {});
    expect(missed.length).toBe(MAX_MISSED_EVENTS);
    expect(missed[0]).toBe('done 5');
    expect(missed).not.toContain('audio');
    expect(missed).not.toContain('relayed audio');
    link.send('b', 'x');
    link.sendAudio('b2');
    expect(second.sent).toEqual(['b', 'b2']);
    expect(first.sent).toEqual(['a', 'a2']);
    expect(expired).toBe(0);
    link.finish([1000, 'bye']);
    expect(second.closed).toEqual([[1000, 'bye']]);
    link.send('c', 'x');
    link.sendAudio('c2');
    expect(second.sent).toEqual(['b', 'b2']);
  });

  test('the grace timer fires once when nobody came back, and not when someone did', async () => {
    let expired = 0;
    const link = new ClientLink(channel(), 30, () => expired++);
    link.detach();
    await Bun.sleep(80);
    expect(expired).toBe(1);
    const other = new ClientLink(channel(), 30, () => expired++);
    other.detach();
    other.attach(channel(), () => {});
    await Bun.sleep(80);
    expect(expired).toBe(1);
  });

  test('a takeover closes the socket that was still attached; a stale socket is not the link', () => {
    const first = channel();
    const link = new ClientLink(first, 1000, () => {});
    const second = channel();
    const previous: unknown[] = [];
    link.attach(second, (p) => previous.push(p));
    expect(previous).toEqual([first]);
    expect(link.is(first)).toBe(false);
    expect(link.is(second)).toBe(true);
    link.finish();
  });
});
