import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU time and resident memory of a process and all its descendants, read from /proc, so any process (the
 * relay, a WORKERS group, the pass-through proxy) is measured the same way without its cooperation.
 */
const TICKS_PER_SECOND = 100; // USER_HZ on Linux

function children(pid: number): number[] {
  const out: number[] = [];
  try {
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      const text = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
      if (text) out.push(...text.split(/\s+/).map(Number));
    }
  } catch {}
  return out;
}

export function processTree(pid: number): number[] {
  const all = [pid];
  for (let i = 0; i < all.length; i++) all.push(...children(all[i]));
  return all;
}

/** User + system CPU of the whole tree, in microseconds. */
export function cpuMicros(pid: number): number {
  let ticks = 0;
  for (const p of processTree(pid)) {
    try {
      const stat = readFileSync(`/proc/${p}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]); // utime, stime
    } catch {}
  }
  return (ticks / TICKS_PER_SECOND) * 1e6;
}

/** Resident set of the whole tree, in MB. */
export function rssMb(pid: number): number {
  let kb = 0;
  for (const p of processTree(pid)) {
    try {
      const m = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${p}/status`, 'utf8'));
      if (m) kb += Number(m[1]);
    } catch {}
  }
  return kb / 1024;
}

export function median(values: number[]): number {
  const s = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (s.length === 0) return NaN;
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

export async function freePort(): Promise<number> {
  const s = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => new Response() });
  const port = s.port!;
  await s.stop(true);
  return port;
}
