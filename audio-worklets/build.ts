// Bundles each processor as its own self-contained ES module, as `audioWorklet.addModule` loads them.
import { join } from 'node:path';

const PROCESSORS = ['capture-processor', 'playback-processor'] as const;

/** Writes capture-processor.js and playback-processor.js into `outdir`; returns their paths. */
export async function buildWorklets(outdir: string): Promise<string[]> {
  const root = join(import.meta.dir, 'src');
  const result = await Bun.build({
    entrypoints: PROCESSORS.map((name) => join(root, `${name}.ts`)),
    root,
    outdir,
    target: 'browser',
    format: 'esm',
    minify: true,
    splitting: false,
    naming: '[name].[ext]',
  });
  if (!result.success) {
    throw new AggregateError(result.logs, `Audio worklet build failed: ${result.logs.map(String).join('\n')}`);
  }
  return result.outputs.map((output) => output.path);
}

if (import.meta.main) {
  const outdir = process.argv[2];
  if (!outdir) {
    console.error('Usage: bun audio-worklets/build.ts <outdir>');
    process.exit(1);
  }
  for (const file of await buildWorklets(outdir)) console.log(file);
}
