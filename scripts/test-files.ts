// Which bun test files use a database (issue 25: CI runs those on both PGlite and PostgreSQL, the rest once).
// A file uses one when it, or a test helper it imports (transitively, through relative imports of files that are
// not themselves tests), names a database entry point: the test harness's database, a fresh PostgreSQL database for
// a whole server, DATABASE_URL, or the db client. Everything else (parsers, pricing, the local provider's turn
// logic, …) touches no database and gives the same result on either.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { Glob } from 'bun';

const repoRoot = resolve(import.meta.dir, '..');
const DATABASE_MARKERS = /createTestDatabase|createTestContext|freshPostgresUrl|DATABASE_URL|@hearth\/db\/client|newPglite|migrateToLatest/;
const RELATIVE_IMPORT = /(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g;

const memo = new Map<string, boolean>();

function resolveImport(from: string, spec: string): string | undefined {
  const base = resolve(dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) {
    if (candidate.endsWith('.ts') || candidate.endsWith('.tsx')) if (existsSync(candidate)) return candidate;
  }
  return undefined;
}

/** The file, or a helper it imports, reaches a database. Only test helpers are followed, not the product's code. */
function usesDatabase(file: string, root: string, seen = new Set<string>()): boolean {
  const known = memo.get(file);
  if (known !== undefined) return known;
  if (seen.has(file)) return false;
  seen.add(file);
  const text = readFileSync(file, 'utf8');
  let uses = DATABASE_MARKERS.test(text);
  for (const match of text.matchAll(RELATIVE_IMPORT)) {
    if (uses) break;
    const target = resolveImport(file, match[1]!);
    if (target && isTestHelper(target, root)) uses = usesDatabase(target, root, seen);
  }
  memo.set(file, uses);
  return uses;
}

/** Test support code: under a test/ folder, or named as a fixture or test support file. */
function isTestHelper(file: string, root: string): boolean {
  const rel = relative(root, file);
  return !rel.endsWith('.test.ts') && (/(^|\/)test\//.test(rel) || /fixture|test-support|-harness/.test(rel));
}

export function testFiles(dirs: string[], root = repoRoot): { database: string[]; plain: string[] } {
  const database: string[] = [];
  const plain: string[] = [];
  for (const dir of dirs) {
    for (const rel of new Glob(`${dir}/**/*.test.{ts,tsx}`).scanSync({ cwd: root })) {
      if (rel.includes('node_modules')) continue;
      (usesDatabase(join(root, rel), root) ? database : plain).push(`./${rel}`);
    }
  }
  return { database: database.sort(), plain: plain.sort() };
}

if (import.meta.main) {
  const { database, plain } = testFiles(process.argv.slice(2).length ? process.argv.slice(2) : ['apps/server', 'db']);
  console.log(`# ${database.length} files use a database, ${plain.length} do not`);
  for (const file of database) console.log(`db    ${file}`);
  for (const file of plain) console.log(`plain ${file}`);
}
