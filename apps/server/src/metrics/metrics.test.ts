import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { networkInterfaces } from 'node:os';
import { loadConfig } from '../config';
import { PURGE_QUEUE } from '../features/maintenance/purge';
import { SEND_MESSAGE_QUEUE } from '../features/messages/jobs';
import { TEST_RUN_QUEUE } from '../features/test-runs/jobs';
import { MetricsPortError, startMetricsServer } from './server';
import { scrape, scrapeUntil, startMetricsSuite, type MetricsSuite } from './metrics-test-support';

// GET /metrics (PRODUCT §12) on the server as `bun start` runs it, with METRICS_PORT set.
let suite: MetricsSuite;
let metricsUrl: string;

beforeAll(async () => {
  suite = await startMetricsSuite();
  metricsUrl = suite.server.metricsUrl!;
});
afterAll(() => suite.stop());

const FAMILIES: Record<string, string> = {
  hearth_live_voice_sessions: 'gauge',
  hearth_voice_admissions_refused_total: 'counter',
  hearth_turn_latency_seconds: 'histogram',
  hearth_relay_added_seconds: 'histogram',
  hearth_upstream_errors_total: 'counter',
  hearth_job_queue_depth: 'gauge',
  hearth_messages: 'gauge',
  hearth_test_runs: 'gauge',
  process_cpu_seconds_total: 'counter',
  nodejs_eventloop_lag_seconds: 'gauge',
};

describe('GET /metrics', () => {
  test('parses as Prometheus text with every family, its help and its type', async () => {
    const s = await scrape(metricsUrl);
    for (const [name, type] of Object.entries(FAMILIES)) {
      expect(s.text).toMatch(new RegExp(`^# HELP ${name} \\S`, 'm'));
      expect(s.text).toContain(`# TYPE ${name} ${type}\n`);
      expect(s.families.get(name)?.type).toBe(type.toUpperCase() as never);
    }
    // Series exist before anything happened, at zero.
    expect(
      s.families
        .get('hearth_live_voice_sessions')
        ?.metrics.map((m) => m.labels?.kind)
        .sort(),
    ).toEqual(['member', 'staff']);
    expect(s.value('hearth_voice_admissions_refused_total', { reason: 'full' })).toBe(0);
    expect(s.value('hearth_messages', { channel: 'sms', state: 'queued' })).toBe(0);
    expect(s.value('hearth_test_runs', { status: 'running' })).toBe(0);
    // Every job queue the server made is listed, the send queue with each state of work still to do.
    const queues = new Set(s.families.get('hearth_job_queue_depth')?.metrics.map((m) => m.labels?.queue));
    for (const queue of [SEND_MESSAGE_QUEUE, PURGE_QUEUE, TEST_RUN_QUEUE]) expect(queues.has(queue)).toBe(true);
    for (const state of ['created', 'retry', 'active']) {
      expect(s.families.get('hearth_job_queue_depth')?.metrics.some((m) => m.labels?.state === state)).toBe(true);
    }
    // Nothing personal: no label carries an address, a token or words.
    expect(s.text).not.toMatch(/@|\+1555|hearth_user=|hearth_staff=/);
  });

  test('METRICS_PORT turns it on, on loopback unless METRICS_HOST says otherwise', () => {
    expect(loadConfig({}).metrics).toBeUndefined();
    expect(loadConfig({ METRICS_PORT: '9464' }).metrics).toEqual({ port: 9464, host: '127.0.0.1' });
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '10.0.0.5' }).metrics).toEqual({ port: 9464, host: '10.0.0.5' });
    expect(() => loadConfig({ METRICS_PORT: 'nine' })).toThrow('METRICS_PORT');
    expect(() => loadConfig({ PORT: '8080', METRICS_PORT: '8080' })).toThrow('METRICS_PORT must differ from PORT');
  });

  test('a metrics port that is taken is refused with a clear message', () => {
    const taken = Number(new URL(metricsUrl).port);
    expect(() => startMetricsServer(suite.db, { host: '127.0.0.1', port: taken })).toThrow(MetricsPortError);
    expect(() => startMetricsServer(suite.db, { host: '127.0.0.1', port: taken })).toThrow(
      `METRICS_PORT ${taken} on 127.0.0.1 could not be opened`,
    );
  });

  test('binds 127.0.0.1 by default: reachable on loopback only, and only /metrics', async () => {
    const url = new URL(metricsUrl);
    expect(url.hostname).toBe('127.0.0.1');
    const outside = Object.values(networkInterfaces())
      .flat()
      .find((a) => a && a.family === 'IPv4' && !a.internal);
    if (outside) {
      const reached = await fetch(`http://${outside.address}:${url.port}/metrics`).then(
        () => true,
        () => false,
      );
      expect(reached).toBe(false);
    }
    expect((await fetch(`${url.origin}/`)).status).toBe(404);
    expect((await fetch(metricsUrl, { method: 'POST' })).status).toBe(405);
  });

  test('the public port answers GET /metrics with a plain 404, not the web app', async () => {
    for (const path of ['/metrics', '/metrics/', '/metrics?x=1']) {
      const res = await fetch(`${suite.server.url}${path}`);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type') ?? '').not.toContain('text/html');
      expect(await res.text()).not.toContain('hearth_');
    }
  });

  test('job queue depth and messages by state follow what is queued and sent', async () => {
    const before = await scrape(metricsUrl);
    const depth = (s: typeof before) => s.value('hearth_job_queue_depth', { queue: SEND_MESSAGE_QUEUE, state: 'created' });
    // A job due in an hour waits in the queue; the scrape counts it.
    const jobId = await suite.server.boss.send(SEND_MESSAGE_QUEUE, { outboxId: -1 }, { startAfter: 3600 });
    const queued = await scrapeUntil(metricsUrl, (s) => depth(s) === depth(before) + 1);
    expect(depth(queued)).toBe(depth(before) + 1);
    await suite.server.boss.deleteJob(SEND_MESSAGE_QUEUE, jobId!);
    expect(depth(await scrape(metricsUrl))).toBe(depth(before));

    // A message goes through the outbox: without an SMS provider it ends 'kept', and the count moves there.
    const kept = (s: typeof before) => s.value('hearth_messages', { channel: 'sms', state: 'kept' });
    const [id] = await suite.server.deps.outbox.enqueue(suite.db, [
      { uniqueKey: `metrics-${Date.now()}`, channel: 'sms', kind: 'test', to: '+15555550100', body: 'Hello' },
    ]);
    await suite.server.deps.outbox.waitForOutcome(suite.db, [id!], 10_000);
    const after = await scrapeUntil(metricsUrl, (s) => kept(s) === kept(before) + 1);
    expect(kept(after)).toBe(kept(before) + 1);
    expect(after.value('hearth_messages', { channel: 'sms', state: 'queued' })).toBe(0);
  });

  test('test runs are counted by status', async () => {
    const before = await scrape(metricsUrl);
    const seq = await suite.db.selectFrom('sequences').select('id').executeTakeFirstOrThrow();
    await suite.db
      .insertInto('test_runs')
      .values({
        id: crypto.randomUUID(),
        sequence_id: seq.id,
        version: 1,
        status: 'done',
        provider: 'local',
        judge: 'keywords',
        case_ids: [],
      })
      .execute();
    const after = await scrape(metricsUrl);
    expect(after.value('hearth_test_runs', { status: 'done' })).toBe(before.value('hearth_test_runs', { status: 'done' }) + 1);
  });
});
