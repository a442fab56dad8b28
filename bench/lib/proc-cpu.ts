// CPU time of other processes, read from Linux's /proc (clock ticks of 10 ms): what a benchmark's servers
// and receivers spend beside the process being measured. Undefined where there is no /proc.
import { readdirSync, readFileSync } from 'node:fs';

/** utime + stime of a process (all its threads), in ms. */
export function processCpuMs(pid: number | undefined): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

/** Each live child process of this one (any thread's) by pid, with its CPU time so far in ms. */
export function childrenCpuMs(): Map<number, number> | undefined {
  try {
    const cpu = new Map<number, number>();
    for (const task of readdirSync('/proc/self/task')) {
      for (const pid of readFileSync(`/proc/self/task/${task}/children`, 'utf8').split(' ').filter(Boolean).map(Number)) {
        const ms = processCpuMs(pid);
        if (ms !== undefined) cpu.set(pid, ms);
      }
    }
    return cpu;
  } catch {
    return undefined;
  }
}

/**
 * The children's CPU between two readings: a child started in between counts from 0; one that exited in
 * between is missed.
 */
export function childrenCpuMsBetween(before: Map<number, number> | undefined, after: Map<number, number> | undefined): number | undefined {
  if (before === undefined || after === undefined) return undefined;
  let ms = 0;
  for (const [pid, now] of after) ms += now - (before.get(pid) ?? 0);
  return ms;
}
