import { describe, expect, test } from 'bun:test';
import type { LevelMessage } from './messages.ts';
import { METER_PROCESSOR } from './messages.ts';
import { createProcessor } from './test/fake-worklet-scope.ts';
import { blocks, sine } from './test/signals.ts';

await import('./meter-processor.ts');

describe('meter processor', () => {
  test('posts level and bars about 60 times a second, at the rate and bar count asked for', () => {
    const { processor, port } = createProcessor(METER_PROCESSOR, 44100, { processorOptions: { barCount: 4 } });
    for (const block of blocks(sine(44100, 440, 0.25, 44100))) processor.process([[block]], [], {});
    const levels = port.take<LevelMessage>('level');
    expect(levels.length).toBe(60);
    expect(levels.at(-1)!.rms).toBeCloseTo(0.25 / Math.SQRT2, 2);
    expect(levels.at(-1)!.bars.length).toBe(4);
  });

  test('a disabled meter posts nothing but still passes audio through', () => {
    const { processor, port } = createProcessor(METER_PROCESSOR, 24000);
    port.deliver({ type: 'set-enabled', id: 5, enabled: false });
    expect(port.take('reply')).toEqual([{ type: 'reply', id: 5, request: 'set-enabled', enabled: false }]);
    const input = sine(24000, 440, 0.25, 128);
    for (let q = 0; q < 20; q++) {
      const output = new Float32Array(128);
      processor.process([[input]], [[output]], {});
      expect(output).toEqual(input);
    }
    expect(port.take('level')).toEqual([]);
  });

  test('a request of an unknown type is answered with an error, even one named like an Object property', () => {
    const { port } = createProcessor(METER_PROCESSOR, 24000);
    port.deliver({ type: 'toString', id: 8 });
    port.deliver({ type: 'calibrate', id: 9 });
    expect(port.take('error')).toEqual([
      { type: 'error', id: 8, message: "Unknown meter request 'toString'" },
      { type: 'error', id: 9, message: "Unknown meter request 'calibrate'" },
    ]);
  });
});
