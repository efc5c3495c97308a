// The import boundaries of HOUSE-STYLE (Web and Audio), checked on every .ts/.tsx file of the web app and the audio
// worklets: features never reach into each other or into routes (routes compose features, not the reverse), the kits
// (voice, components, lib) know no feature or route, the worklets know nothing of the web app, React or jotai, and the
// web app takes nothing from the server but types.
import { describe, expect, test } from 'bun:test'
import path from 'node:path'

const ROOT = path.resolve(import.meta.dir, '../../..')
const WEB = 'apps/web/src'
const WORKLETS = 'audio-worklets/src'
/** Server code: the web app may only `import type` from these (the Eden client's `type App`). */
const SERVER_DIRS = ['apps/server', 'db']
const KIT_DIRS = ['voice', 'components', 'lib'].map((dir) => `${WEB}/${dir}`)

type ImportRef = { specifier: string; typeOnly: boolean; dynamic?: boolean }
type Violation = { file: string; specifier: string; rule: string }

const transpiler = new Bun.Transpiler({ loader: 'tsx' })
// Every `import … from` / `export … from` at the start of a line, type-only ones included (Bun drops those).
const STATIC_FROM = /^[ \t]*(?:import|export)\b[^;'"]*?\bfrom\s*(['"])([^'"\n]+)\1/gm

/** The file's import specifiers; a specifier that does not survive compilation is type-only. */
function importsOf(source: string): ImportRef[] {
  const scanned = transpiler.scanImports(source)
  const runtime = new Set(scanned.map((found) => found.path))
  const staticPaths = new Set(scanned.filter((found) => found.kind !== 'dynamic-import').map((found) => found.path))
  const refs: ImportRef[] = [...runtime].map((specifier) =>
    staticPaths.has(specifier) ? { specifier, typeOnly: false } : { specifier, typeOnly: false, dynamic: true },
  )
  const typeOnly = new Set([...source.matchAll(STATIC_FROM)].map((m) => m[2]).filter((s) => !runtime.has(s)))
  return refs.concat([...typeOnly].map((specifier) => ({ specifier, typeOnly: true })))
}

/** tsconfig `paths` as prefix → folder pairs ('@/' → 'apps/web/src/'), longest prefix first. */
async function loadAliases(): Promise<Array<[string, string]>> {
  const tsconfig = await Bun.file(path.join(ROOT, 'tsconfig.json')).json()
  const paths: Record<string, string[]> = tsconfig.compilerOptions.paths
  return Object.entries(paths)
    .map(([alias, [target]]): [string, string] => [alias.replace(/\*$/, ''), path.posix.normalize(target.replace(/\*$/, ''))])
    .sort((a, b) => b[0].length - a[0].length)
}
const aliases = await loadAliases()

/** Repository-relative path of a local import (extension-less, as written), or the bare package name. */
function resolveImport(file: string, specifier: string): string {
  if (specifier.startsWith('.')) return path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier))
  for (const [prefix, target] of aliases) {
    if (prefix.endsWith('/') ? specifier.startsWith(prefix) : specifier === prefix) {
      return path.posix.normalize(path.posix.join(target, specifier.slice(prefix.length)))
    }
  }
  return specifier
}

/**
 * Route files are in the first download of every page (router.tsx imports them all), so they reach screens and
 * their calls only through import(); the layouts they load lazily, the sign-in state (features/auth) and a
 * feature's `search.ts` (the constants a validateSearch needs) are the exceptions. A static import here put a staff screen's code into the visitor's 110 KB budget more than once.
 */
const LAZY_ROUTE_FILES = ['app-shell.tsx', 'admin-layout.tsx', 'admins-only.tsx', 'staff-home.tsx'].map((name) => `${WEB}/routes/${name}`)

const within = (file: string, dir: string) => file === dir || file.startsWith(`${dir}/`)
const featureOf = (file: string) => file.match(/^apps\/web\/src\/features\/([^/]+)(?:\/|$)/)?.[1]
const isReactOrJotai = (target: string) => /^(?:react|react-dom|jotai)(?:\/|$)|^jotai-/.test(target)

