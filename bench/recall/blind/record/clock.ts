/** The shifted clock the sessions are recorded on (clock-shift.c, built with the machine's gcc). */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SOURCE = join(fileURLToPath(new URL('.', import.meta.url)), 'clock-shift.c');

/** Builds the shim into `dir` and returns its path. */
export function buildClockShim(dir: string): string {
  const out = join(dir, 'clock-shift.so');
  execFileSync('gcc', ['-shared', '-fPIC', '-O2', '-o', out, SOURCE, '-ldl']);
  return out;
}

/** The environment that makes a process (and its children) see `at` as now. */
export function clockEnv(shim: string, at: Date): NodeJS.ProcessEnv {
  const offset = Math.round((at.getTime() - Date.now()) / 1000);
  return { LD_PRELOAD: shim, REC_CLOCK_OFFSET: String(offset), REC_CLOCK_EXEMPT: 'make' };
}
