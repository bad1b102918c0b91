/**
 * A slower disk for benchmarks: builds (with the system C compiler) a tiny `LD_PRELOAD` library
 * that sleeps `us` microseconds before every fsync and fdatasync of the process it is loaded into,
 * so a run on a virtual disk whose flush costs ~0.2 ms can also show what a laptop SSD's 1–3 ms
 * flush does. Linux only; returns the environment to start the child with.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const SOURCE = `#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdlib.h>
#include <time.h>
static void pause_for(void) {
  const char *s = getenv("MEMTRAY_BENCH_FSYNC_US");
  long us = s ? atol(s) : 0;
  struct timespec ts = { us / 1000000, (us % 1000000) * 1000 };
  if (us > 0) nanosleep(&ts, NULL);
}
int fsync(int fd) { static int (*real)(int); if (!real) real = dlsym(RTLD_NEXT, "fsync"); pause_for(); return real(fd); }
int fdatasync(int fd) { static int (*real)(int); if (!real) real = dlsym(RTLD_NEXT, "fdatasync"); pause_for(); return real(fd); }
`;

export function slowFsyncEnv(ms: number): NodeJS.ProcessEnv {
  if (ms <= 0) return process.env;
  if (process.platform !== 'linux') throw new Error('--slow-fsync-ms needs Linux (LD_PRELOAD)');
  const dir = mkdtempSync(join(tmpdir(), 'memtray-slow-fsync-'));
  writeFileSync(join(dir, 'slow.c'), SOURCE);
  const lib = join(dir, 'slow.so');
  const r = spawnSync('cc', ['-shared', '-fPIC', '-O2', '-o', lib, join(dir, 'slow.c'), '-ldl'], {
    stdio: 'inherit',
  });
  if (r.status !== 0) throw new Error('could not build the slow-fsync shim (cc)');
  return { ...process.env, LD_PRELOAD: lib, MEMTRAY_BENCH_FSYNC_US: String(Math.round(ms * 1000)) };
}
