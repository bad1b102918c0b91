/**
 * bench/growth: database bytes per day of heavy use, raw and after retention compacted it, with real
 * corpus payloads through the real ingest path and the real maintenance run; then the expected size
 * per month with the default retention (raw payloads 30 days, memories forever). A "heavy day" is
 * `--sessions` sessions × `--calls` tool calls (default 17 × 60 = 1,020 tool calls, about 4× the one
 * real recorded day in the corpus: 246 tool calls, 24 prompts, 7 sessions). Prints JSON.
 *
 *   npx tsx bench/growth/run.ts [--days 3] [--sessions 17] [--calls 60]
 */
import { rmSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { parseArgs } from 'node:util';
import { startService } from '../../electron/core/service.js';
import { featureCoreOptions, featurePlugins } from '../../electron/core/features.js';
import { loadCorpusTimeline } from '../../tests/helpers/corpus.js';
import { prng, pick } from '../../tests/helpers/proof.js';
import { MIGRATIONS_DIR, tempDir } from '../../tests/helpers/service.js';
import { removeTempDirs } from '../../tests/helpers/temp-dirs.js';
import { round } from '../lib/load.js';

const { values } = parseArgs({
  options: {
    days: { type: 'string', default: '3' },
    sessions: { type: 'string', default: '17' },
    calls: { type: 'string', default: '60' },
  },
});
const DAYS = Number(values.days);
const SESSIONS = Number(values.sessions);
const CALLS = Number(values.calls);
const DAY = 86_400_000;
const MiB = 1024 * 1024;

const corpus = loadCorpusTimeline();
const posts = corpus.filter((e) => e.eventName === 'PostToolUse');
const prompts = corpus.filter((e) => e.eventName === 'UserPromptSubmit');
let now = Date.UTC(2026, 0, 5, 8);
const dataDir = tempDir('memtray-bench-growth-');
const service = await startService({
  dataDir,
  migrationsDir: MIGRATIONS_DIR,
  port: 0,
  writeServerJson: false,
  clock: () => now,
  ...featureCoreOptions(),
  plugins: featurePlugins(),
});
const core = service.core;
const call = async (method: string, path: string, body?: unknown): Promise<Record<string, unknown>> => {
  const r = await fetch(`${service.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${core.token}`, 'content-type': 'application/json' },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  return (await r.json()) as Record<string, unknown>;
};
const pages = (): number =>
  Number(core.sqlite.pragma('page_count', { simple: true })) *
  Number(core.sqlite.pragma('page_size', { simple: true }));

// Keeps the process alive while it awaits background threads (an unref'd worker alone would not).
const keepAlive = setInterval(() => {}, 1000);
const stage = (m: string): boolean => process.stderr.write(`growth: ${m}\n`);
const rnd = prng(11);
let events = 0;
let toolCalls = 0;
const base = pages();
for (let day = 0; day < DAYS; day++) {
  for (let s = 0; s < SESSIONS; s++) {
    const sid = `g-${day}-${s}`;
    const cwd = `/w/proj${s % 4}`;
    const hook = (name: string, p: Record<string, unknown>): void => {
      core.ingest.handleHook(name, { ...p, session_id: sid, cwd });
      events++;
    };
    hook('SessionStart', { source: 'startup' });
    for (let c = 0; c < CALLS; c++) {
      if (c % 15 === 0) hook('UserPromptSubmit', { ...pick(rnd, prompts).payload });
      const e = pick(rnd, posts).payload;
      const tu = `${sid}-${c}`;
      hook('PreToolUse', { tool_name: e.tool_name, tool_input: e.tool_input, tool_use_id: tu });
      hook('PostToolUse', { ...e, tool_use_id: tu });
      toolCalls++;
      now += 20_000;
    }
    hook('Stop', {});
    hook('SessionEnd', { reason: 'exit' });
  }
  now = Date.UTC(2026, 0, 5 + day + 1, 8);
}
core.sqlite.pragma('wal_checkpoint(TRUNCATE)');
const raw = pages() - base;
stage(`ingested ${events} events`);
// A month later: retention (default 30 days) compacts all of it; VACUUM so the file shows it.
now += 31 * DAY;
const run = await call('POST', '/api/maintenance/run', { vacuum: true });
stage('maintenance done');
const compacted = pages() - base;
const rawPerDay = raw / DAYS;
const compactedPerDay = compacted / DAYS;
const rawDays = core.settings.get().retention.rawDays ?? 30;
await service.stop();
stage('stopped');
clearInterval(keepAlive);
rmSync(dataDir, { recursive: true, force: true });

const sizeAfterMonths = (m: number): number =>
  (rawDays * rawPerDay + Math.max(0, 30 * m - rawDays) * compactedPerDay) / MiB;
console.log(
  JSON.stringify(
    {
      bench: 'growth',
      machine: {
        cpus: cpus().length,
        cpuModel: cpus()[0]?.model,
        memGiB: round(totalmem() / 2 ** 30, 1),
        node: process.version,
      },
      heavyDay: { sessions: SESSIONS, toolCalls: SESSIONS * CALLS, events: events / DAYS },
      days: DAYS,
      retentionRawDays: rawDays,
      bytesPerEvent: { raw: Math.round(raw / events), compacted: Math.round(compacted / events) },
      bytesPerToolCall: { raw: Math.round(raw / toolCalls), compacted: Math.round(compacted / toolCalls) },
      MiBPerHeavyDay: { raw: round(rawPerDay / MiB, 2), compacted: round(compactedPerDay / MiB, 2) },
      expectedMiB: {
        after1Month: round(sizeAfterMonths(1), 0),
        after6Months: round(sizeAfterMonths(6), 0),
        after12Months: round(sizeAfterMonths(12), 0),
        perMonthAfterTheFirst: round((30 * compactedPerDay) / MiB, 0),
      },
      retention: run.retention,
    },
    null,
    2,
  ),
);
removeTempDirs();
