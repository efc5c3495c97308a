import { Elysia } from 'elysia';
import type { AppDeps } from '../../deps';
import { authPlugin } from '../../plugins/auth';
import { errorResponses } from '../../plugins/errors';
import { caseIdAnswer, caseParams, casesAnswer, deletedAnswer, sequenceParams, testCaseBody } from './model';
import { createRunBody, listQuery, runDetailAnswer, runIdAnswer, runListAnswer, runParams, runSummaryAnswer } from './run-model';
import * as runs from './runs-service';
import * as service from './service';

/** PRODUCT §10 test cases of a sequence and their runs (staff: operators and admins). */
export const testRunsRoutes = (deps: AppDeps) =>
  new Elysia({ prefix: '/api' })
    .use(authPlugin(deps))
    .get('/test-cases/:sequence', ({ params }) => service.listCases(deps.db, params.sequence), {
      auth: 'operator',
      params: sequenceParams,
      response: { 200: casesAnswer, ...errorResponses },
    })
    .post('/test-cases/:sequence', ({ params, body, staff }) => service.createCase(deps.db, staff!.email, params.sequence, body), {
      auth: 'operator',
      params: sequenceParams,
      body: testCaseBody,
      response: { 200: caseIdAnswer, ...errorResponses },
    })
    .put('/test-cases/:sequence/:caseId', ({ params, body }) => service.updateCase(deps.db, params.sequence, params.caseId, body), {
      auth: 'operator',
      params: caseParams,
      body: testCaseBody,
      response: { 200: caseIdAnswer, ...errorResponses },
    })
    .delete('/test-cases/:sequence/:caseId', ({ params }) => service.deleteCase(deps.db, params.sequence, params.caseId), {
      auth: 'operator',
      params: caseParams,
      response: { 200: deletedAnswer, ...errorResponses },
    })
    .post('/test-runs', ({ body, staff }) => runs.createRun(deps, staff!.email, body), {
      auth: 'operator',
      body: createRunBody,
      response: { 200: runIdAnswer, ...errorResponses },
    })
    .get('/test-runs', ({ query }) => runs.listRuns(deps, query.sequence), {
      auth: 'operator',
      query: listQuery,
      response: { 200: runListAnswer, ...errorResponses },
    })
    .get('/test-runs/:runId', ({ params }) => runs.runSummary(deps, params.runId), {
      auth: 'operator',
      params: runParams,
      response: { 200: runSummaryAnswer, ...errorResponses },
    })
    .get('/test-runs/:runId/detail', ({ params }) => runs.runDetail(deps, params.runId), {
      auth: 'operator',
      params: runParams,
      response: { 200: runDetailAnswer, ...errorResponses },
    });
