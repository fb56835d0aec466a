import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** CPU seconds (user + system) a process has used so far, from /proc (Linux only). */
export function cpuSecondsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

/** Resident memory of a process in MB, from /proc (Linux only). */
export function rssMbOf(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : 0;
}

/** The p-th percentile (0–100) of unsorted samples. */
export function percentile(samples: Float64Array, p: number): number {
  if (samples.length === 0) return 0;
  const sorted = Float64Array.from(samples).sort();
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Pids of running processes whose command line (NUL-separated arguments) matches `pattern`. */
export function pidsMatching(pattern: RegExp): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (pattern.test(readFileSync(`/proc/${entry}/cmdline`, 'utf8'))) pids.push(Number(entry));
    } catch {
      // ended meanwhile
    }
  }
  return pids;
}

/** A process and all its descendants (e.g. a postmaster and its backends). */
export function processTree(rootPid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // ended meanwhile
    }
  }
  const tree: number[] = [];
  const visit = (pid: number) => {
    tree.push(pid);
    for (const child of children.get(pid) ?? []) visit(child);
  };
  visit(rootPid);
  return tree;
}

/** CPU seconds used so far by a set of processes (those that ended are not counted). */
export function cpuSecondsOfAll(pids: number[]): number {
  let total = 0;
  for (const pid of pids) {
    try {
      total += cpuSecondsOf(pid);
    } catch {
      // ended meanwhile
    }
  }
  return total;
}

/**
 * Starts counting the CPU of named groups of processes; `perLog(n)` gives each group's CPU
 * microseconds per log for `n` logs since the start (what to make cheaper, from /proc).
 */
export function cpuMeter<K extends string>(parts: Record<K, number[]>): { perLog(logs: number): Record<K, number> } {
  const entries = Object.entries(parts) as [K, number[]][];
  const before = new Map(entries.map(([name, pids]) => [name, cpuSecondsOfAll(pids)]));
  return {
    perLog: (logs) =>
      Object.fromEntries(entries.map(([name, pids]) => [name, Math.round(((cpuSecondsOfAll(pids) - before.get(name)!) * 1e6) / Math.max(1, logs))])) as Record<K, number>,
  };
}
