import { Elysia } from 'elysia';
import type { AppDeps } from '../../deps';
import { authPlugin } from '../../plugins/auth';
import { contentQuery, createBody, listQuery, renameBody, sequenceParams, uploadBody, versionBody } from './model';
import * as service from './service';

/** SPEC §7 sequence (module) calls. End users may only list the modules they can choose; the rest is staff. */
export const sequencesRoutes = (deps: AppDeps) =>
  new Elysia({ prefix: '/api' })
    .use(authPlugin(deps))
    .get('/get-sequences', ({ identity, query }) => service.listSequenceFiles(deps.db, identity, query.showArchived ?? false), {
      auth: 'user',
      query: listQuery,
    })
    .get(
      '/get-sequence-content/:name',
      ({ params, query }) => service.getSequenceContent(deps.db, params.name, query.showArchivedPrompts ?? false),
      { auth: 'operator', params: sequenceParams, query: contentQuery },
    )
    .put('/rename-sequence/:name', ({ params, body }) => service.renameSequence(deps.db, params.name, body.newName), {
      auth: 'operator',
      params: sequenceParams,
      body: renameBody,
    })
    .delete('/delete-sequence/:name', ({ params }) => service.deleteSequence(deps.db, params.name), {
      auth: 'operator',
      params: sequenceParams,
    })
    .post('/create-sequence', ({ body }) => service.createSequence(deps.db, body.name, body.content), {
      auth: 'operator',
      body: createBody,
    })
    .put(
      '/update-sequence-content/:name',
      ({ params, body, query }) => service.updateSequenceContent(deps.db, params.name, body, query.showArchivedPrompts ?? false),
      { auth: 'operator', params: sequenceParams, query: contentQuery, body: versionBody },
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
      { auth: 'operator', body: uploadBody },
    );
