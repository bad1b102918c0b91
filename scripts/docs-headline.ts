/**
 * The README's headline numbers, read from docs/benchmarks.md (written by bench/run-all.ts from one
 * run), never typed by hand: each chosen row of its table with the figure, the floor and the ratio.
 */

/** Rows of docs/benchmarks.md to quote, by how their "What" cell begins, with the README's label. */
const HEADLINES: Array<[prefix: string, label: string]> = [
  ['Ingest, burst', 'Hook events stored per second (burst)'],
  ['Ingest latency', 'One hook event committed, p50 / p95'],
  ['Command hook spawn → exit, service up, compiled', 'Command hook run, p50 / p95'],
  ['`POST /api/hooks/SessionStart`', 'SessionStart with context, p50 / p95'],
  ['Search over', 'Search, p50 / p95'],
  ['Prompt tokens sent per observation', 'Model tokens per remembered tool call'],
  ['Secret redaction per corpus event', 'Secret redaction per event'],
  ['Idle RSS of `memtray serve` after', 'Memory when idle'],
  ['Idle wake-ups', 'Wake-ups when idle'],
  ['Idle CPU', 'CPU when idle, per minute'],
];

function tableRows(md: string): string[][] {
  return md
    .split('\n')
    .filter((l) => l.startsWith('|') && !/^\|\s*-/.test(l))
    .map((l) =>
      l
        .slice(1, -1)
        .split(/(?<!\\)\|/)
        .map((c) => c.trim()),
    );
}

export function headlineTable(benchmarksMd: string): string {
  const date = /on (\d{4}-\d{2}-\d{2})/.exec(benchmarksMd)?.[1] ?? 'unknown date';
  const cpu = /\*\*Machine:\*\* [^:]+: ([^,]+),/.exec(benchmarksMd)?.[1] ?? 'unknown machine';
  const load = /load average ([\d.]+) at the start, ([\d.]+) at the end/.exec(benchmarksMd);
  const where = load ? `${cpu}, load ${load[1]} → ${load[2]}` : cpu;
  const rows = tableRows(benchmarksMd).slice(1);
  const out = [
    `From one run of \`npx tsx bench/run-all.ts\` on ${date} (${where}); every figure beside its floor from`,
    'the same run. [All figures, the machine and its load](docs/benchmarks.md) ·',
    '[what each measures](docs/explanation/performance.md).',
    '',
    '| | MemTray | Floor (same run) | Ratio |',
    '| --- | --- | --- | --- |',
  ];
  for (const [prefix, label] of HEADLINES) {
    const row = rows.find((r) => r[0]?.startsWith(prefix));
    if (!row) continue;
    const floor = (row[2] ?? '—').split(' (')[0];
    out.push(`| ${label} | ${row[1] ?? '—'} | ${floor} | ${row[3] ?? '—'} |`);
  }
  out.push(
    '',
    'Ratio: MemTray ÷ floor. For events per second higher is better; for time, tokens and memory lower is.',
  );
  return out.join('\n');
}
