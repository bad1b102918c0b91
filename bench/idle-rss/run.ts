/**
 * bench/idle-rss: resident memory of an idle `memtray serve` (real child process, real SQLite
 * file): right after start, after idling, and idle again after ingesting corpus events, beside an
 * empty Node HTTP server (bench/lib/floor-server.mjs) measured in the same run as the floor. Prints JSON.
 *
 *   npx tsx bench/idle-rss/run.ts [--idle-seconds 20] [--events 2000] [--max-seconds 60]
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadCorpusEvents } from '../../tests/helpers/corpus.js';
import { runLoad } from '../lib/load.js';
import { startChild } from '../lib/child.js';

const { values } = parseArgs({
  options: {
    'idle-seconds': { type: 'string', default: '20' },
    events: { type: 'string', default: '2000' },
    // The load stops at `--events` or after this many seconds, whichever first.
    'max-seconds': { type: 'string', default: '60' },
  },
});
const idleSeconds = Number(values['idle-seconds']);
const events = Number(values.events);
const MiB = 1024 * 1024;

function rssBytes(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    if (m) return Number(m[1]) * 1024;
  } catch {
    // not Linux: ask ps
  }
  return (
    Number(
      execFileSync('ps', ['-o', 'rss=', '-p', String(pid)])
        .toString()
        .trim(),
    ) * 1024
  );
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
const mib = (b: number): number => Math.round((b / MiB) * 10) / 10;

const dataDir = mkdtempSync(join(tmpdir(), 'memtray-bench-rss-'));
const memtray = await startChild(
  ['bin/memtray.mjs', 'serve', '--port', '0', '--data-dir', dataDir, '--quiet'],
  /running at http:\/\/127\.0\.0\.1:(\d+)/,
);
const floor = await startChild(['bench/lib/floor-server.mjs'], /^(\d+)\n/);
const mPid = memtray.child.pid!;
const fPid = floor.child.pid!;
await sleep(2000);
const atStart = { memtray: rssBytes(mPid), emptyServer: rssBytes(fPid) };
await sleep(idleSeconds * 1000);
const idle = { memtray: rssBytes(mPid), emptyServer: rssBytes(fPid) };

// Some work, then idle again: what a service that has been used sits at.
const token = readFileSync(join(dataDir, 'token'), 'utf8').trim();
const posts = loadCorpusEvents()
  .filter((e) => e.eventName === 'PostToolUse')
  .map((e) => e.payload);
const load = await runLoad({
  port: Number(memtray.match[1]),
  path: '/api/hooks/PostToolUse',
  headers: { authorization: `Bearer ${token}` },
  bodies: (i) =>
    JSON.stringify({
      ...posts[i % posts.length],
      session_id: `rss-${Math.floor(i / 50)}`,
      tool_use_id: `toolu_rss_${i}`,
    }),
  concurrency: 4,
  maxRequests: events,
  maxSeconds: Number(values['max-seconds']),
});
const afterLoad = rssBytes(mPid);
await sleep(idleSeconds * 1000);
const idleAfterWork = { memtray: rssBytes(mPid), emptyServer: rssBytes(fPid) };

memtray.child.kill('SIGTERM');
floor.child.kill('SIGTERM');
await new Promise((r) => memtray.child.once('exit', r));
rmSync(dataDir, { recursive: true, force: true });

process.stdout.write(
  `${JSON.stringify(
    {
      bench: 'idle-rss',
      machine: {
        cpus: cpus().length,
        cpuModel: cpus()[0]?.model,
        memGiB: Math.round((totalmem() / 2 ** 30) * 10) / 10,
        node: process.version,
      },
      idleSeconds,
      eventsIngested: load.requests,
      rssMiB: {
        atStart: { memtray: mib(atStart.memtray), emptyServer: mib(atStart.emptyServer) },
        idle: { memtray: mib(idle.memtray), emptyServer: mib(idle.emptyServer) },
        rightAfterLoad: { memtray: mib(afterLoad) },
        idleAfterWork: { memtray: mib(idleAfterWork.memtray), emptyServer: mib(idleAfterWork.emptyServer) },
      },
      overFloorMiB: mib(idleAfterWork.memtray - idleAfterWork.emptyServer),
    },
    null,
    2,
  )}\n`,
);
