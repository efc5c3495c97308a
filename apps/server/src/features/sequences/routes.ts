import { Elysia } from 'elysia';
import type { AppDeps } from '../../deps';
import { authPlugin } from '../../plugins/auth';
import { errorResponses } from '../../plugins/errors';
import {
  contentQuery,
  createBody,
  deletedSequenceAnswer,
  listQuery,
  publishAnswer,
  publishBody,
  renameBody,
  sequenceContentAnswer,
  sequenceFileAnswer,
  sequenceFilesAnswer,
  sequenceParams,
  sequenceStatusAnswer,
  publicationsAnswer,
  settingsAnswer,
  settingsBody,
  updatedSequenceAnswer,
  uploadAnswer,
  uploadBody,
  versionBody,
} from './model';
import * as publishing from './publishing';
import * as service from './service';

/** SPEC §7 sequence (module) calls. End users may only list the modules they can choose; the rest is staff. */
export const sequencesRoutes = (deps: AppDeps) =>
  new Elysia({ prefix: '/api' })
    .use(authPlugin(deps))
    .get(
      '/get-sequences',
      ({ identity, query }) => service.listSequenceFiles(deps.db, identity, query.showArchived ?? false, query.published ?? false),
      {
        auth: 'user',
        query: listQuery,
        response: { 200: sequenceFilesAnswer, ...errorResponses },
      },
    )
    .get(
      '/get-sequence-content/:name',
      ({ params, query }) => service.getSequenceContent(deps.db, params.name, query.showArchivedPrompts ?? false),
      { auth: 'operator', params: sequenceParams, query: contentQuery, response: { 200: sequenceContentAnswer, ...errorResponses } },
    )
    .put('/rename-sequence/:name', ({ params, body }) => service.renameSequence(deps.db, params.name, body.newName), {
      auth: 'operator',
      params: sequenceParams,
      body: renameBody,
      response: { 200: sequenceFileAnswer, ...errorResponses },
    })
    .delete('/delete-sequence/:name', ({ params }) => service.deleteSequence(deps.db, params.name), {
      auth: 'operator',
      params: sequenceParams,
      response: { 200: deletedSequenceAnswer, ...errorResponses },
    })
    .post('/create-sequence', ({ body }) => service.createSequence(deps.db, body.name, body.content), {
      auth: 'operator',
      body: createBody,
      response: { 200: sequenceFileAnswer, ...errorResponses },
    })
    .put(
      '/update-sequence-content/:name',
      ({ params, body, query }) => service.updateSequenceContent(deps.db, params.name, body, query.showArchivedPrompts ?? false),
      {
        auth: 'operator',
        params: sequenceParams,
        query: contentQuery,
        body: versionBody,
        response: { 200: updatedSequenceAnswer, ...errorResponses },
      },
    )
    .post(
      '/upload-sequence',
      ({ body }) =>
        service.uploadSequence(deps.db, {
          name: body.name,
          fileName: body.jsonFile.name,
          byteLength: body.jsonFile.size,
          text: () => body.jsonFile.text(),
        }),
      { auth: 'operator', body: uploadBody, response: { 200: uploadAnswer, ...errorResponses } },
    )
    // PRODUCT §10: publishing (operators and admins; only admins force), its status and the gate setting (admins).
    .post(
      '/publish-sequence/:name',
      ({ params, body, staff }) => publishing.publishSequence(deps.db, staff!, params.name, body.version, body.force ?? false),
      { auth: 'operator', params: sequenceParams, body: publishBody, response: { 200: publishAnswer, ...errorResponses } },
    )
    .get('/get-sequence-status/:name', ({ params }) => publishing.getSequenceStatus(deps.db, params.name), {
      auth: 'operator',
      params: sequenceParams,
      response: { 200: sequenceStatusAnswer, ...errorResponses },
    })
    .get('/get-sequence-publications/:name', ({ params }) => publishing.listSequencePublications(deps.db, params.name), {
      auth: 'operator',
      params: sequenceParams,
      response: { 200: publicationsAnswer, ...errorResponses },
    })
    // Admins only: the gate is what lets an admin hold operators' publishes back.
    .put('/sequence-settings/:name', ({ params, body }) => publishing.setSequenceSettings(deps.db, params.name, body), {
      auth: 'admin',
      params: sequenceParams,
      body: settingsBody,
      response: { 200: settingsAnswer, ...errorResponses },
    });
