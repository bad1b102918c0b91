/**
 * Runs every benchmark in bench/ that exists (each prints JSON), writes the raw results of the run to
 * bench/results/<date>-<host>.json and renders docs/benchmarks.md from them: one table, one machine,
 * one date, the load, each figure beside its floor measured in the same run.
 *
 *   npx tsx bench/run-all.ts [--quick] [--only ingest,hooks] [--out docs/benchmarks.md]
 *   npx tsx bench/run-all.ts --from bench/results/<file>.json   (render only, no bench runs)
 *
 * `--quick` shortens every bench (a smoke run; numbers are noisier). Search runs over 100,000
 * generated observations here (its own default is 1,000,000; pass `--search-n 1000000` for that).
 * A run on another machine writes another results file; render it with `--from` and `--out`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, hostname, loadavg, release, tmpdir, totalmem, type as osType } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { renderBenchmarks, type BenchRun, type RunFile } from './run-all-render.js';

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    only: { type: 'string' },
    out: { type: 'string', default: 'docs/benchmarks.md' },
    'results-dir': { type: 'string', default: 'bench/results' },
    'search-n': { type: 'string', default: '100000' },
    from: { type: 'string' },
  },
});

interface Bench {
  name: string;
  file: string;
  args: string[];
}

function benches(quick: boolean, searchN: string, searchDir: string): Bench[] {
  return [
    { name: 'ingest', file: 'bench/ingest/run.ts', args: quick ? ['--seconds', '2'] : ['--seconds', '8'] },
    {
      name: 'hooks',
      file: 'bench/hooks/run.ts',
      args: quick ? ['--runs', '8', '--posts', '100'] : ['--runs', '30', '--posts', '300'],
    },
    { name: 'compress', file: 'bench/compress/run.ts', args: [] },
    {
      name: 'search',
      file: 'bench/search/run.ts',
      args: ['--n', quick ? '20000' : searchN, '--queries', quick ? '100' : '300', '--data-dir', searchDir],
    },
    {
      name: 'idle-rss',
      file: 'bench/idle-rss/run.ts',
      args: quick ? ['--idle-seconds', '3', '--events', '300'] : ['--idle-seconds', '20', '--events', '2000'],
    },
    {
      name: 'idle-wakeups',
      file: 'bench/idle-wakeups/run.ts',
      args: quick
        ? ['--settle-seconds', '15', '--idle-seconds', '5', '--reps', '1']
        : ['--idle-seconds', '60', '--reps', '3'],
    },
  ];
}

function runOne(b: Bench, searchDir: string): BenchRun {
  // The search data dir is a temp dir here; the bench's own default (.bench/) works for reproducing.
  const shown = b.args.filter((a, i) => a !== searchDir && b.args[i + 1] !== searchDir);
  const command = `npx tsx ${b.file} ${shown.join(' ')}`.trim();
  if (!existsSync(b.file)) {
    return { name: b.name, command, error: 'not present in this checkout', json: null, seconds: 0 };
  }
  process.stderr.write(`bench: ${command}\n`);
  const t0 = Date.now();
  const r = spawnSync(process.execPath, ['--import', 'tsx', b.file, ...b.args], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    timeout: 30 * 60_000,
  });
  const seconds = Math.round((Date.now() - t0) / 100) / 10;
  const start = r.stdout.indexOf('{');
  let json: Record<string, unknown> | null = null;
  try {
    json = start >= 0 ? (JSON.parse(r.stdout.slice(start)) as Record<string, unknown>) : null;
  } catch {
    json = null;
  }
  const error = json
    ? null
    : `exit ${r.status ?? r.signal}: ${(r.stderr || r.stdout).trim().split('\n').slice(-3).join(' / ')}`;
  return { name: b.name, command, error, json, seconds };
}

function runAll(): { run: RunFile; path: string } {
  const searchDir = mkdtempSync(join(tmpdir(), 'memtray-bench-search-'));
  const loadAtStart = loadavg()[0]!.toFixed(2);
  const startedAt = new Date();
  const only = values.only ? new Set(values.only.split(',')) : null;
  const runs: BenchRun[] = [];
  for (const b of benches(values.quick, values['search-n'], searchDir)) {
    if (!only || only.has(b.name)) runs.push(runOne(b, searchDir));
  }
  rmSync(searchDir, { recursive: true, force: true });
  const host = hostname().replace(/[^A-Za-z0-9_-]/g, '-');
  const run: RunFile = {
    command: `npx tsx bench/run-all.ts${process.argv.slice(2).length ? ` ${process.argv.slice(2).join(' ')}` : ''}`,
    quick: values.quick,
    machine: {
      host,
      cpu: `${cpus()[0]?.model ?? 'unknown'} × ${cpus().length}`,
      memGiB: Math.round((totalmem() / 2 ** 30) * 10) / 10,
      os: `${osType()} ${release()}`,
      node: process.version,
      date: startedAt.toISOString().slice(0, 16).replace('T', ' ') + ' UTC',
      load: `${loadAtStart} at the start, ${loadavg()[0]!.toFixed(2)} at the end`,
    },
    runs,
  };
  mkdirSync(values['results-dir'], { recursive: true });
  const path = join(values['results-dir'], `${startedAt.toISOString().slice(0, 10)}-${host}.json`);
  writeFileSync(path, `${JSON.stringify(run, null, 2)}\n`);
  return { run, path };
}

const { run, path } = values.from
  ? { run: JSON.parse(readFileSync(values.from, 'utf8')) as RunFile, path: values.from }
  : runAll();
writeFileSync(values.out, renderBenchmarks(run, path));
// `npm run lint` checks formatting of docs/ too.
spawnSync(process.execPath, ['node_modules/prettier/bin/prettier.cjs', '--write', values.out], {
  stdio: 'ignore',
});
process.stderr.write(`wrote ${values.from ? '' : `${path} and `}${values.out}\n`);
for (const r of run.runs) if (r.error) process.stderr.write(`  ${r.name}: ${r.error}\n`);
