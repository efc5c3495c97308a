import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { loadConfig } from '../config';
import { createTestContext, type TestContext } from '../test/harness';
import { acceptedOrigins } from './origin';

// PRODUCT §3: a same-site page on another port posted forms as the signed-in admin and changed data.
let ctx: TestContext;
let admin: string;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.staffCookie('admin');
}, 60_000);
afterAll(() => ctx.close());

const FOREIGN = 'http://localhost:9999';
const groupCount = async () =>
  Number(
    (
      await ctx.db
        .selectFrom('groups')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const sequenceNamed = (name: string) => ctx.db.selectFrom('sequences').select('id').where('name', '=', name).executeTakeFirst();

function sequenceForm(name: string) {
  const form = new FormData();
  form.append('name', name);
  form.append('jsonFile', new Blob([JSON.stringify({ versions: [] })], { type: 'application/json' }), 'seq.json');
  return form;
}

describe('CSRF: state-changing calls take JSON from the own origin only', () => {
  test('form-encoded posts are 403 and change nothing: foreign Origin, same-site, or no browser headers at all', async () => {
    const before = await groupCount();
    const form = 'name=Pwned';
    const cases: Record<string, string>[] = [{ origin: FOREIGN }, { 'sec-fetch-site': 'same-site' }, {}, { origin: 'http://hearth.test' }];
    for (const headers of cases) {
      const res = await ctx.request('POST', '/api/create-group', {
        cookie: admin,
        raw: form,
        headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(res.status).toBe(403);
      expect(typeof res.body.error).toBe('string');
    }
    const plain = await ctx.request('POST', '/api/create-group', {
      cookie: admin,
      raw: '{"name":"Pwned"}',
      headers: { 'content-type': 'text/plain', origin: FOREIGN },
    });
    expect(plain.status).toBe(403);
    expect(await groupCount()).toBe(before);
  });

  test('multipart posts with a foreign Origin or Sec-Fetch-Site: same-site are 403, also on the upload call', async () => {
    const before = await groupCount();
    const group = new FormData();
    group.append('name', 'Pwned');
    expect((await ctx.request('POST', '/api/create-group', { cookie: admin, raw: group })).status).toBe(403);
    for (const headers of [
      { origin: FOREIGN },
      { 'sec-fetch-site': 'same-site' },
      { 'sec-fetch-site': 'cross-site' },
      { origin: 'null' },
    ] as Record<string, string>[]) {
      const res = await ctx.request('POST', '/api/upload-sequence', { cookie: admin, raw: sequenceForm('Pwned sequence'), headers });
      expect(res).toMatchObject({ status: 403, body: { error: expect.any(String) } });
    }
    expect(await sequenceNamed('Pwned sequence')).toBeUndefined();
    expect(await groupCount()).toBe(before);
  });

  test('JSON from a foreign origin or same-site page is 403; DELETE and PUT too', async () => {
    const created = await ctx.request('POST', '/api/create-group', { cookie: admin, body: { name: 'Keep me' } });
    expect(created.status).toBe(200);
    const del = await ctx.request('DELETE', `/api/delete-group/${created.body.id}`, { cookie: admin, headers: { origin: FOREIGN } });
    expect(del.status).toBe(403);
    const put = await ctx.request('PUT', '/api/update-system-prompt', {
      cookie: admin,
      body: { newSystemPrompt: 'pwned' },
      headers: { 'sec-fetch-site': 'same-site' },
    });
    expect(put.status).toBe(403);
    const json = await ctx.request('POST', '/api/create-group', {
      cookie: admin,
      body: { name: 'Pwned' },
      headers: { origin: FOREIGN, 'sec-fetch-site': 'same-site' },
    });
    expect(json.status).toBe(403);
    expect(await ctx.db.selectFrom('groups').select('id').where('id', '=', created.body.id).executeTakeFirst()).toBeDefined();
  });

  test('the own origin, Sec-Fetch-Site: same-origin, and calls with neither header (JSON) go through', async () => {
    for (const headers of [
      { origin: 'http://hearth.test' },
      { 'sec-fetch-site': 'same-origin' },
      { origin: 'http://hearth.test', 'sec-fetch-site': 'same-origin' },
      {},
    ] as Record<string, string>[]) {
      const res = await ctx.request('POST', '/api/create-group', {
        cookie: admin,
        body: { name: `Fine ${JSON.stringify(headers)}` },
        headers,
      });
      expect(res.status).toBe(200);
    }
    // The browser's own verdict wins over an Origin that is not PUBLIC_URL's (the app opened at a LAN address).
    const lan = await ctx.request('POST', '/api/create-group', {
      cookie: admin,
      body: { name: 'From the LAN name' },
      headers: { origin: 'http://192.168.1.5:3000', 'sec-fetch-site': 'same-origin' },
    });
    expect(lan.status).toBe(200);
    const upload = await ctx.request('POST', '/api/upload-sequence', {
      cookie: admin,
      raw: sequenceForm('Own upload'),
      headers: { origin: 'http://hearth.test', 'sec-fetch-site': 'same-origin' },
    });
    expect(upload.status).not.toBe(403);
    // Reading is not guarded (a GET changes nothing).
    expect((await ctx.request('GET', '/api/get-groups', { cookie: admin, headers: { origin: FOREIGN } })).status).toBe(200);
  });
});

describe('acceptedOrigins', () => {
  test('PUBLIC_URL set: only its origin; unset: both loopback names of the listening port', () => {
    expect(acceptedOrigins(loadConfig({ APP_SECRET: 's', PUBLIC_URL: 'https://hearth.example.org/', PORT: '3000' }))).toEqual([
      'https://hearth.example.org',
    ]);
    expect(acceptedOrigins(loadConfig({ APP_SECRET: 's', PORT: '3000' }))).toEqual(['http://localhost:3000', 'http://127.0.0.1:3000']);
    expect(acceptedOrigins(loadConfig({ APP_SECRET: 's', PORT: '0' }), 41234)).toEqual([
      'http://localhost:41234',
      'http://127.0.0.1:41234',
    ]);
  });
});
