import { describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { checkClientEvent, isBase64Audio } from './client-events';
import { AppendFrame, appendFrameOf, takeAppendsFirst } from './fast-append';

const MAX = 64 * 1024;
const frame = (audio: string) => `{"type":"input_audio_buffer.append","audio":"${audio}"}`;
const AUDIO = Buffer.from(new Int16Array([1, -2, 300, -4000, 32767, -32768]).buffer).toString('base64');

describe('appendFrameOf', () => {
  test('takes the page’s exact append frame and keeps its text', () => {
    const event = appendFrameOf(frame(AUDIO), MAX);
    expect(event).toBeInstanceOf(AppendFrame);
    expect(event?.audio).toBe(AUDIO);
    expect(event?.frame).toBe(frame(AUDIO));
    // The frame never travels with the event when it is serialised.
    expect(JSON.stringify(event)).toBe(frame(AUDIO));
    expect(appendFrameOf(frame(''), MAX)?.audio).toBe('');
    expect(appendFrameOf(frame('AB=='), MAX)?.audio).toBe('AB==');
  });

  test('leaves every not-quite-valid variant to the full check', () => {
    const variants = [
      '{"type":"input_audio_buffer.append","audio":"}', // prefix and suffix overlap: not JSON at all
      frame('AAA'), // not whole quads
      frame('AA=A'), // padding inside
      frame('A==='), // too much padding
      frame('AAA!'),
      frame('AA\\/A'), // an escape: JSON would decode it
      frame('AA"A'),
      `${frame(AUDIO)} `,
      ` ${frame(AUDIO)}`,
      `{"type":"input_audio_buffer.append", "audio":"${AUDIO}"}`,
      `{"audio":"${AUDIO}","type":"input_audio_buffer.append"}`,
      `{"type":"input_audio_buffer.append","audio":"${AUDIO}","extra":1}`,
      `{"type":"input_audio_buffer.commit","audio":"${AUDIO}"}`,
      frame(`${AUDIO}é`),
    ];
    for (const text of variants) expect(appendFrameOf(text, MAX)).toBeNull();
  });

  test('a frame over the size limit takes the full path (which closes with "Frame too large")', () => {
    const audio = 'A'.repeat(1024);
    expect(appendFrameOf(frame(audio), frame(audio).length)).not.toBeNull();
    expect(appendFrameOf(frame(audio), frame(audio).length - 1)).toBeNull();
  });

  test('whatever it takes, the full check accepts with the same audio', () => {
    const nearFrames = fc.oneof(
      fc.base64String().map(frame),
      fc.string({ unit: fc.constantFrom('A', 'z', '9', '+', '/', '=', '"', '\\', '}', ' ', 'é') }).map(frame),
      fc.string().map((s) => `{"type":"input_audio_buffer.append","audio":"${s}`),
    );
    fc.assert(
      fc.property(nearFrames, (text) => {
        const fast = appendFrameOf(text, MAX);
        if (fast === null) return;
        const check = checkClientEvent(JSON.parse(text), { staff: false });
        expect(check).toEqual({ ok: true, event: { type: 'input_audio_buffer.append', audio: fast.audio } });
      }),
      { numRuns: 2000 },
    );
  });

  test('every append the full check accepts, spelled as the page does, is taken', () => {
    fc.assert(
      fc.property(fc.base64String(), (audio) => {
        expect(checkClientEvent({ type: 'input_audio_buffer.append', audio }, { staff: false }).ok).toBe(true);
        expect(appendFrameOf(frame(audio), MAX)?.audio).toBe(audio);
      }),
    );
  });
});

describe('isBase64Audio (the native decoder, checked against the definition)', () => {
  // The definition: whole quads of the standard alphabet, padding only at the end.
  const definition = (audio: string) => audio.length % 4 === 0 && /^[A-Za-z0-9+/]*={0,2}$/.test(audio);

  test('the edge cases', () => {
    const accepted = ['', 'AAAA', 'AA==', 'AAA=', 'AB==', 'AAB=', 'AAAAAAA=', AUDIO];
    const refused = [
      'AAA',
      'A===',
      '====',
      'AA=A',
      'AAAA=AAA',
      'AAAA====',
      'AA AA',
      'AAA AAAA',
      ' AAA',
      'AAA\n',
      '\tAAA',
      'AB-_',
      'AB"C',
      'AB\\C',
      'AAé=',
    ];
    for (const audio of accepted) expect({ audio, ok: isBase64Audio(audio) }).toEqual({ audio, ok: true });
    for (const audio of refused) expect({ audio, ok: isBase64Audio(audio) }).toEqual({ audio, ok: false });
  });

  test('the same verdict as the definition on near-base64 strings', () => {
    const unit = fc.constantFrom('A', 'Q', 'g', 'z', '9', '+', '/', '=', '-', '_', ' ', '\t', '\n', '\r', '"', '\\', 'é', '\u0000');
    fc.assert(
      fc.property(fc.oneof(fc.base64String(), fc.string({ unit })), (audio) => {
        expect(isBase64Audio(audio)).toBe(definition(audio));
      }),
      { numRuns: 5000 },
    );
  });
});

describe('takeAppendsFirst', () => {
  test('appends go to the fast path; everything else to the handler that was there, in arrival order', () => {
    const seen: string[] = [];
    const data = { message: (_socket: unknown, message: unknown) => void seen.push(`full ${String(message)}`) };
    takeAppendsFirst(data, MAX, (text, audio) => void seen.push(`fast ${audio}${text === frame(audio) ? '' : ' (not its frame)'}`));
    data.message(null, frame('AAAA'));
    data.message(null, '{"type":"input_audio_buffer.commit"}');
    data.message(null, frame('AAA'));
    data.message(null, new Uint8Array([1, 2]));
    data.message(null, frame('BBBB'));
    expect(seen).toEqual(['fast AAAA', 'full {"type":"input_audio_buffer.commit"}', `full ${frame('AAA')}`, 'full 1,2', 'fast BBBB']);
  });

  test('refuses to start when the socket data has no message handler (an Elysia change would show here)', () => {
    expect(() => takeAppendsFirst({}, MAX, () => {})).toThrow();
  });
});
