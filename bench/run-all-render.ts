/** Renders docs/benchmarks.md from the raw results of one run (see bench/run-all.ts). */

export interface BenchRun {
  name: string;
  command: string;
  error: string | null;
  json: Record<string, unknown> | null;
  seconds: number;
}

export interface Machine {
  host: string;
  cpu: string;
  memGiB: number;
  os: string;
  node: string;
  date: string;
  /** 1-minute load average when the run started and ended (other work on the machine skews latency). */
  load: string;
}

/** The raw results file of one run: bench/results/<date>-<host>.json. */
export interface RunFile {
  command: string;
  quick: boolean;
  machine: Machine;
  runs: BenchRun[];
}

type Json = Record<string, unknown>;

/** `get(o, 'a.b.c')` → number | string | undefined. */
function get(o: unknown, path: string): unknown {
  let cur: unknown = o;
  for (const k of path.split('.')) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Json)[k];
  }
  return cur;
}

const fmt = (v: unknown, unit = ''): string => {
  if (typeof v !== 'number' || !Number.isFinite(v)) return '—';
  const n = Math.abs(v) >= 100 ? Math.round(v).toLocaleString('en-US') : String(Math.round(v * 100) / 100);
  return unit ? `${n} ${unit}` : n;
};
const ratio = (a: unknown, b: unknown): string =>
  typeof a === 'number' && typeof b === 'number' && b !== 0 ? `${Math.round((a / b) * 100) / 100}×` : '—';
const pair = (o: unknown, a: string, b: string, unit: string): string =>
  get(o, a) === undefined ? '—' : `${fmt(get(o, a))} / ${fmt(get(o, b))} ${unit}`;

interface Row {
  what: string;
  memtray: string;
  floor: string;
  ratio: string;
}

