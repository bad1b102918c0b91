/**
 * `memtray export [--project P] [--since DATE] [--format jsonl|markdown] [--out FILE]` and the
 * archive half of `memtray import --archive FILE` (see sync/archive.ts, docs/explanation/sync.md). Both read
 * the data dir's database directly (WAL: safe beside a running service).
 * `--include-capture-off` also exports projects whose capture is off now (said on stderr otherwise).
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { resolveDataDir } from '../config/data-dir.js';
import { migrationsDir } from '../config/env.js';
import { createCore } from '../core.js';
import { featureCoreOptions } from '../features.js';
import type { ExportLeftOut, ImportReport } from '../../shared/contract/sync.js';
import { countLines, exportJsonl, fileLines, importLines, leftOutByCapture } from '../sync/archive.js';
import { machineId } from '../config/machine.js';
import { exportMarkdown } from '../sync/markdown.js';
import { RecordSource } from '../sync/records.js';

function openCore(dataDir: string | undefined) {
  return createCore({
    dataDir: dataDir ?? resolveDataDir(),
    migrationsDir: migrationsDir(),
    ...featureCoreOptions(),
  });
}

/** What the export leaves out because capture is off, and how to include it ('' when nothing). */
function leftOutNote(l: ExportLeftOut): string {
  if (l.sessions === 0) return '';
  return (
    `Left out ${l.sessions} sessions and ${l.observations} memories of projects whose capture is off ` +
    `(${l.projects.join(', ')}); add --include-capture-off to include them.\n`
  );
}

export async function runExport(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      project: { type: 'string' },
      since: { type: 'string' },
      format: { type: 'string' },
      out: { type: 'string' },
      'include-capture-off': { type: 'boolean' },
      'data-dir': { type: 'string' },
    },
    strict: true,
  });
  const format = values.format ?? 'jsonl';
  if (format !== 'jsonl' && format !== 'markdown')
    throw new Error(`--format must be jsonl or markdown, got '${format}'`);
  let since: number | undefined;
  if (values.since !== undefined) {
    since = Date.parse(values.since);
    if (!Number.isFinite(since))
      throw new Error(`--since must be a date like 2026-01-31, got '${values.since}'`);
  }
  const core = openCore(values['data-dir']);
  try {
    const machine = machineId(core.paths.root);
    const src = new RecordSource(
      core.sqlite,
      () => core.settings.get(),
      machine,
      (v, changed) => core.ingest.clean(v, changed),
    );
    const f = { project: values.project, since, includeCaptureOff: values['include-capture-off'] ?? false };
    const now = Date.now();
    if (!f.includeCaptureOff) process.stderr.write(leftOutNote(leftOutByCapture(src, core.sqlite, f)));
    let text: string;
    let summary = '';
    if (format === 'markdown') text = exportMarkdown(src, core.sqlite, machine, f, now);
    else {
      const r = exportJsonl(src, core.sqlite, machine, f, now);
      text = `${r.lines.join('\n')}\n`;
      const c = r.counts;
      summary = `Exported ${c.sessions} sessions, ${c.prompts} prompts, ${c.observations} memories, ${c.summaries} summaries`;
    }
    if (values.out) {
      try {
        // Never over an existing file (or through a link), as POST /api/data/export.
        writeFileSync(values.out, text, { mode: 0o600, flag: 'wx' });
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
        throw new Error(`${values.out} already exists: not overwritten (remove it or choose another --out)`);
      }
      process.stderr.write(`${summary || 'Exported'} to ${values.out}.\n`);
    } else process.stdout.write(text);
    return 0;
  } finally {
    core.close();
  }
}

function describeReport(r: ImportReport): string {
  const a = r.added;
  return (
    `Added ${a.sessions} sessions, ${a.prompts} prompts, ${a.observations} memories, ${a.summaries} summaries` +
    `${a.tombstones > 0 ? `, ${a.tombstones} deletions` : ''}; updated ${r.updated} with newer copies; ` +
    `skipped ${r.skipped} already here or older${r.invalid > 0 ? `; ${r.invalid} invalid lines` : ''}.`
  );
}

/** `memtray import --archive FILE [--json]`. */
export async function runArchiveImport(
  file: string,
  dataDir: string | undefined,
  json: boolean,
): Promise<number> {
  const core = openCore(dataDir);
  try {
    const total = await countLines(file);
    const tty = process.stderr.isTTY === true && !json;
    const report = await importLines(fileLines(file), {
      db: core.sqlite,
      machine: machineId(core.paths.root),
      owners: { jobs: core.jobs, projects: core.projects },
      onProgress: (n) => {
        if (tty) process.stderr.write(`\r${n}/${total} lines`);
      },
    });
    if (tty) process.stderr.write('\n');
    process.stdout.write(json ? `${JSON.stringify(report)}\n` : `${describeReport(report)}\n`);
    return 0;
  } finally {
    core.close();
  }
}
