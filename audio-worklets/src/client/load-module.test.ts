import { describe, expect, test } from 'bun:test';
import { type LoadableContext, loadWorkletModule, workletUrl } from './load-module.ts';

function fakeContext(fail: (attempt: number) => boolean = () => false) {
  const added: string[] = [];
  const context: LoadableContext = {
    audioWorklet: {
      async addModule(moduleUrl: string) {
        added.push(moduleUrl);
        if (fail(added.length)) throw new Error('404 Not Found');
      },
    },
  };
  return { context, added };
}

describe('loadWorkletModule', () => {
  test('adds each module once per context, however often it is asked for', async () => {
    const { context, added } = fakeContext();
    const other = fakeContext();
    await Promise.all([
      loadWorkletModule(context, workletUrl('capture')),
      loadWorkletModule(context, workletUrl('capture')),
      loadWorkletModule(context, workletUrl('playback', '/static/worklets')),
      loadWorkletModule(other.context, workletUrl('capture')),
    ]);
    await loadWorkletModule(context, workletUrl('capture'));
    expect(added).toEqual(['/worklets/capture-processor.js', '/static/worklets/playback-processor.js']);
    expect(other.added).toEqual(['/worklets/capture-processor.js']);
  });

  test('a failed load says which module and can be retried', async () => {
    const { context, added } = fakeContext((attempt) => attempt === 1);
    await expect(loadWorkletModule(context, '/worklets/playback-processor.js')).rejects.toThrow(
      'Could not load audio worklet module /worklets/playback-processor.js: 404 Not Found',
    );
    await loadWorkletModule(context, '/worklets/playback-processor.js');
    expect(added.length).toBe(2);
  });
});
