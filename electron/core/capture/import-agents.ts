/**
 * History import for the agents besides Claude Code (`memtray import --agent codex|gemini|opencode`,
 * `POST /api/capture/import` with `agent`): each reader turns the agent's stored history into the
 * MemTray events its hooks would have sent, and they go through the hook path (`handleHook`) with an
 * idempotency id each, so a second import adds nothing. A session MemTray already captured live
 * (events without an id) is left as it is. Progress goes to `import_runs` and the bus, as for
 * Claude Code's transcripts (importer.ts).
 */
import { homedir } from 'node:os';
import type { AgentId } from '../../shared/contract/agents.js';
import type { Core } from '../core.js';
import { emptyProgress, saveImportRun, type ImportOptions, type ImportProgress } from './importer.js';
import { codexHistory } from './import-codex.js';
import { geminiHistory } from './import-gemini.js';
import type { HistoryFile, HistorySession, HistorySource } from './import-history.js';
import { opencodeHistory } from './import-opencode.js';

type HistoryAgent = HistorySource['agent'];

/** The agents whose history can be imported (Cursor and Copilot CLI keep none MemTray can read). */
export const HISTORY_SOURCES: Partial<Record<HistoryAgent, HistorySource>> = {
  codex: codexHistory,
  gemini: geminiHistory,
  opencode: opencodeHistory,
};

export function historySource(agent: AgentId): HistorySource | null {
  return agent === 'claude-code' ? null : (HISTORY_SOURCES[agent] ?? null);
}

/** As Claude Code's import takes them, with the agent's history reader for `source`. */
interface AgentImportOptions extends Omit<ImportOptions, 'source'> {
  source: HistorySource;
  home?: string;
}

export function defaultHistoryRoots(source: HistorySource, home: string = homedir()): string[] {
  return [source.defaultRoot(home)];
}

/** Runs an agent's history import into an existing `import_runs` row. Never throws. */
export async function runAgentImport(
  core: Core,
  runId: number,
  opts: AgentImportOptions,
): Promise<ImportProgress> {
  const p = emptyProgress(runId);
  const save = (error: string | null = null): void => saveImportRun(core, p, error, opts.onProgress);
  const live = core.sqlite
    .prepare<[string]>('SELECT 1 FROM events WHERE claude_session_id = ? AND event_uid IS NULL LIMIT 1')
    .pluck();
  try {
    const roots =
      opts.paths && opts.paths.length > 0 ? opts.paths : defaultHistoryRoots(opts.source, opts.home);
    const files: HistoryFile[] = roots
      .flatMap((r) => opts.source.files(r))
      .filter((f) => opts.since === undefined || f.mtimeMs >= opts.since);
    p.filesTotal = files.length;
    save();
    let lastSave = Date.now();
    for (const f of files) {
      if (opts.shouldStop?.()) throw new Error('interrupted: the service stopped');
      const read = await opts.source.read(f.path, opts.shouldStop);
      p.skippedLines += read.skipped;
      for (const s of read.sessions) {
        if (live.get(s.id) !== undefined) continue;
        storeSession(core, opts, s, p);
      }
      p.filesDone++;
      if (Date.now() - lastSave > 250) {
        save();
        lastSave = Date.now();
      }
      await new Promise((r) => setImmediate(r));
    }
    p.note = files.length === 0 ? `No ${opts.source.agent} history found in ${roots.join(', ')}.` : null;
    p.status = 'done';
    save();
  } catch (err) {
    p.status = 'failed';
    save((err as Error).message.slice(0, 1000));
  }
  return p;
}

/** One session's events through the hook path; counts what was new. */
function storeSession(core: Core, opts: AgentImportOptions, s: HistorySession, p: ImportProgress): void {
  let stored = false;
  for (const e of s.events) {
    if (opts.since !== undefined && e.at < opts.since) continue;
    if (opts.pausedAt?.(e.at)) continue;
    const r = core.ingest.handleHook(e.event, e.payload, {
      source: 'transcript',
      eventUid: `${opts.source.agent}:${s.id}:${e.key}`,
      at: e.at,
    });
    if (!r.stored) continue;
    stored = true;
    if (e.event === 'UserPromptSubmit') p.prompts++;
    if (e.event === 'PostToolUse' || e.event === 'PostToolUseFailure') p.toolCalls++;
  }
  if (stored) p.sessions++;
}