function rows(name: string, j: Json): Row[] {
  switch (name) {
    case 'ingest':
      return [
        {
          what: `Ingest, burst in alternated rounds, acknowledged (\`POST /api/hooks/PostToolUse\`, corpus payloads, ${fmt(j.concurrency)} concurrent)`,
          memtray: fmt(get(j, 'burst.memtray.perSecond'), 'events/s'),
          floor: `${fmt(get(j, 'burst.emptyServer.perSecond'), 'req/s')} (empty Node HTTP server parsing the JSON)`,
          ratio: ratio(get(j, 'burst.memtray.perSecond'), get(j, 'burst.emptyServer.perSecond')),
        },
        {
          what: 'Ingest latency, one at a time, alternated rounds, p50 / p95 (committed to SQLite before the 2xx)',
          memtray: pair(j, 'serial.memtray.p50Ms', 'serial.memtray.p95Ms', 'ms'),
          floor: `${pair(j, 'serial.emptyServer.p50Ms', 'serial.emptyServer.p95Ms', 'ms')} (empty server parsing the JSON)`,
          ratio: ratio(get(j, 'serial.memtray.p50Ms'), get(j, 'serial.emptyServer.p50Ms')),
        },
      ];
    case 'hooks': {
      const out: Row[] = [];
      const curl = `${pair(j, 'serviceUp.curl.p50', 'serviceUp.curl.p95', 'ms')} (\`curl\` posting the same payload); \`/bin/true\` ${fmt(get(j, 'serviceUp.true.p50'), 'ms')}`;
      for (const [k, label] of [
        ['hookCompiled', 'compiled binary'],
        ['hookNode', 'Node bundle'],
      ] as const) {
        if (get(j, `serviceUp.${k}`) === undefined) continue;
        out.push({
          what: `Command hook spawn → exit, service up, ${label}, p50 / p95`,
          memtray: pair(j, `serviceUp.${k}.p50`, `serviceUp.${k}.p95`, 'ms'),
          floor: curl,
          ratio: `${fmt(get(j, `serviceUp.${k}.ratioToCurlP50`))}× curl`,
        });
        out.push({
          what: `Command hook, service down (event spooled), ${label}, p50 / p95`,
          memtray: pair(j, `serviceDown.${k}.p50`, `serviceDown.${k}.p95`, 'ms'),
          floor: `${pair(j, 'serviceDown.curl.p50', 'serviceDown.curl.p95', 'ms')} (\`curl\`, refused)`,
          ratio: `${fmt(get(j, `serviceDown.${k}.ratioToCurlP50`))}× curl`,
        });
      }
      out.push({
        what: 'HTTP hook as Claude Code sends it (keep-alive), service side, p50 / p95',
        memtray: pair(j, 'httpHookIngestMs.p50', 'httpHookIngestMs.p95', 'ms'),
        floor: 'see the ingest row (empty server)',
        ratio: '—',
      });
      return out;
    }
    case 'compress':
      return [
        {
          what: 'Prompt tokens sent per observation (batching, truncation)',
          memtray: fmt(get(j, 'memtray.promptTokensPerObs'), 'tokens'),
          floor: `${fmt(get(j, 'naive.promptTokensPerObs'), 'tokens')} (naive: one call per observation, whole payload)`,
          ratio: ratio(get(j, 'memtray.promptTokensPerObs'), get(j, 'naive.promptTokensPerObs')),
        },
        {
          what: 'Billed input-equivalent tokens per observation (with prompt caching)',
          memtray: fmt(get(j, 'memtray.billedInputEquivPerObs'), 'tokens'),
          floor: `${fmt(get(j, 'naive.billedInputEquivPerObs'), 'tokens')} (naive)`,
          ratio: ratio(get(j, 'memtray.billedInputEquivPerObs'), get(j, 'naive.billedInputEquivPerObs')),
        },
        {
          what: `Observations per minute (Messages API test server at ${fmt(j.latencyMs)} ms latency)`,
          memtray: fmt(get(j, 'memtray.obsPerMinute'), '/min'),
          floor: `${fmt(get(j, 'naive.obsPerMinute'), '/min')} (naive)`,
          ratio: ratio(get(j, 'memtray.obsPerMinute'), get(j, 'naive.obsPerMinute')),
        },
        {
          what: 'Secret redaction per corpus event',
          memtray: fmt(get(j, 'redaction.memtrayRedactUsPerEvent'), 'µs'),
          floor: `${fmt(get(j, 'redaction.secretlintAsyncUsPerEvent'), 'µs')} (secretlint, async engine)`,
          ratio: ratio(
            get(j, 'redaction.memtrayRedactUsPerEvent'),
            get(j, 'redaction.secretlintAsyncUsPerEvent'),
          ),
        },
      ];
    case 'search':
      return [
        {
          what: `Search over ${fmt(j.observations)} observations, p50 / p95`,
          memtray: pair(j, 'search.p50', 'search.p95', 'ms'),
          floor: `target ${fmt(get(j, 'search.targetP50'))} / ${fmt(get(j, 'search.targetP95'))} ms (stated target; no floor measured)`,
          ratio: '—',
        },
        {
          what: 'SessionStart context digest build, p50 / p95',
          memtray: pair(j, 'contextBuildMs.p50', 'contextBuildMs.p95', 'ms'),
          floor: '—',
          ratio: '—',
        },
        {
          what: '`POST /api/hooks/SessionStart` end to end (context included), p50 / p95',
          memtray: pair(j, 'sessionStartHookHttpMs.p50', 'sessionStartHookHttpMs.p95', 'ms'),
          floor: `target p95 ${fmt(get(j, 'sessionStartHookHttpMs.targetP95'))} ms`,
          ratio: '—',
        },
      ];
    case 'idle-rss':
      return [
        {
          what: `Idle RSS of \`memtray serve\` after ingesting ${fmt(j.eventsIngested)} events and idling ${fmt(j.idleSeconds)} s`,
          memtray: fmt(get(j, 'rssMiB.idleAfterWork.memtray'), 'MiB'),
          floor: `${fmt(get(j, 'rssMiB.idleAfterWork.emptyServer'), 'MiB')} (empty Node HTTP server)`,
          ratio: ratio(get(j, 'rssMiB.idleAfterWork.memtray'), get(j, 'rssMiB.idleAfterWork.emptyServer')),
        },
        {
          what: 'Idle RSS of `memtray serve` right after start',
          memtray: fmt(get(j, 'rssMiB.idle.memtray'), 'MiB'),
          floor: `${fmt(get(j, 'rssMiB.idle.emptyServer'), 'MiB')} (empty Node HTTP server)`,
          ratio: ratio(get(j, 'rssMiB.idle.memtray'), get(j, 'rssMiB.idle.emptyServer')),
        },
      ];
    case 'idle-wakeups': {
      const windows = `median of ${fmt(j.reps)} windows of ${fmt(j.idleSeconds)} s, ${fmt(j.settleSeconds)} s after start`;
      return [
        {
          what: `Idle wake-ups of \`memtray serve\` (context switches of all threads per second; ${windows})`,
          memtray: fmt(get(j, 'memtray.wakeupsPerSecond.median'), '/s'),
          floor: `${fmt(get(j, 'emptyServer.wakeupsPerSecond.median'), '/s')} (empty Node HTTP server)`,
          ratio: ratio(
            get(j, 'memtray.wakeupsPerSecond.median'),
            get(j, 'emptyServer.wakeupsPerSecond.median'),
          ),
        },
        {
          what: `Idle CPU of \`memtray serve\` per minute (scheduler run time; ${windows})`,
          memtray: fmt(get(j, 'memtray.runMsPerIdleMinute.median'), 'ms'),
          floor: `${fmt(get(j, 'emptyServer.runMsPerIdleMinute.median'), 'ms')} (empty Node HTTP server)`,
          ratio: ratio(
            get(j, 'memtray.runMsPerIdleMinute.median'),
            get(j, 'emptyServer.runMsPerIdleMinute.median'),
          ),
        },
      ];
    }
    default:
      return [];
  }
}

export function renderBenchmarks(run: RunFile, resultsPath: string): string {
  const m = run.machine;
  const lines: string[] = [
    '# Benchmarks',
    '',
    `Generated by \`${run.command}\` on ${m.date}; raw results in [${resultsPath}](../${resultsPath}).`,
    '',
    `**Machine:** ${m.host}: ${m.cpu}, ${m.memGiB} GiB RAM, ${m.os}, Node ${m.node}.`,
    `**Load:** 1-minute load average ${m.load}. The run took ${Math.round(run.runs.reduce((t, r) => t + r.seconds, 0) / 60)} minutes.`,
    '',
    'Every figure sits beside its floor or baseline measured in the same run on the same machine; absolute',
    'numbers move with the machine and its load, the ratios much less. Search and context have stated targets',
    'rather than a measured floor. [Performance](explanation/performance.md) explains what each figure measures.',
    '',
    '| What | MemTray | Floor / baseline (same run) | Ratio | Reproduce |',
    '| --- | --- | --- | --- | --- |',
  ];
  for (const r of run.runs) {
    if (!r.json) {
      lines.push(
        `| ${r.name} | not measured: ${(r.error ?? '').replace(/\|/g, '/')} | — | — | \`${r.command}\` |`,
      );
      continue;
    }
    for (const row of rows(r.name, r.json)) {
      lines.push(`| ${row.what} | ${row.memtray} | ${row.floor} | ${row.ratio} | \`${r.command}\` |`);
    }
  }
  lines.push(
    '',
    'Ratios are MemTray ÷ floor (for throughput higher is better, for latency, tokens and memory lower is better).',
  );
  return `${lines.join('\n')}\n`;
}
