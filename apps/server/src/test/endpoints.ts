import { CONTENT_ENDPOINTS } from './endpoints-content';
import { PEOPLE_ENDPOINTS } from './endpoints-people';
import { TESTING_ENDPOINTS } from './endpoints-testing';
import type { Call, Endpoint, Fixtures } from './endpoint-kit';
import type { TestContext } from './harness';

export type { Access, Call, Endpoint, Fixtures } from './endpoint-kit';

/** Every endpoint of SPEC §7 and PRODUCT §9–10 with a valid call, for the access matrix and the fuzz test. */
export const ENDPOINTS: Endpoint[] = [...PEOPLE_ENDPOINTS, ...CONTENT_ENDPOINTS, ...TESTING_ENDPOINTS];

/** Fixtures built straight in the database so the matrix does not depend on the endpoints it tests. */
export function makeFixtures(ctx: TestContext): Fixtures {
  let n = 0;
  return {
    ctx,
    async freshUser() {
      const u = await ctx.createUser(`Member ${++n}${Math.random().toString(36).slice(2, 5)}`, {
        email: `m${n}@example.com`,
        phone_number: '+14155550100',
      });
      const groupId = `g${n}${Math.random().toString(36).slice(2, 8)}`;
      const subgroupId = `s${n}${Math.random().toString(36).slice(2, 8)}`;
      await ctx.db
        .insertInto('groups')
        .values({ id: groupId, name: `Group ${groupId}` })
        .execute();
      await ctx.db
        .insertInto('subgroups')
        .values({ id: subgroupId, group_id: groupId, name: 'Gardeners', description: 'Likes plants' })
        .execute();
      await ctx.db.insertInto('group_members').values({ group_id: groupId, user_id: u.id, subgroup_id: subgroupId }).execute();
      await ctx.db.updateTable('users').set({ profile_for_group: 'Enjoys gardening and cycling.' }).where('id', '=', u.id).execute();
      return { ...u, groupId, subgroupId };
    },
  };
}

export async function send(ctx: TestContext, ep: Endpoint, call: Call, cookie?: string) {
  if (call.form) {
    const headers: Record<string, string> = {};
    if (cookie) headers.cookie = cookie;
    const res = await ctx.app.handle(new Request(`http://hearth.test${call.path}`, { method: ep.method, headers, body: call.form }));
    const text = await res.text();
    let body: any = text;
    try {
      body = JSON.parse(text);
    } catch {}
    return { status: res.status, body, headers: res.headers };
  }
  return ctx.request(ep.method, call.path, { body: call.body, cookie });
}
