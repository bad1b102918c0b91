/**
 * bench/idle-wakeups: how often an idle `memtray serve` (real child process, fresh data dir) wakes
 * up and how much CPU it burns, beside an empty Node HTTP server (bench/lib/floor-server.mjs) as the
 * floor, measured in the same run. After `--settle-seconds`, idle windows of `--idle-seconds` are
 * measured alternately on the service and on the floor, `--reps` times each. Linux only (/proc).
 * Prints JSON; no assertions.
 *
 *   npx tsx bench/idle-wakeups/run.ts [--idle-seconds 60] [--reps 3] [--settle-seconds 60]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startChild } from '../lib/child.js';
import { CLK_TCK, idleWindow, round, spread, type IdleWindow } from '../lib/proc-stats.js';

const { values } = parseArgs({
  options: {
    'idle-seconds': { type: 'string', default: '60' },
    reps: { type: 'string', default: '3' },
    // Start-up work (the start sweep, the integrity check at 10 s, V8 shrinking its heap) is over.
    'settle-seconds': { type: 'string', default: '60' },
  },
});
const idleSeconds = Number(values['idle-seconds']);
const reps = Number(values.reps);
const settleSeconds = Number(values['settle-seconds']);

const dataDir = mkdtempSync(join(tmpdir(), 'memtray-bench-idle-'));
const memtray = await startChild(
  ['bin/memtray.mjs', 'serve', '--port', '0', '--data-dir', dataDir, '--quiet'],
  /running at http:\/\/127\.0\.0\.1:(\d+)/,
);
const floor = await startChild(['bench/lib/floor-server.mjs'], /^(\d+)\n/);
const targets = { memtray: memtray.child.pid!, emptyServer: floor.child.pid! };
await new Promise((r) => setTimeout(r, settleSeconds * 1000));

const windows: Record<keyof typeof targets, IdleWindow[]> = { memtray: [], emptyServer: [] };
for (let i = 0; i < reps; i++) {
  for (const name of ['memtray', 'emptyServer'] as const)
    windows[name].push(await idleWindow(targets[name], idleSeconds));
}

memtray.child.kill('SIGTERM');
floor.child.kill('SIGTERM');
await new Promise((r) => memtray.child.once('exit', r));
rmSync(dataDir, { recursive: true, force: true });

const summary = (ws: IdleWindow[]) => {
  const seconds = ws.reduce((s, w) => s + w.seconds, 0);
  const byThread: Record<string, number> = {};
  for (const w of ws)
    for (const [name, n] of Object.entries(w.byThread)) byThread[name] = (byThread[name] ?? 0) + n;
  return {
    /** Each window in order. */
    windows: ws.map((w) => `${w.wakeupsPerSecond} wake-ups/s, ${w.cpuMsPerMinute} ms CPU/min`),
    wakeupsPerSecond: spread(ws.map((w) => w.wakeupsPerSecond)),
    cpuMsPerIdleMinute: spread(ws.map((w) => w.cpuMsPerMinute)),
    runMsPerIdleMinute: spread(ws.map((w) => w.runMsPerMinute)),
    /** Wake-ups per second by thread (`main`, `<name> <tid>`), over all windows. */
    wakeupsPerSecondByThread: Object.fromEntries(
      Object.entries(byThread)
        .sort((a, b) => b[1] - a[1])
        .map(([name, n]) => [name, round(n / seconds, 3)]),
    ),
  };
};

process.stdout.write(
  `${JSON.stringify(
    {
      bench: 'idle-wakeups',
      machine: {
        cpus: cpus().length,
        cpuModel: cpus()[0]?.model,
        node: process.version,
        loadavg1m: round(loadavg()[0] ?? 0, 2),
        clkTck: CLK_TCK,
      },
      settleSeconds,
      idleSeconds,
      reps,
      memtray: summary(windows.memtray),
      emptyServer: summary(windows.emptyServer),
    },
    null,
    2,
  )}\n`,
);
