import { describe, expect, test } from 'bun:test';
import { Elysia } from 'elysia';
import { Conflict, Invalid, NotFound, ProviderUnavailable, TooLarge } from '../errors';
import { errorsPlugin } from './errors';

// Services and providers throw domain errors; this plugin alone decides the HTTP answer (SPEC §8).
const answerTo = async (error: Error) => {
  const app = new Elysia().use(errorsPlugin).get('/throw', () => {
    throw error;
  });
  const res = await app.handle(new Request('http://localhost/throw'));
  return { status: res.status, type: res.headers.get('content-type'), body: await res.json() };
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
  ];
  for (const [name, error, status, message] of cases) {
    test(`${name} is a ${status} with { error }`, async () => {
      const answer = await answerTo(error);
      expect(answer.status).toBe(status);
      expect(answer.type).toContain('application/json');
      expect(answer.body).toEqual({ error: message });
    });
  }

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
