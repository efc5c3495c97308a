import { describe, expect, test } from 'bun:test';
import { Elysia, t } from 'elysia';
import {
  Conflict,
  Forbidden,
  InternalFailure,
  Invalid,
  NotFound,
  ProviderUnavailable,
  RateLimited,
  TooLarge,
  Unauthenticated,
} from '../errors';
import { errorResponses, errorsPlugin } from './errors';

// Services and providers throw domain errors; this plugin alone decides the HTTP answer (SPEC §8).
const answerTo = async (error: Error) => {
  const app = new Elysia().use(errorsPlugin).get('/throw', () => {
    throw error;
  });
  const res = await app.handle(new Request('http://localhost/throw'));
  return { status: res.status, type: res.headers.get('content-type'), retryAfter: res.headers.get('retry-after'), body: await res.json() };
};

describe('domain errors become HTTP answers', () => {
  const cases: Array<[string, Error, number, string]> = [
    ['NotFound', new NotFound('User not found'), 404, 'User not found'],
    ['NotFound without a message', new NotFound(), 404, 'Not found'],
    ['Invalid', new Invalid('Invalid phone number'), 400, 'Invalid phone number'],
    ['Conflict', new Conflict('That name is taken'), 409, 'That name is taken'],
    ['TooLarge', new TooLarge('The file is too large (at most 1 MB)'), 413, 'The file is too large (at most 1 MB)'],
    [
      'ProviderUnavailable',
      new ProviderUnavailable('The AI provider has problems right now. Please try again later.'),
      502,
      'The AI provider has problems right now. Please try again later.',
    ],
    ['Unauthenticated', new Unauthenticated('Invalid e-mail or password'), 401, 'Invalid e-mail or password'],
    ['Unauthenticated without a message', new Unauthenticated(), 401, 'Please sign in'],
    ['Forbidden', new Forbidden('Only admins can do this'), 403, 'Only admins can do this'],
    ['Forbidden without a message', new Forbidden(), 403, 'You do not have access to this'],
    ['RateLimited', new RateLimited(42), 429, 'Too many attempts. Try again in 42 seconds.'],
    ['InternalFailure', new InternalFailure('The invitation could not be queued'), 500, 'The invitation could not be queued'],
  ];
  for (const [name, error, status, message] of cases) {
    test(`${name} is a ${status} with { error }`, async () => {
      const answer = await answerTo(error);
      expect(answer.status).toBe(status);
      expect(answer.type).toContain('application/json');
      expect(answer.body).toEqual({ error: message });
    });
  }

  test('RateLimited says when to try again in Retry-After; other errors carry no Retry-After', async () => {
    expect((await answerTo(new RateLimited(42))).retryAfter).toBe('42');
    expect((await answerTo(new Forbidden())).retryAfter).toBeNull();
  });

  test('a domain error names its kind (logs and tests read it)', () => {
    expect(new ProviderUnavailable('x').name).toBe('ProviderUnavailable');
    expect(new NotFound()).toBeInstanceOf(Error);
  });

  test('an unknown error is still a 500 without its message', async () => {
    const answer = await answerTo(new Error('secret detail'));
    expect(answer.status).toBe(500);
    expect(JSON.stringify(answer.body)).not.toContain('secret detail');
  });
});

describe('answers checked against their response schema', () => {
  const secret = 'private-note-4411@example.org';
  const app = new Elysia()
    .use(errorsPlugin)
    .get('/wrong/:id', () => ({ count: '3', email: secret }) as unknown as { count: number; email: string }, {
      response: { 200: t.Object({ count: t.Number(), email: t.String() }), ...errorResponses },
    })
    .get('/extra', () => ({ count: 3, passwordHash: 'not-for-clients' }), { response: { 200: t.Object({ count: t.Number() }) } });

  test('an answer that breaks its schema is a logged 500 { error } that quotes nothing of the answer', async () => {
    const lines: string[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => lines.push(args.map(String).join(' '));
    try {
      const res = await app.handle(new Request('http://localhost/wrong/7'));
      const text = await res.text();
      expect(res.status).toBe(500);
      expect(res.headers.get('content-type')).toContain('application/json');
      expect(JSON.parse(text)).toEqual({ error: 'Something went wrong on our side. Please try again.' });
      expect(text).not.toContain(secret);
    } finally {
      console.error = original;
    }
    const line = lines.find((l) => l.includes('response schema'));
    expect(line).toBeDefined();
    expect(JSON.parse(line!)).toMatchObject({ level: 'error', method: 'GET', route: '/wrong/:id', fields: ['/count'] });
    expect(line).not.toContain(secret);
    expect(line).not.toContain('"3"');
  });

  test('a field the schema does not name is left out of the answer, not turned into an error', async () => {
    const res = await app.handle(new Request('http://localhost/extra'));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ count: 3 });
  });
});