/** Which boundary `file` importing `ref` (resolved to `target`) breaks, if any. */
function brokenRule(file: string, ref: ImportRef, target: string): string | undefined {
  const from = featureOf(file)
  const to = featureOf(target)
  if (from && to && from !== to) return `feature '${from}' imports feature '${to}'`
  const kit = KIT_DIRS.find((dir) => within(file, dir))
  if (kit && (within(target, `${WEB}/features`) || within(target, `${WEB}/routes`))) {
    return `${kit.slice(WEB.length + 1)}/ is a kit and must not import features/ or routes/`
  }
  if (from && within(target, `${WEB}/routes`)) return 'features must not import routes (routes compose features)'
  if (
    within(file, `${WEB}/routes`) &&
    !LAZY_ROUTE_FILES.includes(file) &&
    !ref.typeOnly &&
    !ref.dynamic &&
    within(target, `${WEB}/features`) &&
    !within(target, `${WEB}/features/auth`) &&
    !/\/search$/.test(target)
  ) {
    return 'route files load features only through import() (they are in every first download)'
  }
  if (within(file, 'audio-worklets')) {
    if (within(target, 'apps/web') || ref.specifier.startsWith('@/')) return 'audio-worklets must not import the web app'
    if (isReactOrJotai(target)) return 'audio-worklets must not import React or jotai'
  }
  if (within(file, WEB) && !ref.typeOnly && SERVER_DIRS.some((dir) => within(target, dir))) {
    return 'the web app may only `import type` from server code'
  }
  return undefined
}

/** Every broken boundary in `files` (repository-relative path → source). */
function findViolations(files: Record<string, string>): Violation[] {
  const violations: Violation[] = []
  for (const [file, source] of Object.entries(files)) {
    for (const ref of importsOf(source)) {
      const rule = brokenRule(file, ref, resolveImport(file, ref.specifier))
      if (rule) violations.push({ file, specifier: ref.specifier, rule })
    }
  }
  return violations.sort((a, b) => a.file.localeCompare(b.file) || a.specifier.localeCompare(b.specifier))
}

const describeViolation = (v: Violation) => `${v.file} → '${v.specifier}': ${v.rule}`

async function readTree(...dirs: string[]): Promise<Record<string, string>> {
  const files: Record<string, string> = {}
  for (const dir of dirs) {
    for await (const rel of new Bun.Glob('**/*.{ts,tsx}').scan({ cwd: path.join(ROOT, dir) })) {
      if (rel.includes('node_modules/')) continue
      const file = `${dir}/${rel.split(path.sep).join('/')}`
      files[file] = await Bun.file(path.join(ROOT, file)).text()
    }
  }
  return files
}

/** Fake sources are built line by line so this file's own text holds no line-initial import of them. */
const lines = (...code: string[]) => code.join('\n')

describe('the import scanner', () => {
  test('finds static, re-export, dynamic, multi-line and type-only imports', () => {
    const source = lines(
      "import { a } from './a'",
      "import type { B } from '@/b'",
      "import { type C } from '../c'",
      'import {',
      '  d,',
      '  e,',
      "} from './de'",
      "export { f } from './f'",
      "export type { G } from './g'",
      "import './side-effect.css'",
      "const lazy = () => import('@/features/x/page')",
      "// import { nope } from './commented-out'",
      'const text = "import { nope } from \'./in-a-string\'"',
    )
    expect(importsOf(source).sort((x, y) => x.specifier.localeCompare(y.specifier))).toEqual([
      { specifier: '../c', typeOnly: true },
      { specifier: './a', typeOnly: false },
      { specifier: './de', typeOnly: false },
      { specifier: './f', typeOnly: false },
      { specifier: './g', typeOnly: true },
      { specifier: './side-effect.css', typeOnly: false },
      { specifier: '@/b', typeOnly: true },
      { specifier: '@/features/x/page', typeOnly: false, dynamic: true },
    ])
  })

  test('resolves the @/ alias, the other tsconfig aliases and relative paths', () => {
    expect(resolveImport(`${WEB}/routes/admin.tsx`, '@/features/groups/api')).toBe(`${WEB}/features/groups/api`)
    expect(resolveImport(`${WEB}/features/a/components/x.tsx`, '../../b/api')).toBe(`${WEB}/features/b/api`)
    expect(resolveImport(`${WEB}/lib/api.ts`, '../../../server/src/app')).toBe('apps/server/src/app')
    expect(resolveImport(`${WEB}/voice/audio-engine.ts`, '@hearth/worklets/messages')).toBe(`${WORKLETS}/messages`)
    expect(resolveImport(`${WEB}/main.tsx`, 'react-dom/client')).toBe('react-dom/client')
  })
})

