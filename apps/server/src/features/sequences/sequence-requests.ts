// The sequence write tests' requests (sequences-write and sequences-content), as an operator sends them.
import type { TestContext } from '../../test/harness';
import { promptFixture as prompt } from '../../test/sequence-fixtures';

/** A version body with a prompt for each name (see promptFixture); `extra` adds or overrides fields. */
export const version = (names: string[], extra: Record<string, unknown> = {}) => ({
  module_prompt: 'About this module',
  sequential_prompts: names.map((n) => prompt(n)),
  ...extra,
});

/** The sequence endpoints, called with `cookie`; each answers the harness's response (content and listed: its body). */
export function sequenceRequests(ctx: TestContext, cookie: string) {
  return {
    content: async (name: string, query = '') =>
      (await ctx.request('GET', `/api/get-sequence-content/${encodeURIComponent(name)}${query}`, { cookie })).body,
    create: (name: string, body?: unknown) =>
      ctx.request('POST', '/api/create-sequence', { cookie, body: { name, ...(body === undefined ? {} : { content: body }) } }),
    save: (name: string, body: unknown, query = '') =>
      ctx.request('PUT', `/api/update-sequence-content/${encodeURIComponent(name)}${query}`, { cookie, body }),
    listed: async () => (await ctx.request('GET', '/api/get-sequences', { cookie })).body as string[],
  };
}

export type SequenceRequests = ReturnType<typeof sequenceRequests>;
