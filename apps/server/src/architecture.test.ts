import { describe, expect, test } from 'bun:test';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { t } from 'elysia';

/**
 * The server's seams (HOUSE-STYLE "Layout"): features do not import each other's insides, plugins reach into
 * features only where listed, and no module imports itself back through others. A feature names below the few
 * files others may use; everything else in its folder is its own business.
 */
const PUBLIC: Record<string, string[]> = {
  auth: ['credentials.ts', 'personal-links.ts'],
  groups: ['isolation.ts'],
  invitations: ['texts.ts'],
  maintenance: ['purge.ts'],
  meetings: ['replies.ts', 'scheduler.ts'],
  messages: ['outbox.ts'],
  // The price table and the pricing of usage reports, used by the configuration, the relay and the test runs.
  costs: ['pricing.ts'],
  'post-chat': ['run.ts', 'transcript.ts'],
  prompts: ['lookup.ts'],
  sequences: ['lookup.ts'],
  'test-runs': ['lookup.ts', 'queue.ts'],
  users: ['lookup.ts', 'phone.ts'],
  // The insights' aggregates (lookup.ts) and the scale itself, which the realtime tool asks (scale.ts).
  wellbeing: ['lookup.ts', 'scale.ts'],
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

/**
 * One type source (HOUSE-STYLE "Validation"): a service's request types come from its feature's model.ts
 * (`typeof schema.static`). A service.ts may not declare its own `…Body`/`…Params`/`…Query`/`…Input` type, nor
 * write out a type literal with exactly the fields of one of the feature's schemas (a copy drifts from the schema).
 */
// A declaration (`interface X {`, `type X =`), not a type-only import of a name like `type VersionInput,`.
const REQUEST_TYPE_NAME =
  /(?:^|\n)\s*(?:export\s+)?(?:interface\s+(\w*(?:Body|Params|Query|Input))\b|type\s+(\w*(?:Body|Params|Query|Input))\s*(?:<[^>]*>)?\s*=)/g;
// A type literal of two or more members: `{ a: T; b?: U }` (object literals separate with commas, not semicolons).
const TYPE_LITERAL = /\{([^{}]*;[^{}]*)\}/g;
const MEMBER = /(?:^|;)\s*(\w+)\??\s*:/g;

/** The field names of every object schema (and object inside one) a model module exports, by export name. */
export function schemaFields(model: Record<string, unknown>): Map<string, string[]> {
  const fields = new Map<string, string[]>();
  const visit = (name: string, schema: unknown) => {
    const properties = (schema as { type?: string; properties?: Record<string, unknown> } | null)?.properties;
    if ((schema as { type?: string } | null)?.type !== 'object' || !properties) return;
    fields.set(name, Object.keys(properties).sort());
    for (const [key, inner] of Object.entries(properties)) visit(`${name}.${key}`, inner);
  };
  for (const [name, value] of Object.entries(model)) if (value && typeof value === 'object') visit(name, value);
  return fields;
}

/** Why a service's source re-declares a request type instead of taking it from model.ts; empty when it does not. */
export function requestTypeCopies(source: string, schemas: Map<string, string[]>): string[] {
  const found = [...source.matchAll(REQUEST_TYPE_NAME)].map((m) => `declares ${m[1] ?? m[2]}: take typeof <schema>.static from model.ts`);
  for (const [, body] of source.matchAll(TYPE_LITERAL)) {
    const keys = [...body.matchAll(MEMBER)].map((m) => m[1]).sort();
    for (const [name, fields] of schemas) {
      if (fields.length > 1 && keys.join() === fields.join())
        found.push(`copies the fields of ${name}: use its type from model.ts (typeof <schema>.static)`);
    }
  }
  return found;
}

const FEATURES = join(SRC, 'features');

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

  test('services take their request types from model.ts, not a copy', async () => {
    const offenders: string[] = [];
    let checked = 0;
    for (const feature of readdirSync(FEATURES)) {
      const service = join(FEATURES, feature, 'service.ts');
      const model = join(FEATURES, feature, 'model.ts');
      if (!existsSync(service) || !existsSync(model)) continue;
      checked++;
      const schemas = schemaFields(await import(model));
      for (const why of requestTypeCopies(readFileSync(service, 'utf8'), schemas)) offenders.push(`features/${feature}/service.ts ${why}`);
    }
    expect(checked).toBeGreaterThan(5);
    expect(offenders).toEqual([]);
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

  test('a request type declared or copied in a service is found; one taken from the schema is not', () => {
    const schemas = schemaFields({
      inviteBody: t.Object({ userFile: t.String(), phoneNumber: t.Optional(t.Nullable(t.String())) }),
      sectionBody: t.Object({ user: t.String(), sectionData: t.Object({ startTime: t.String(), endTime: t.String() }) }),
      DEFAULT_PAGE_SIZE: 100,
    });
    expect(schemas.get('sectionBody.sectionData')).toEqual(['endTime', 'startTime']);
    expect(requestTypeCopies('interface NoticeInput {\n  groupId: string;\n}', schemas)).toEqual([
      'declares NoticeInput: take typeof <schema>.static from model.ts',
    ]);
    expect(requestTypeCopies('export type CreateBody = { name: string };', schemas)).toHaveLength(1);
    expect(
      requestTypeCopies('async function send(deps: AppDeps, input: { userFile: string; phoneNumber?: string | null }) {}', schemas),
    ).toEqual(['copies the fields of inviteBody: use its type from model.ts (typeof <schema>.static)']);
    expect(requestTypeCopies('function check(data: { startTime: string; endTime: string }) {}', schemas)).toHaveLength(1);
    // Taken from the schema, a differently shaped value, and an object literal are all fine.
    expect(requestTypeCopies("import {\n  parseVersion,\n  type VersionInput,\n} from './content';", schemas)).toEqual([]);
    expect(requestTypeCopies("import type { InviteBody } from './model';\nasync function send(input: InviteBody) {}", schemas)).toEqual([]);
    expect(requestTypeCopies('function upload(u: { userFile: string; byteLength: number }) {}', schemas)).toEqual([]);
    expect(requestTypeCopies("return { userFile: 'a', phoneNumber: null };\ninterface PlanEntry { skip: string }", schemas)).toEqual([]);
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
