import { describe, expect, test } from 'bun:test';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/**
 * The server's seams (HOUSE-STYLE "Layout"): features do not import each other's insides, plugins reach into
 * features only where listed, and no module imports itself back through others. A feature names below the few
 * files others may use; everything else in its folder is its own business.
 */
const PUBLIC: Record<string, string[]> = {
  auth: ['personal-links.ts'],
  groups: ['isolation.ts'],
  invitations: ['texts.ts'],
  maintenance: ['purge.ts'],
  messages: ['outbox.ts'],
  'post-chat': ['run.ts', 'transcript.ts'],
  prompts: ['lookup.ts'],
  sequences: ['lookup.ts'],
  users: ['lookup.ts', 'phone.ts'],
};

/**
 * The scheduled purge (features/maintenance, PRODUCT §7 and bounded growth) deletes expired rows of several
 * features in one pass, so it may call their repositories directly.
 */
const SWEEPERS = ['maintenance'];

/** The few feature files the cross-feature hooks in plugins/ may import (the session lookup of every request). */
const PLUGINS_MAY_IMPORT = ['features/auth/repository.ts'];

/**
 * HTTP errors belong to the HTTP edge: routes, plugins and app.ts. Everything else throws the domain errors of
 * errors.ts. A service listed here may still throw HTTP errors while it switches (none today); take it off
 * the list once it has.
 */
const HTTP_ERRORS_NOT_YET_SWITCHED: string[] = [];

const mayUseHttpErrors = (path: string) =>
  path === 'app.ts' || path.startsWith('plugins/') || path.endsWith('/routes.ts') || HTTP_ERRORS_NOT_YET_SWITCHED.includes(path);

/**
 * SQL lives in repositories (HOUSE-STYLE): `repository.ts` or `<name>-repository.ts`, and a feature's public read
 * side `lookup.ts` (db-first functions other features call). A file listed here may still hold SQL of its own
 * while it moves (none today); take it off once its SQL has moved.
 */
