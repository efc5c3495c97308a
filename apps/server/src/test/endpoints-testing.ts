import { uniq, type Endpoint } from './endpoint-kit';

/** PRODUCT §10 test cases and runs (staff): the third part of the endpoint matrix (endpoints.ts). */

const SEQUENCE = encodeURIComponent('default_Check In.json');
const aCase = () => ({ name: uniq('Case'), persona: 'A curious new member.', turnLimit: 4, expect: [{ type: 'mood' }] });

/** A case made by an operator, for the calls that need one. */
async function madeCase(f: Parameters<Endpoint['make']>[0]) {
  const cookie = await f.ctx.staffCookie('operator');
  const res = await f.ctx.request('POST', `/api/test-cases/${SEQUENCE}`, { cookie, body: aCase() });
  return res.body.caseId as string;
}

/** A run of the sequence's version 1 (it stays queued: the matrix starts no job queue). */
async function madeRun(f: Parameters<Endpoint['make']>[0]) {
  await madeCase(f);
  const cookie = await f.ctx.staffCookie('operator');
  const res = await f.ctx.request('POST', '/api/test-runs', { cookie, body: { sequence: 'default_Check In', version: 1, repeats: 1 } });
  return res.body.runId as string;
}

export const TESTING_ENDPOINTS: Endpoint[] = [
  {
    method: 'GET',
    route: '/api/test-cases/{sequence}',
    access: 'operator',
    params: ['sequence'],
    make: async () => ({ path: `/api/test-cases/${SEQUENCE}` }),
  },
  {
    method: 'POST',
    route: '/api/test-cases/{sequence}',
    access: 'operator',
    params: ['sequence'],
    bodyFields: ['name', 'persona', 'turnLimit', 'repeats', 'threshold', 'startPrompt', 'expect'],
    make: async () => ({ path: `/api/test-cases/${SEQUENCE}`, body: aCase() }),
  },
  {
    method: 'PUT',
    route: '/api/test-cases/{sequence}/{caseId}',
    access: 'operator',
    params: ['sequence', 'caseId'],
    bodyFields: ['name', 'persona', 'turnLimit', 'expect'],
    make: async (f) => ({ path: `/api/test-cases/${SEQUENCE}/${await madeCase(f)}`, body: aCase() }),
  },
  {
    method: 'DELETE',
    route: '/api/test-cases/{sequence}/{caseId}',
    access: 'operator',
    params: ['sequence', 'caseId'],
    make: async (f) => ({ path: `/api/test-cases/${SEQUENCE}/${await madeCase(f)}` }),
  },
  {
    method: 'POST',
    route: '/api/test-runs',
    access: 'operator',
    bodyFields: ['sequence', 'version', 'caseIds', 'repeats'],
    make: async (f) => {
      await madeCase(f);
      return { path: '/api/test-runs', body: { sequence: 'default_Check In', version: 1, repeats: 1 } };
    },
  },
  {
    method: 'GET',
    route: '/api/test-runs',
    access: 'operator',
    make: async () => ({ path: `/api/test-runs?sequence=${SEQUENCE}` }),
  },
  {
    method: 'GET',
    route: '/api/test-runs/{runId}',
    access: 'operator',
    params: ['runId'],
    make: async (f) => ({ path: `/api/test-runs/${await madeRun(f)}` }),
  },
  {
    method: 'GET',
    route: '/api/test-runs/{runId}/detail',
    access: 'operator',
    params: ['runId'],
    make: async (f) => ({ path: `/api/test-runs/${await madeRun(f)}/detail` }),
  },
  {
    method: 'GET',
    route: '/api/turn-taking',
    access: 'admin',
    make: async () => ({ path: `/api/turn-taking?sequence=${SEQUENCE}` }),
  },
  {
    method: 'GET',
    route: '/api/costs',
    access: 'admin',
    make: async () => ({ path: `/api/costs?groupBy=version&sequence=${SEQUENCE}` }),
  },
];
