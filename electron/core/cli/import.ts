/**
 * `memtray import [--agent AGENT] [--since DATE] [PATH...]`: imports past Claude Code transcripts,
 * or with `--agent codex|gemini|opencode` that agent's history (capture/import-agents.ts);
 * `memtray import --archive FILE`: merges a `memtray export` archive (cli/export.ts).
 * When the service of the data dir runs, it imports (its projector and queue then run the jobs the
 * import adds at once); otherwise the CLI imports into the database itself, and the service runs
 * those jobs when it starts.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { resolveDataDir } from '../config/data-dir.js';
import { createCore } from '../core.js';
import {
  createImportRun,
  defaultTranscriptRoot,
  runImport,
  type ImportProgress,
} from '../capture/importer.js';
import { defaultHistoryRoots, historySource, runAgentImport } from '../capture/import-agents.js';
import { AGENT_IDS, DEFAULT_AGENT, isAgentId, type AgentId } from '../../shared/contract/agents.js';
import { featureCoreOptions } from '../features.js';
import { migrationsDir } from '../config/env.js';
import { runArchiveImport } from './export.js';
import type { CliImportOutput } from '../../shared/contract/cli.js';
import type { ImportRun } from '../../shared/contract/capture.js';
import type { HttpVerbs } from '../../shared/http-verbs.js';
import { linkService } from './service-link.js';

type Progress = Pick<ImportProgress, 'filesDone' | 'filesTotal' | 'prompts' | 'toolCalls'>;
interface Done extends Progress {
  status: ImportProgress['status'];
  sessions: number;
  skippedLines: number;
  skippedDirs: number;
  note: string | null;
}
interface Job {
  agent: AgentId;
  paths: string[];
  since: number | undefined;
  dataDir: string;
  onProgress: (p: Progress) => void;
}
const POLL_MS = 300;

function bar(p: Progress): string {
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
      agent: { type: 'string' },
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
  const agent = values.agent ?? DEFAULT_AGENT;
  if (!isAgentId(agent)) throw new Error(`--agent must be one of ${AGENT_IDS.join(', ')}, got '${agent}'`);
  const source = historySource(agent);
  if (agent !== 'claude-code' && !source)
    throw new Error(`${agent} keeps no history MemTray can import (codex, gemini and opencode do)`);
  const tty = process.stderr.isTTY === true && !values.json;
  let lastLine = 0;
  const job: Job = {
    agent,
    paths:
      positionals.length > 0
        ? positionals.map((p) => resolve(p))
        : source
          ? defaultHistoryRoots(source)
          : [defaultTranscriptRoot()],
    since,
    dataDir: values['data-dir'] ?? resolveDataDir(),
    onProgress: (pr) => {
      if (tty) process.stderr.write(bar(pr));
      else if (!values.json && Date.now() - lastLine > 2000) {
        lastLine = Date.now();
        process.stderr.write(`${bar(pr).slice(1)}\n`);
      }
    },
  };
  const service = await linkService(job.dataDir);
  const { runId, p } = service ? await throughService(service, job) : await locally(job);
  if (tty) process.stderr.write('\n');
  const summary: CliImportOutput = {
    runId,
    agent,
    status: p.status,
    files: p.filesDone,
    sessions: p.sessions,
    prompts: p.prompts,
    toolCalls: p.toolCalls,
    skippedLines: p.skippedLines,
    skippedDirs: p.skippedDirs,
    note: p.note,
  };
  if (values.json) process.stdout.write(`${JSON.stringify(summary)}\n`);
  else
    process.stdout.write(
      `Imported ${p.sessions} sessions, ${p.prompts} prompts, ${p.toolCalls} tool calls from ${p.filesDone} files; skipped ${p.skippedLines} malformed lines${p.skippedDirs > 0 ? ` and ${p.skippedDirs} unreadable folders` : ''}.\n${p.note ? `${p.note}\n` : ''}`,
    );
  return p.status === 'done' ? 0 : 1;
}

/** The import done by this process, into the database of a data dir no service runs on. */
async function locally(job: Job): Promise<{ runId: number; p: Done }> {
  const core = createCore({ dataDir: job.dataDir, migrationsDir: migrationsDir(), ...featureCoreOptions() });
  try {
    const source = historySource(job.agent);
    const since = job.since !== undefined ? { since: job.since } : {};
    if (source) {
      const runId = createImportRun(core, `${source.agent}: ${job.paths.join(', ')}`);
      const p = await runAgentImport(core, runId, {
        source,
        paths: job.paths,
        ...since,
        onProgress: job.onProgress,
      });
      return { runId, p };
    }
    const runId = createImportRun(core, job.paths.join(', '));
    const p = await runImport(core, runId, { paths: job.paths, ...since, onProgress: job.onProgress });
    return { runId, p };
  } finally {
    core.close();
  }
}

/** The import done by the running service, followed until it ends. */
async function throughService(service: HttpVerbs, job: Job): Promise<{ runId: number; p: Done }> {
  const since = job.since !== undefined ? { since: new Date(job.since).toISOString() } : {};
  const agent = job.agent !== DEFAULT_AGENT ? { agent: job.agent } : {};
  const { runId } = await service.startImport({ paths: job.paths, ...since, ...agent });
  for (;;) {
    const run = (await service.listImports()).items.find((r: ImportRun) => r.id === runId);
    if (!run) throw new Error(`the MemTray service lost import run ${runId}`);
    job.onProgress(run);
    if (run.status !== 'running') return { runId, p: run };
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}
