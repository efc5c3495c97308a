import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';

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

/** The sum of some /proc/<pid>/stat fields (numbered from `state`, 0) over the whole tree. */
function statSum(pid: number, fieldIndexes: number[]): number {
  let sum = 0;
  for (const p of processTree(pid)) {
    try {
      const stat = readFileSync(`/proc/${p}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      for (const i of fieldIndexes) sum += Number(fields[i]);
    } catch {}
  }
  return sum;
}

/** User + system CPU of the whole tree, in microseconds. */
export function cpuMicros(pid: number): number {
  return (statSum(pid, [11, 12]) / TICKS_PER_SECOND) * 1e6; // utime, stime
}

/**
 * CPU time of the whole tree's live threads, in microseconds, to the nanosecond (/proc/<pid>/task/<tid>/schedstat)
 * where cpuMicros counts 10 ms ticks: for measuring a few milliseconds a second. A thread that ended between two
 * readings takes its time with it, so this is for processes whose threads live as long as they do (a Bun process's).
 */
export function cpuMicrosPrecise(pid: number): number {
  let ns = 0;
  for (const p of processTree(pid)) {
    try {
      for (const task of readdirSync(`/proc/${p}/task`)) {
        ns += Number(readFileSync(`/proc/${p}/task/${task}/schedstat`, 'utf8').split(' ')[0]);
      }
    } catch {}
  }
  return ns / 1000;
}

/** Minor page faults of the whole tree so far (memory the allocator gave back and touched again, among others). */
export function minorFaults(pid: number): number {
  return statSum(pid, [7]); // minflt
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

/**
 * BENCH_PIN=1: the outside world (load generator, fake upstream) runs on CPU 0 and the process measured (proxy or
 * relay) on the other CPUs, as they would be on separate machines; otherwise a middle process that costs more
 * also slows the clients and the fake that measure it. Without BENCH_PIN the command runs as given.
 */
export function pinned(role: 'outside' | 'measured', command: string[]): string[] {
  const cpus = availableParallelism();
  if (!process.env.BENCH_PIN || cpus < 2) return command;
  return ['taskset', '-c', role === 'outside' ? '0' : cpus === 2 ? '1' : `1-${cpus - 1}`, ...command];
}
