// bun test preload: tests run in UTC with quiet logs.
process.env.TZ = 'UTC';
process.env.NODE_ENV = 'test';
