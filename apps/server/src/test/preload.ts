// bun test preload: tests run in UTC with quiet logs, and a timeout that fits a loaded 2-core machine
// (a fresh PGlite database takes seconds there).
import { setDefaultTimeout } from 'bun:test';

process.env.TZ = 'UTC';
process.env.NODE_ENV = 'test';
setDefaultTimeout(60_000);
