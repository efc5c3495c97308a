import { describe, expect, test } from 'bun:test';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { testFiles } from './test-files';

function tree(files: Record<string, string>) {
  const root = mkdtempSync(join(tmpdir(), 'hearth-test-files-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

describe('which test files use a database (CI runs those on PostgreSQL too)', () => {
  test('a file that opens one, or reaches one through test helpers, is a database file; product code is not followed', () => {
    const root = tree({
      'apps/server/src/direct.test.ts': "import { createTestContext } from './test/harness';\n",
      'apps/server/src/test/harness.ts': 'export async function createTestContext() {}\n',
      'apps/server/src/through-helpers.test.ts': "import { run } from './x/runs-fixture';\n",
      'apps/server/src/x/runs-fixture.ts': "import { other } from '../test/support';\n",
      'apps/server/src/test/support.ts': 'const url = process.env.DATABASE_URL;\n',
      'apps/server/src/server-env.test.ts': 'if (process.env.DATABASE_URL) {}\n',
      'apps/server/src/pure.test.ts': "import { parse } from './parser';\nimport { helper } from './test/pure-helper';\n",
      'apps/server/src/parser.ts': "import { db } from '@hearth/db/client';\nexport const parse = 1;\n",
      'apps/server/src/test/pure-helper.ts': 'export const helper = 1;\n',
      'db/migrations.test.ts': "import { migrateToLatest } from './client';\n",
    });
    try {
      const { database, plain } = testFiles(['apps/server', 'db'], root);
      expect(database).toEqual([
        './apps/server/src/direct.test.ts',
        './apps/server/src/server-env.test.ts',
        './apps/server/src/through-helpers.test.ts',
        './db/migrations.test.ts',
      ]);
      expect(plain).toEqual(['./apps/server/src/pure.test.ts']);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  test('in this repository, the server tests that build a test context are database files', () => {
    const { database, plain } = testFiles(['apps/server', 'db']);
    expect(database).toContain('./apps/server/src/server.test.ts');
    expect(database).toContain('./db/client.test.ts');
    expect(plain).toContain('./apps/server/src/features/meetings/reply-parser.test.ts');
    expect(database.length).toBeGreaterThan(plain.length);
  });
});
