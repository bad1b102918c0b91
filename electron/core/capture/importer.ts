/**
 * Transcript import (`memtray import`, `POST /api/capture/import`) and the reconciliation sweep of
 * known sessions. Both read transcripts with `transcript.ts` and write with `reconcile.ts`; an
 * import is recorded in `import_runs` and reports progress on the bus (`import` SSE event).
 */
import { desc, eq, isNotNull } from 'drizzle-orm';
import { statSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { importRuns, sessions } from '../../../drizzle/schema.js';
import type { Core } from '../core.js';
import { classifyStorageError } from '../db/storage.js';
import { Quarantine } from '../store/quarantine.js';
import { reconcileSession, type ReconcileCounts } from './reconcile.js';
import { emptyImportNote } from './import-note.js';
import {
  findTranscripts,
  readTranscriptSet,
  subagentFiles,
  type TranscriptSet,
  type TranscriptSetRead,
} from './transcript.js';

export interface ImportOptions {
  paths?: string[];
  /** Only transcripts touched, and items made, at or after this time (ms epoch). */
  since?: number;
  source?: string;
  onProgress?: (p: ImportProgress) => void;
  pausedAt?: (at: number) => boolean;
  /** Checked between sessions: true ends the run early (as failed, "interrupted"). */
  shouldStop?: () => boolean;
}

export interface ImportProgress extends ReconcileCounts {
  runId: number;
  status: 'running' | 'done' | 'failed';
  filesTotal: number;
  filesDone: number;
  skippedLines: number;
  /** Files refused (not a regular file, too big, unreadable) or sessions that failed: quarantined. */
  quarantined: number;
  /** Folders that could not be read (skipped; the first few are logged with their error code). */
  skippedDirs: number;
  /** Set when a finished run stored nothing: where it looked and what it found. */
  note: string | null;
}

const fileStamp = (f: string): string => {
  const st = safe(() => statSync(f));
  return st ? `${st.size}:${st.mtimeMs}` : '-';
};

/** Records the files a read refused in the quarantine; returns how many. */
function quarantineRefused(q: Quarantine, read: TranscriptSetRead): number {
  for (const r of read.refused) {
    const stamp = fileStamp(r.path);
    if (!q.holds('transcript', r.path, stamp)) q.add('transcript', r.path, r.reason, stamp);
  }
  return read.refused.length;
}

/** A reconciliation that threw for another reason than storage: quarantined, not fatal. */
function reconcileFailure(err: unknown): string | null {
  if (classifyStorageError(err)) return null;
  return `reconciliation failed: ${(err as Error).message ?? String(err)}`;
}

export function defaultTranscriptRoot(home: string = homedir()): string {
  return join(home, '.claude', 'projects');
}

/** Idle this long, an imported session is marked completed. */
const IDLE_MS = 30 * 60_000;

export function createImportRun(core: Core, source: string): number {
  return core.db
    .insert(importRuns)
    .values({ source, status: 'running', startedAt: core.clock() })
    .returning({ id: importRuns.id })
    .get().id;
}

/** Writes a run's progress to its `import_runs` row and announces it (bus `import`, `onProgress`). */
/** A run's progress before anything was read. */
export function emptyProgress(runId: number): ImportProgress {
  return {
    runId,
    status: 'running',
    filesTotal: 0,
    filesDone: 0,
    sessions: 0,
    prompts: 0,
    toolCalls: 0,
    skippedLines: 0,
    tooLarge: 0,
    quarantined: 0,
    skippedDirs: 0,
    note: null,
  };
}

export function saveImportRun(
  core: Core,
  p: ImportProgress,
  error: string | null = null,
  onProgress?: (p: ImportProgress) => void,
): void {
  core.db
    .update(importRuns)
    .set({
      status: p.status,
      filesTotal: p.filesTotal,
      filesDone: p.filesDone,
      sessions: p.sessions,
      prompts: p.prompts,
      toolCalls: p.toolCalls,
      skippedLines: p.skippedLines,
      skippedDirs: p.skippedDirs,
      error,
      note: p.note,
      ...(p.status !== 'running' ? { finishedAt: core.clock() } : {}),
    })
    .where(eq(importRuns.id, p.runId))
    .run();
  const { runId, status, filesDone, filesTotal } = p;
  core.bus.emit('import', { runId, status, filesDone, filesTotal });
  onProgress?.({ ...p });
}

/** Runs an import into an existing `import_runs` row. Never throws: failures end the run as `failed`. */
export async function runImport(
  core: Core,
  runId: number,
  opts: ImportOptions = {},
): Promise<ImportProgress> {
  const p = emptyProgress(runId);
  const q = new Quarantine(core.sqlite, core.clock, core.logger);
  const save = (error: string | null = null): void => saveImportRun(core, p, error, opts.onProgress);
  let roots: string[] = [];
  let sets: TranscriptSet[] = [];
  try {
    roots = opts.paths && opts.paths.length > 0 ? opts.paths : [defaultTranscriptRoot()];
    const since = opts.since;
    const onSkip = (path: string, code: string): void => {
      p.skippedDirs += 1;
      if (p.skippedDirs <= 5) core.logger.warn('import: folder skipped', { path, code });
    };
    sets = findTranscripts(roots, onSkip).filter((s) => since === undefined || s.mtimeMs >= since);
    p.filesTotal = sets.reduce((n, s) => n + (s.main ? 1 : 0) + s.subagents.length, 0);
    save();
    let lastSave = Date.now();
    for (const set of sets) {
      if (opts.shouldStop?.()) throw new Error('interrupted: the service stopped');
      const read = await readTranscriptSet(set, {
        ...(opts.shouldStop ? { shouldStop: opts.shouldStop } : {}),
      });
      p.quarantined += quarantineRefused(q, read);
      const items = since === undefined ? read.items : read.items.filter((i) => i.at >= since);
      const ids = [...new Set(items.map((i) => i.sessionId))];
      for (const id of ids) {
        let c: ReconcileCounts;
        try {
          c = reconcileSession(core, id, items, set.main, {
            completeIfIdleBefore: core.clock() - IDLE_MS,
            lastAt: read.lastAt,
            ...(opts.pausedAt ? { pausedAt: opts.pausedAt } : {}),
          });
        } catch (err) {
          const why = reconcileFailure(err);
          if (!why) throw err;
          q.add('reconcile', id, why, fileStamp(set.main ?? ''));
          p.quarantined++;
          continue;
        }
        p.sessions += c.sessions;
        p.prompts += c.prompts;
        p.toolCalls += c.toolCalls;
        p.tooLarge += c.tooLarge;
      }
      p.skippedLines += read.skippedLines;
      p.filesDone += (set.main ? 1 : 0) + set.subagents.length;
      if (Date.now() - lastSave > 250) {
        save();
        lastSave = Date.now();
      }
      // Let the service answer hooks between sessions.
      await new Promise((r) => setImmediate(r));
    }
    p.note = emptyImportNote(roots, sets, p.sessions + p.prompts + p.toolCalls);
    p.status = 'done';
    save();
  } catch (err) {
    p.status = 'failed';
    save((err as Error).message.slice(0, 1000));
  }
  return p;
}

export function listImportRuns(core: Core, limit = 50) {
  return core.db.select().from(importRuns).orderBy(desc(importRuns.id)).limit(limit).all();
}

/** Reconciles one known session from its transcript; skips when the files did not change since last time. */
export class Reconciler {
  private readonly seen = new Map<string, string>();
  private readonly quarantine: Quarantine;

  constructor(
    private readonly core: Core,
    private readonly pausedAt?: (at: number) => boolean,
    private readonly shouldStop?: () => boolean,
  ) {
    this.quarantine = new Quarantine(core.sqlite, core.clock, core.logger);
  }

  async session(claudeSessionId: string): Promise<ReconcileCounts | null> {
    const s = this.core.read.sessionByClaudeId(claudeSessionId);
    if (!s?.transcriptPath) return null;
    const subagents = safe(() => subagentFiles(s.transcriptPath!)) ?? [];
    const files = [s.transcriptPath, ...subagents];
    const stamp = files
      .map((f) => safe(() => statSync(f)) ?? null)
      .map((st) => (st ? `${st.size}:${st.mtimeMs}` : '-'))
      .join('|');
    if (stamp.startsWith('-')) return null;
    if (this.seen.get(claudeSessionId) === stamp) return null;
    // A poison pill (refused or failed before, unchanged since) is not read again.
    if (this.quarantine.holds('transcript', s.transcriptPath, stamp.split('|')[0]!)) return null;
    if (this.quarantine.holds('reconcile', claudeSessionId, stamp)) return null;
    this.seen.set(claudeSessionId, stamp);
    const read = await readTranscriptSet(
      { main: s.transcriptPath, subagents },
      { ...(this.shouldStop ? { shouldStop: this.shouldStop } : {}) },
    );
    quarantineRefused(this.quarantine, read);
    let c: ReconcileCounts;
    try {
      c = reconcileSession(this.core, claudeSessionId, read.items, s.transcriptPath, {
        ...(this.pausedAt ? { pausedAt: this.pausedAt } : {}),
      });
    } catch (err) {
      const why = reconcileFailure(err);
      if (!why) {
        this.seen.delete(claudeSessionId); // storage trouble: try again later
        throw err;
      }
      this.quarantine.add('reconcile', claudeSessionId, why, stamp);
      return null;
    }
    if (this.seen.size > 5000) this.seen.clear();
    return c;
  }

  /** Every known session with a transcript updated in the last `withinMs` (at service start). */
  async sweep(withinMs: number): Promise<ReconcileCounts> {
    const since = this.core.clock() - withinMs;
    const rows = this.core.db
      .select({ id: sessions.claudeSessionId, updatedAt: sessions.updatedAt })
      .from(sessions)
      .where(isNotNull(sessions.transcriptPath))
      .all();
    const total: ReconcileCounts = { sessions: 0, prompts: 0, toolCalls: 0, tooLarge: 0 };
    for (const r of rows) {
      if (r.updatedAt < since) continue;
      const c = await this.session(r.id).catch(() => null);
      if (!c) continue;
      total.sessions += c.sessions;
      total.prompts += c.prompts;
      total.toolCalls += c.toolCalls;
      total.tooLarge += c.tooLarge;
      if (this.shouldStop?.()) break;
      await new Promise((res) => setImmediate(res));
    }
    return total;
  }
}

function safe<T>(fn: () => T): T | undefined {
  try {
    return fn();
  } catch {
    return undefined;
  }
}
