import { uniq, type Endpoint } from './endpoint-kit';

/** PRODUCT §10 test cases (staff): the third part of the endpoint matrix (endpoints.ts). */

const SEQUENCE = encodeURIComponent('default_Check In.json');
const aCase = () => ({ name: uniq('Case'), persona: 'A curious new member.', turnLimit: 4, expect: [{ type: 'mood' }] });

/** A case made by an operator, for the calls that need one. */
async function madeCase(f: Parameters<Endpoint['make']>[0]) {
  const cookie = await f.ctx.staffCookie('operator');
  const res = await f.ctx.request('POST', `/api/test-cases/${SEQUENCE}`, { cookie, body: aCase() });
  return res.body.caseId as string;
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
];