describe('the boundary check', () => {
  test('a tree that keeps every boundary passes', () => {
    expect(
      findViolations({
        [`${WEB}/features/a/components/page.tsx`]: lines(
          "import { useAtomValue } from 'jotai'",
          "import { Button } from '@hearth/ui/components/button'",
          "import { DataTable } from '@/components/data-table/data-table'",
          "import { notify } from '@/lib/notify'",
          "import { conversationAtom } from '@/voice/atoms'",
          "import { load } from '@/features/a/api'",
          "import { helper } from '../helper'",
        ),
        [`${WEB}/routes/admin.tsx`]: lines(
          "import { staffStore } from '@/features/auth/staff-store'",
          "const load = async () => (await import('@/features/a/api')).load()",
          "const page = () => import('@/features/b/components/page')",
        ),
        [`${WEB}/lib/api.ts`]: lines("import type { App } from '../../../server/src/app'"),
        [`${WEB}/voice/engine.ts`]: lines("import { FRAME } from '@hearth/worklets/messages'"),
        [`${WORKLETS}/capture-processor.ts`]: lines(
          "import { SAMPLE_RATE } from '@hearth/protocol/audio'",
          "import { toPcm16 } from './pcm'",
        ),
      }),
    ).toEqual([])
  })

  test('reports each broken boundary with file, import and rule', () => {
    const violations = findViolations({
      [`${WEB}/features/a/components/page.tsx`]: lines(
        "import { b } from '@/features/b/api'",
        "import type { BRow } from '../../b/types'",
        "import { adminRoute } from '@/routes/admin'",
      ),
      [`${WEB}/features/c/api.ts`]: lines("export { d } from '@/features/d/api'"),
      [`${WEB}/features/e/atoms.ts`]: lines("const f = () => import('@/features/f/page')"),
      [`${WEB}/components/data-table/data-table.tsx`]: lines("import { u } from '@/features/admin-users/api'"),
      [`${WEB}/lib/nav.ts`]: lines("import { adminRoute } from '../routes/admin'"),
      [`${WEB}/voice/panel.tsx`]: lines("import type { Staff } from '@/features/auth/api'"),
      [`${WEB}/lib/api.ts`]: lines("import { app } from '../../../server/src/app'"),
      [`${WEB}/features/g/db.ts`]: lines("import { db } from '@hearth/db/client'"),
      [`${WEB}/routes/h.ts`]: lines(
        "import { load } from '@/features/h/api'",
        "import type { Row } from '@/features/h/api-types'",
        "const page = () => import('@/features/h/page')",
        "import { staffStore } from '@/features/auth/staff-store'",
      ),
      [`${WEB}/routes/staff-home.tsx`]: lines("import { ConsolePage } from '@/features/console/page'"),
      [`${WORKLETS}/meter-processor.ts`]: lines(
        "import { useState } from 'react'",
        "import { atom } from 'jotai'",
        "import { notify } from '@/lib/notify'",
        "import { x } from '../../apps/web/src/voice/atoms'",
      ),
    })
    expect(violations.map(describeViolation)).toEqual([
      `${WEB}/components/data-table/data-table.tsx → '@/features/admin-users/api': components/ is a kit and must not import features/ or routes/`,
      `${WEB}/features/a/components/page.tsx → '../../b/types': feature 'a' imports feature 'b'`,
      `${WEB}/features/a/components/page.tsx → '@/features/b/api': feature 'a' imports feature 'b'`,
      `${WEB}/features/a/components/page.tsx → '@/routes/admin': features must not import routes (routes compose features)`,
      `${WEB}/features/c/api.ts → '@/features/d/api': feature 'c' imports feature 'd'`,
      `${WEB}/features/e/atoms.ts → '@/features/f/page': feature 'e' imports feature 'f'`,
      `${WEB}/features/g/db.ts → '@hearth/db/client': the web app may only \`import type\` from server code`,
      `${WEB}/lib/api.ts → '../../../server/src/app': the web app may only \`import type\` from server code`,
      `${WEB}/lib/nav.ts → '../routes/admin': lib/ is a kit and must not import features/ or routes/`,
      `${WEB}/routes/h.ts → '@/features/h/api': route files load features only through import() (they are in every first download)`,
      `${WEB}/voice/panel.tsx → '@/features/auth/api': voice/ is a kit and must not import features/ or routes/`,
      `${WORKLETS}/meter-processor.ts → '../../apps/web/src/voice/atoms': audio-worklets must not import the web app`,
      `${WORKLETS}/meter-processor.ts → '@/lib/notify': audio-worklets must not import the web app`,
      `${WORKLETS}/meter-processor.ts → 'jotai': audio-worklets must not import React or jotai`,
      `${WORKLETS}/meter-processor.ts → 'react': audio-worklets must not import React or jotai`,
    ])
  })
})

test('the web app and the audio worklets keep every boundary', async () => {
  const files = await readTree(WEB, WORKLETS)
  const scanned = Object.keys(files)
  // Guards against a scan that silently finds nothing (a moved folder, a broken glob).
  expect(scanned.filter((f) => within(f, WEB)).length).toBeGreaterThan(50)
  expect(scanned.filter((f) => within(f, WORKLETS)).length).toBeGreaterThan(10)
  expect(scanned).toContain(`${WEB}/router.tsx`)
  expect(findViolations(files).map(describeViolation)).toEqual([])
})