const SQL_NOT_YET_IN_REPOSITORIES: string[] = [];
const SQL = /\.(selectFrom|insertInto|updateTable|deleteFrom)\(|\bsql(<[^>]*>)?`/;

const mayHoldSql = (path: string) =>
  /(^|[/-])(repository|lookup)\.ts$/.test(path) || path.startsWith('test/') || SQL_NOT_YET_IN_REPOSITORIES.includes(path);

/** Composition roots: they wire every feature together (app.ts `.use()`s the routes; server.ts starts jobs). */
const ROOTS = ['app.ts', 'server.ts', 'index.ts'];

const SRC = import.meta.dir;

/** Relative imports of every non-test module under `src`, as paths relative to `src`. */
export function importGraph(src: string): Map<string, string[]> {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.tsx?$/.test(name)) files.push(path);
    }
  };
  walk(src);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const from = relative(src, file);
    if (isTestOnly(from)) continue;
    graph.set(
      from,
      importsOf(readFileSync(file, 'utf8')).flatMap((spec) => resolveSpec(src, file, spec) ?? []),
    );
  }
  return graph;
}

// Tests and their fixtures may reach anywhere: nothing in the product imports them.
const isTestOnly = (path: string) =>
  /\.test\.tsx?$/.test(path) ||
  path.startsWith('test/') ||
  path.endsWith('test-support.ts') ||
  path.endsWith('relay-fixture.ts') ||
  path.endsWith('/testing.ts');

const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s[^'";]*?from\s*['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)|(?:^|\n)\s*import\s*['"](\.{1,2}\/[^'"]+)['"]/g;

export function importsOf(source: string): string[] {
  return [...source.matchAll(IMPORT)].map((m) => m[1] ?? m[2] ?? m[3]);
}

function resolveSpec(src: string, file: string, spec: string): string | undefined {
  const base = resolve(dirname(file), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return relative(src, candidate);
  }
  return undefined;
}

/** Why an import crosses a seam it should not, or undefined when it is fine. */
export function seamViolation(from: string, to: string): string | undefined {
  const [toTop, toFeature, ...toRest] = to.split('/');
  if (toTop !== 'features') return undefined;
  const [fromTop, fromFeature] = from.split('/');
  if (fromTop === 'features' && fromFeature === toFeature) return undefined;
  if (ROOTS.includes(from)) return undefined;
  if (fromTop === 'plugins') {
    return PLUGINS_MAY_IMPORT.includes(to) ? undefined : `plugins may import only ${PLUGINS_MAY_IMPORT.join(', ')} from features`;
  }
  const file = toRest.join('/');
  if (fromTop === 'features' && SWEEPERS.includes(fromFeature) && file === 'repository.ts') return undefined;
  if ((PUBLIC[toFeature] ?? []).includes(file)) return undefined;
  const allowed = PUBLIC[toFeature]?.join(', ') ?? 'nothing';
  return `${to} is not public (features/${toFeature} offers ${allowed})`;
}

/** Every import cycle, each as the path that closes it (a -> b -> a), found by a depth-first search. */
export function importCycles(graph: Map<string, string[]>): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string) => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      const seen = state.get(next);
      if (seen === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!seen) visit(next);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of [...graph.keys()].sort()) if (!state.has(node)) visit(node);
  return cycles;
}

describe('server architecture', () => {
  const graph = importGraph(SRC);

  test('the scan finds the server (the rules below check something)', () => {
    expect(graph.size).toBeGreaterThan(50);
    expect(graph.get('app.ts')).toContain('plugins/errors.ts');
  });

  test("features import only other features' public files; plugins only the listed ones", () => {
    const violations: string[] = [];
    for (const [from, tos] of graph) {
      for (const to of tos) {
        const why = seamViolation(from, to);
        if (why) violations.push(`${from} -> ${to}: ${why}`);
      }
    }
    expect(violations).toEqual([]);
  });

  test('providers, helpers and services throw domain errors, not HTTP errors', () => {
    const offenders = [...graph]
      .filter(([from, tos]) => tos.includes('plugins/errors.ts') && !mayUseHttpErrors(from))
      .map(([from]) => from);
    expect(offenders).toEqual([]);
    for (const path of HTTP_ERRORS_NOT_YET_SWITCHED) expect(graph.get(path) ?? []).toContain('plugins/errors.ts');
  });

  test('SQL only in repositories', () => {
    const offenders = [...graph.keys()].filter((path) => !mayHoldSql(path) && SQL.test(readFileSync(join(SRC, path), 'utf8')));
    expect(offenders).toEqual([]);
  });

  test('no import cycles', () => {
    expect(importCycles(graph).map((cycle) => cycle.join(' -> '))).toEqual([]);
  });

  test('there is no catch-all lib/ of domain code: its files found homes in features, providers and src', () => {
    expect(existsSync(join(SRC, 'lib'))).toBe(false);
  });
});

describe('the checks themselves', () => {
  test('a feature reaching into another feature is refused; its public file is not', () => {
    expect(seamViolation('features/groups/service.ts', 'features/users/repository.ts')).toContain('not public');
    expect(seamViolation('realtime/tools.ts', 'features/feedback/service.ts')).toContain('not public');
    expect(seamViolation('features/groups/service.ts', 'features/users/lookup.ts')).toBeUndefined();
    expect(seamViolation('features/users/service.ts', 'features/users/repository.ts')).toBeUndefined();
    expect(seamViolation('features/maintenance/purge.ts', 'features/auth/repository.ts')).toBeUndefined();
    expect(seamViolation('features/maintenance/purge.ts', 'features/auth/service.ts')).toContain('not public');
  });

  test('plugins may import only the listed feature files', () => {
    expect(seamViolation('plugins/auth.ts', 'features/auth/repository.ts')).toBeUndefined();
    expect(seamViolation('plugins/auth.ts', 'features/users/lookup.ts')).toContain('plugins may import only');
  });

  test('SQL is recognised in its Kysely and raw forms, a transaction is not', () => {
    expect(SQL.test("db.selectFrom('users')")).toBe(true);
    expect(SQL.test('await sql`select 1`.execute(db)')).toBe(true);
    expect(SQL.test('sql<string>`now()`')).toBe(true);
    expect(SQL.test('db.transaction().execute(work)')).toBe(false);
    expect(mayHoldSql('features/users/lookup.ts')).toBe(true);
    expect(mayHoldSql('realtime/live-repository.ts')).toBe(true);
    expect(mayHoldSql('features/users/service.ts')).toBe(false);
  });

  test('a cycle is reported with its path', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts']],
    ]);
    expect(importCycles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts', 'a.ts']]);
    expect(
      importCycles(
        new Map([
          ['a.ts', ['b.ts']],
          ['b.ts', []],
        ]),
      ),
    ).toEqual([]);
  });

  test('import forms: named, type-only, re-export, side effect and dynamic', () => {
    const source = `import { a } from './a';\nimport type { B } from '../b';\nexport { c } from './c';\nimport './d';\nconst e = await import('./e');\nimport x from 'elysia';`;
    expect(importsOf(source)).toEqual(['./a', '../b', './c', './d', './e']);
  });
});
