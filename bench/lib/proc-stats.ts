/**
 * What a process costs while it sits there, read from Linux /proc: context switches of all its
 * threads (each wake-up of a thread ends in at least one) and CPU time (utime + stime in clock
 * ticks, and the scheduler's own nanosecond count per thread for a finer figure).
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

export interface ProcSample {
  /** Sum over the live threads of voluntary + nonvoluntary context switches. */
  switches: number;
  /** Per thread (`main`, or `<name> <tid>`): context switches. */
  byThread: Record<string, number>;
  /** utime + stime of the whole process, in clock ticks (exited threads included). */
  cpuTicks: number;
  /** Sum over the live threads of /proc/<pid>/task/<tid>/schedstat's run time, in ns. */
  runNs: number;
  threads: number;
}

export const CLK_TCK = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;

function read(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null; // the thread exited between the listing and the read
  }
}

export function sample(pid: number): ProcSample {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces and parentheses): state is field 3.
  const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const cpuTicks = Number(rest[14 - 3]) + Number(rest[15 - 3]);
  const out: ProcSample = { switches: 0, byThread: {}, cpuTicks, runNs: 0, threads: 0 };
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    const status = read(`/proc/${pid}/task/${tid}/status`);
    if (status === null) continue;
    const v = /voluntary_ctxt_switches:\s+(\d+)/.exec(status);
    const nv = /nonvoluntary_ctxt_switches:\s+(\d+)/.exec(status);
    const n = Number(v?.[1] ?? 0) + Number(nv?.[1] ?? 0);
    const name = tid === String(pid) ? 'main' : `${/^Name:\s+(.*)$/m.exec(status)?.[1] ?? '?'} ${tid}`;
    out.switches += n;
    out.byThread[name] = (out.byThread[name] ?? 0) + n;
    out.runNs += Number(read(`/proc/${pid}/task/${tid}/schedstat`)?.split(' ')[0] ?? 0);
    out.threads++;
  }
  return out;
}

export interface IdleWindow {
  seconds: number;
  wakeupsPerSecond: number;
  /** From utime + stime (resolution: one clock tick, usually 10 ms). */
  cpuMsPerMinute: number;
  /** From the scheduler's per-thread run time (ns resolution; exited threads are missed). */
  runMsPerMinute: number;
  byThread: Record<string, number>;
}

/** Samples `pid` before and after `seconds` of waiting. */
export async function idleWindow(pid: number, seconds: number): Promise<IdleWindow> {
  const a = sample(pid);
  const t0 = process.hrtime.bigint();
  await new Promise((r) => setTimeout(r, seconds * 1000));
  const b = sample(pid);
  const s = Number(process.hrtime.bigint() - t0) / 1e9;
  const perMin = 60 / s;
  const byThread: Record<string, number> = {};
  for (const [name, n] of Object.entries(b.byThread)) {
    const d = n - (a.byThread[name] ?? 0);
    if (d !== 0) byThread[name] = d;
  }
  return {
    seconds: round(s, 2),
    wakeupsPerSecond: round((b.switches - a.switches) / s, 2),
    cpuMsPerMinute: round((((b.cpuTicks - a.cpuTicks) * 1000) / CLK_TCK) * perMin, 1),
    runMsPerMinute: round(((b.runNs - a.runNs) / 1e6) * perMin, 2),
    byThread,
  };
}

export function round(x: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}

/** min / median / max of a list of numbers. */
export function spread(xs: number[]): { min: number; median: number; max: number } {
  const s = [...xs].sort((x, y) => x - y);
  const mid = s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
  return { min: s[0]!, median: round(mid, 2), max: s[s.length - 1]! };
}
