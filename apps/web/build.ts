// Builds the single-page app into apps/web/dist: `bun run build:web`.
// The JS API is used on purpose: the `bun build` CLI ignores bun-plugin-tailwind.
import { existsSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import tailwind from 'bun-plugin-tailwind'

const webDir = import.meta.dir
const repoDir = join(webDir, '..', '..')
export const distDir = join(webDir, 'dist')

export async function buildWeb(outdir = distDir) {
  const startedMs = performance.now()
  await rm(outdir, { recursive: true, force: true })

  const result = await Bun.build({
    entrypoints: [join(webDir, 'index.html')],
    outdir,
    target: 'browser',
    splitting: true,
    plugins: [tailwind],
    minify: true,
    sourcemap: 'linked',
    // Absolute asset URLs, so deep links such as /groups/abc load /assets/… and not /groups/assets/….
    publicPath: '/',
    naming: {
      entry: '[dir]/[name].[ext]',
      chunk: 'assets/[name]-[hash].[ext]',
      asset: 'assets/[name]-[hash].[ext]',
    },
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  })
  if (!result.success) {
    for (const message of result.logs) console.error(message)
    throw new Error('web build failed')
  }

  await Promise.all(
    result.outputs
      .filter((output) => /\.(js|css|html|svg|map)$/.test(output.path))
      .map(async (output) => {
        // Pre-compressed once here; the server's web plugin sends the .gz to clients that accept gzip.
        const bytes = new Uint8Array(await output.arrayBuffer())
        await Bun.write(`${output.path}.gz`, Bun.gzipSync(bytes, { level: 9 }))
      }),
  )

  await buildSocketWorker(join(outdir, 'worklets'))

  // The audio worklets are built by their own package; skip quietly until it exists.
  const workletBuildPath = join(repoDir, 'audio-worklets', 'build.ts')
  if (existsSync(workletBuildPath)) {
    const { buildWorklets } = (await import(workletBuildPath)) as { buildWorklets?: (outdir: string) => unknown }
    if (typeof buildWorklets === 'function') await buildWorklets(join(outdir, 'worklets'))
  }

  return { outputs: result.outputs, elapsedMs: performance.now() - startedMs }
}

/**
 * The voice socket's worker (src/voice/voice-socket-worker.ts), its own self-contained module like the worklets
 * and served next to them, unhashed (SOCKET_WORKER_URL): a worker script cannot share the app's chunks. Fetched
 * on the first chat press, with the voice engine, so no route's first visit downloads it.
 */
async function buildSocketWorker(outdir: string) {
  const result = await Bun.build({
    entrypoints: [join(webDir, 'src', 'voice', 'voice-socket-worker.ts')],
    outdir,
    target: 'browser',
    format: 'esm',
    minify: true,
    splitting: false,
    naming: '[name].[ext]',
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  })
  if (!result.success) {
    for (const message of result.logs) console.error(message)
    throw new Error('voice socket worker build failed')
  }
  for (const output of result.outputs) {
    await Bun.write(`${output.path}.gz`, Bun.gzipSync(new Uint8Array(await output.arrayBuffer()), { level: 9 }))
  }
}

if (import.meta.main) {
  const { outputs, elapsedMs } = await buildWeb()
  const byteLength = outputs.reduce((sum, output) => sum + output.size, 0)
  console.log(`web: ${outputs.length} files, ${(byteLength / 1024).toFixed(0)} KiB in ${elapsedMs.toFixed(0)} ms -> ${distDir}`)
}
