// What a first visit downloads, per route: the entry chunk, the route's lazy screen chunks, and every chunk
// they import statically (followed transitively), gzipped as the server sends them. `bun apps/web/bundle-size.ts`
// prints the table (bytes, and KB of 1000 bytes as the budgets are set); bundle-size.test.ts holds the budgets.
// Chunks loaded on demand (the voice engine on the first chat press, dialogs, toasts with the first toast) are
// not part of a first visit. Neither are the files under worklets/ (the two audio worklets and the voice socket's
// worker), fetched by the voice engine when a chat starts: printed below as what the first chat press adds.
import { readdirSync } from 'node:fs'
import { join } from 'node:path'

import { distDir } from './build'

/** The lazy chunks (by source file name) that a first visit of each route loads besides the entry. */
export const firstVisitChunks = {
  '/ (visitor)': ['landing-page'],
  // The end user's toasts load with the first toast (DeferredToaster), not with the page.
  '/user': ['user-route'],
  '/login': ['login-page', 'sonner'],
  '/prompt-manager (staff)': ['app-shell', 'prompt-manager-page', 'sonner'],
  '/profile-manager (staff)': ['app-shell', 'profile-manager-page', 'sonner'],
  '/ (staff console)': ['staff-home', 'sonner'],
  '/testing (staff)': ['app-shell', 'testing-page', 'sonner'],
  // The coverage map's graph library and its layout live in the run view's chunk only.
  '/testing/runs/… (staff)': ['app-shell', 'run-view-page', 'sonner'],
  '/testing/compare (staff)': ['app-shell', 'compare-page', 'sonner'],
  // The charting library (Recharts) lives in the insights screen's chunk only.
  '/insights (staff)': ['app-shell', 'insights-page', 'sonner'],
} as const

export type RouteName = keyof typeof firstVisitChunks

const staticImport = /(?:^|[;\n])\s*import\s*(?:[^"';]*?from\s*)?"\/assets\/([^"]+\.js)"/g

export async function measureFirstVisits(dir = distDir) {
  const assetsDir = join(dir, 'assets')
  const files = readdirSync(assetsDir).filter((name) => name.endsWith('.js'))
  const html = await Bun.file(join(dir, 'index.html')).text()
  const entry = html.match(/<script[^>]+src="\/assets\/([^"]+\.js)"/)?.[1]
  if (!entry) throw new Error('index.html has no module script')

  const gzipBytes = new Map<string, number>()
  const imports = new Map<string, string[]>()
  const sourcesOf = new Map<string, string[]>()
  for (const name of files) {
    gzipBytes.set(name, Bun.file(join(assetsDir, `${name}.gz`)).size)
    const code = await Bun.file(join(assetsDir, name)).text()
    imports.set(
      name,
      [...code.matchAll(staticImport)].map((match) => match[1]),
    )
    const map = Bun.file(join(assetsDir, `${name}.map`))
    sourcesOf.set(name, (await map.exists()) ? ((await map.json()) as { sources: string[] }).sources : [])
  }
  const closure = (roots: string[]) => {
    const seen = new Set<string>()
    const visit = (name: string) => {
      if (seen.has(name)) return
      seen.add(name)
      for (const next of imports.get(name) ?? []) visit(next)
    }
    roots.forEach(visit)
    return seen
  }
  const chunkOf = (sourceName: string) => {
    const matches = files.filter((name) => name.startsWith(`${sourceName}-`) && /^[a-z0-9-]+-[a-z0-9]{8}\.js$/.test(name))
    if (matches.length !== 1) throw new Error(`expected one chunk for ${sourceName}, found ${matches.length}`)
    return matches[0]
  }

  const entryBytes = [...closure([entry])].reduce((sum, name) => sum + (gzipBytes.get(name) ?? 0), 0)
  const routes = Object.entries(firstVisitChunks).map(([route, sources]) => {
    const chunks = closure([entry, ...sources.map(chunkOf)])
    const bytes = [...chunks].reduce((sum, name) => sum + (gzipBytes.get(name) ?? 0), 0)
    return {
      route: route as RouteName,
      gzipBytes: bytes,
      chunks: [...chunks],
      /** The source files bundled into those chunks (from their source maps), for "X must not load" checks. */
      sources: [...chunks].flatMap((name) => sourcesOf.get(name) ?? []),
    }
  })
  return { entry, entryBytes, routes, chunkNames: files }
}

/** The audio worklets and the voice socket's worker, gzipped: what a chat fetches besides the voice engine. */
export async function measureChatWorkers(dir = distDir) {
  const workletsDir = join(dir, 'worklets')
  const files = readdirSync(workletsDir).filter((name) => name.endsWith('.js'))
  return Promise.all(
    files.map(async (name) => ({
      name,
      gzipBytes: Bun.gzipSync(new Uint8Array(await Bun.file(join(workletsDir, name)).arrayBuffer()), { level: 9 }).length,
    })),
  )
}

/** A chunk's source name: `user-route-1a2b3c4d.js` -> `user-route`. */
export const sourceNameOf = (chunk: string) => chunk.replace(/-[a-z0-9]{8}\.js$/, '')

export const formatBytes = (bytes: number) => `${bytes.toLocaleString('en-US').padStart(7)} B = ${(bytes / 1000).toFixed(1).padStart(5)} KB`

if (import.meta.main) {
  const { entryBytes, routes } = await measureFirstVisits()
  console.log(`${'entry chunk and its imports'.padEnd(28)} ${formatBytes(entryBytes)} gzipped`)
  for (const { route, gzipBytes, chunks } of routes) {
    console.log(`${route.padEnd(28)} ${formatBytes(gzipBytes)} gzipped in ${chunks.length} chunks`)
  }
  const workers = await measureChatWorkers()
  const workerBytes = workers.reduce((sum, file) => sum + file.gzipBytes, 0)
  console.log(
    `${'on the first chat press'.padEnd(28)} ${formatBytes(workerBytes)} gzipped in worklets/ (${workers.map((file) => file.name).join(', ')}), besides the voice engine chunk`,
  )
}
