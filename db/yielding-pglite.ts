import type { PGlite } from '@electric-sql/pglite';

/**
 * PGlite runs each statement synchronously on the main thread, and resolves it in a microtask. Bun runs every
 * microtask queued before it goes back to its sockets, so a chain of statements (one session's sign-in lookup,
 * admission and module reads; a queue of sessions' lookups) ran start to end before the next websocket upgrade or
 * audio frame was even read. Sessions starting together then reached the database one at a time: the admission
 * batches and the shared module reads (single-flight.ts) that serve them together on PostgreSQL never formed, and
 * 300 pages waited in line (bench:relay, issue 23). Kysely gets a PGlite whose statements and transactions each
 * start after one turn of the event loop (setImmediate), so sockets are served between statements.
 */
export function yieldingPglite(pglite: PGlite): PGlite {
  const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
  const query: PGlite['query'] = async (...args) => (await turn(), pglite.query(...args));
  const transaction: PGlite['transaction'] = async (...args) => (await turn(), pglite.transaction(...args));
  return new Proxy(pglite, {
    get(target, name) {
      if (name === 'query') return query;
      if (name === 'transaction') return transaction;
      const value = Reflect.get(target, name, target);
      // PGlite's methods use private fields: they must run on the instance itself, not on this proxy.
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
