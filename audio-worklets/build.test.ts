import { afterAll, describe, expect, test } from 'bun:test';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { buildWorklets } from './build.ts';

const outdir = await mkdtemp(join(tmpdir(), 'hearth-worklets-'));
afterAll(() => rm(outdir, { recursive: true, force: true }));

describe('buildWorklets', () => {
  test('writes one self-contained module per processor that registers it when evaluated', async () => {
    const files = await buildWorklets(outdir);
    expect(files.map((file) => basename(file)).sort()).toEqual(['capture-processor.js', 'playback-processor.js']);

    const registered: string[] = [];
    const scope = globalThis as Record<string, unknown>;
    const saved = { AudioWorkletProcessor: scope.AudioWorkletProcessor, registerProcessor: scope.registerProcessor };
    scope.AudioWorkletProcessor ??= class {};
    scope.registerProcessor = (name: string) => registered.push(name);
    try {
      for (const file of files) {
        const code = await readFile(file, 'utf8');
        // A worklet module cannot fetch chunks or use Node globals.
        expect(code).not.toMatch(/\bimport\s*[({"'\w]/);
        expect(code).not.toMatch(/\bBuffer\b|\brequire\(/);
        await import(file);
      }
    } finally {
      Object.assign(scope, saved);
    }
    expect(registered.sort()).toEqual(['hearth-capture', 'hearth-playback']);
  });
});
