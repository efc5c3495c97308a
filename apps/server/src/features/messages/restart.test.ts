import { afterAll, beforeAll, expect, test } from 'bun:test';
import type { DatabaseHandle } from '@hearth/db/client';
import type { AppDeps } from '../../deps';
import { createProviders } from '../../providers';
import { createTestDatabase, testConfig } from '../../test/harness';
import { startFakeTwilio, type FakeTwilio } from '../../test/fake-twilio';
import { outboxOnly } from './outbox';
import { startJobs } from './jobs';
import { Shutdown } from '../../shutdown';
import { TEST_JOB_SETTINGS } from './testing';

// A server that stops (or dies) with messages still waiting: the next one to start sends them.
let handle: DatabaseHandle;
let twilio: FakeTwilio;
let deps: AppDeps;

beforeAll(async () => {
  twilio = startFakeTwilio();
  handle = await createTestDatabase();
  const config = testConfig({
    twilio: { accountSid: twilio.accountSid, authToken: twilio.authToken, from: '+15005550006', apiUrl: twilio.url },
  });
  deps = { db: handle.db, dbKind: handle.kind, config, providers: createProviders(config), outbox: outboxOnly, shutdown: new Shutdown() };
});
afterAll(async () => {
  await handle.close();
  await twilio.stop();
});

test('a message waiting for its retry when the server stops is sent by the next server', async () => {
  await handle.db
    .insertInto('users')
    .values({ id: 'u-restart', name: 'Restart', file_name: 'u-restart_restart.json', phone_number: '+14155552631' })
    .execute();
  await handle.db.insertInto('campaigns').values({ id: 'c-restart', kind: 'test' }).execute();

  const first = await startJobs(deps, handle, { ...TEST_JOB_SETTINGS, retryDelaySeconds: 3, retryDelayMaxSeconds: 3 });
  twilio.failNext({ status: 503, code: 20503 });
  const [id] = await first.outbox.enqueue(handle.db, [
    {
      uniqueKey: 'c-restart/u-restart/test',
      campaignId: 'c-restart',
      userId: 'u-restart',
      channel: 'sms',
      kind: 'test',
      to: '+14155552631',
      body: 'Still here',
    },
  ]);
  const [failed] = await first.outbox.waitForOutcome(handle.db, [id], 5_000);
  expect(failed).toMatchObject({ status: 'queued', retrying: true, attempts: 1 });
  await first.stop();

  const second = await startJobs(deps, handle, TEST_JOB_SETTINGS);
  try {
    await twilio.waitForMessages(1, 15_000);
    const [sent] = await second.outbox.waitForOutcome(handle.db, [id], 5_000);
    expect(sent).toMatchObject({ status: 'sent', attempts: 2 });
    expect(twilio.messages.map((m) => m.body)).toEqual(['Still here']);
  } finally {
    await second.stop();
  }
});
