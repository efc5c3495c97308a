import type { Subprocess } from 'bun';
import type { Config } from './config';
import { log } from './log';
import { prepareDatabase } from './server';

/**
 * WORKERS=n (PRODUCT §8): this process (the primary) prepares the database once, then runs n server processes
 * that share the port through reusePort, so the kernel spreads connections over every core. It restarts a
 * worker that dies, forwards SIGINT/SIGTERM, and gives up when workers keep dying (a broken configuration).
 */

/** Set in a worker's environment: that process serves, it does not supervise. */
export const WORKER_ENV = 'HEARTH_WORKER';
/** More exits than this within CRASH_WINDOW_MS means something is wrong beyond one bad process. */
const MAX_RESTARTS = 5;
const CRASH_WINDOW_MS = 60_000;
const RESTART_DELAY_MS = 500;
const STOP_GRACE_MS = 30_000;

export type WorkerMessage = { type: 'listening'; url: string };

/** Why WORKERS cannot be used with this configuration, or null. */
export function workersProblem(config: Config): string | null {
  if (config.workers <= 1) return null;
  if (!config.databaseUrl) {
    return (
      `WORKERS=${config.workers} needs DATABASE_URL: the embedded database (PGlite) belongs to one process. ` +
      'Set DATABASE_URL to a PostgreSQL server, or start with WORKERS=1.'
    );
  }
  if (config.port === 0) return `WORKERS=${config.workers} needs a fixed PORT for the workers to share.`;
  return null;
}

export async function runPrimary(config: Config): Promise<{ url: string; pids(): number[] }> {
  await prepareDatabase(config);
  const workers = new Map<number, Subprocess>();
  const exits: number[] = [];
  let stopping = false;
  let url = '';

  const spawnWorker = (index: number) =>
    new Promise<void>((ready, failed) => {
      let listening = false;
      const child = Bun.spawn([process.execPath, ...process.argv.slice(1)], {
        env: { ...process.env, [WORKER_ENV]: String(index) },
        stdio: ['ignore', 'inherit', 'inherit'],
        ipc(message: WorkerMessage) {
          if (message?.type !== 'listening') return;
          listening = true;
          url = message.url;
          ready();
        },
        onExit(_proc, code, signal) {
          if (workers.get(index) === child) workers.delete(index);
          if (stopping) return;
          if (!listening) return failed(new Error(`worker ${index} exited before it listened (code ${code ?? signal})`));
          const now = Date.now();
          exits.push(now);
          while (exits.length && exits[0] < now - CRASH_WINDOW_MS) exits.shift();
          if (exits.length > MAX_RESTARTS) {
            log.error('workers keep exiting; stopping', { restarts: exits.length });
            void stopAll(1);
            return;
          }
          log.warn('worker exited; restarting it', { worker: index, code, signal });
          setTimeout(() => {
            if (!stopping)
              spawnWorker(index).catch((err) => log.error('worker restart failed', { worker: index, error: (err as Error).message }));
          }, RESTART_DELAY_MS);
        },
      });
      workers.set(index, child);
    });

  async function stopAll(exitCode: number) {
    if (stopping) return;
    stopping = true;
    const running = [...workers.values()];
    for (const child of running) child.kill('SIGTERM');
    const killer = setTimeout(() => running.forEach((child) => child.kill('SIGKILL')), STOP_GRACE_MS);
    await Promise.all(running.map((child) => child.exited));
    clearTimeout(killer);
    process.exit(exitCode);
  }
  process.on('SIGINT', () => void stopAll(0));
  process.on('SIGTERM', () => void stopAll(0));

  try {
    await Promise.all(Array.from({ length: config.workers }, (_, i) => spawnWorker(i + 1)));
  } catch (err) {
    log.error('a worker failed to start', { error: (err as Error).message });
    await stopAll(1);
  }
  return { url, pids: () => [...workers.values()].map((child) => child.pid) };
}

/** In a worker: tell the primary it listens, and stop when the primary is gone (its IPC channel closes). */
export function reportToPrimary(url: string, stop: () => void) {
  process.send?.({ type: 'listening', url } satisfies WorkerMessage);
  process.on('disconnect', stop);
}
