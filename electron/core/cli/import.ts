/**
 * `memtray import [--since DATE] [PATH...]`: imports past Claude Code transcripts;
 * `memtray import --archive FILE`: merges a `memtray export` archive (cli/export.ts).
 */
import { parseArgs } from 'node:util';
import { resolveDataDir } from '../config/data-dir.js';
import { createCore } from '../core.js';
import {
  createImportRun,
  defaultTranscriptRoot,
  runImport,
  type ImportProgress,
} from '../capture/importer.js';
import { featureCoreOptions } from '../features.js';
import { migrationsDir } from '../config/env.js';
import { runArchiveImport } from './export.js';
import type { CliImportOutput } from '../../shared/contract/cli.js';

function bar(p: ImportProgress): string {
  const width = 30;
  const frac = p.filesTotal === 0 ? 1 : p.filesDone / p.filesTotal;
  const full = Math.round(frac * width);
  return `\r[${'#'.repeat(full)}${'.'.repeat(width - full)}] ${p.filesDone}/${p.filesTotal} files, ${p.prompts} prompts, ${p.toolCalls} tool calls`;
}

export async function runImportCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    options: {
      since: { type: 'string' },
      'data-dir': { type: 'string' },
      json: { type: 'boolean' },
      archive: { type: 'string' },
    },
    allowPositionals: true,
    strict: true,
  });
  if (values.archive !== undefined)
    return runArchiveImport(values.archive, values['data-dir'], values.json === true);
  let since: number | undefined;
  if (values.since !== undefined) {
    since = Date.parse(values.since);
    if (!Number.isFinite(since))
      throw new Error(`--since must be a date like 2026-01-31, got '${values.since}'`);
  }
  const paths = positionals.length > 0 ? positionals : [defaultTranscriptRoot()];
  const core = createCore({
    dataDir: values['data-dir'] ?? resolveDataDir(),
    migrationsDir: migrationsDir(),
    ...featureCoreOptions(),
  });
  const tty = process.stderr.isTTY === true && !values.json;
  try {
    const runId = createImportRun(core, paths.join(', '));
    let lastLine = 0;
    const p = await runImport(core, runId, {
      paths,
      ...(since !== undefined ? { since } : {}),
      onProgress: (pr) => {
        if (tty) process.stderr.write(bar(pr));
        else if (!values.json && Date.now() - lastLine > 2000) {
          lastLine = Date.now();
          process.stderr.write(`${bar(pr).slice(1)}\n`);
        }
      },
    });
    if (tty) process.stderr.write('\n');
    const summary: CliImportOutput = {
      runId,
      status: p.status,
      files: p.filesDone,
      sessions: p.sessions,
      prompts: p.prompts,
      toolCalls: p.toolCalls,
      skippedLines: p.skippedLines,
      skippedDirs: p.skippedDirs,
    };
    if (values.json) process.stdout.write(`${JSON.stringify(summary)}\n`);
    else
      process.stdout.write(
        `Imported ${p.sessions} sessions, ${p.prompts} prompts, ${p.toolCalls} tool calls from ${p.filesDone} files; skipped ${p.skippedLines} malformed lines${p.skippedDirs > 0 ? ` and ${p.skippedDirs} unreadable folders` : ''}.\n`,
      );
    return p.status === 'done' ? 0 : 1;
  } finally {
    core.close();
  }
}
