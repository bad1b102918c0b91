/**
 * Archives: `memtray export` writes a header line then one record per line (jsonl), or a markdown
 * digest for reading; `memtray import --archive` merges one into any data dir through apply.ts
 * (exactly once: re-importing adds nothing). What may leave is decided in records.ts.
 */
import type Database from 'better-sqlite3';
import { createReadStream } from 'node:fs';
import {
  ARCHIVE_FORMAT,
  ARCHIVE_VERSION,
  archiveHeader,
  syncRecord,
  type ArchiveHeader,
  type ExportLeftOut,
  type ImportReport,
  type RecordCounts,
  type SyncRecord,
} from '../../shared/contract/sync.js';
import { withDeferredIndex } from '../db/identifiers.js';
import { Applier, emptyReport, type ApplyOwners } from './apply.js';
import type { RecordSource } from './records.js';
import { fileLines as boundedFileLines } from './lines.js';
import { SESSION_COLS, type SessionSqlRow } from './rows.js';
import { MAX_LINE } from './segment.js';

export interface ExportFilters {
  project?: string | undefined;
  /** Sessions active at or after this time (ms). */
  since?: number | undefined;
  /** Only sessions captured on this machine (sync); an export also carries imported ones. */
  localOnly?: boolean;
  /** Also sessions of projects whose capture is off now (an export's explicit choice, never sync's). */
  includeCaptureOff?: boolean | undefined;
}

const SESSIONS_SQL = `SELECT ${SESSION_COLS} FROM sessions
  WHERE (@project IS NULL OR project = @project) AND max(updated_at, started_at) >= @since
    AND (@local = 0 OR origin IS NULL)
  ORDER BY id`;

function sessionsFor(db: Database.Database, f: ExportFilters): SessionSqlRow[] {
  return db
    .prepare<[{ project: string | null; since: number; local: number }], SessionSqlRow>(SESSIONS_SQL)
    .all({ project: f.project ?? null, since: f.since ?? 0, local: f.localOnly ? 1 : 0 });
}

/**
 * What an export with these filters leaves out only because its project's capture is off now:
 * sessions that would leave were capture on (excluded paths still keep theirs), and their memories.
 */
export function leftOutByCapture(src: RecordSource, db: Database.Database, f: ExportFilters): ExportLeftOut {
  src.refresh();
  const memories = db.prepare<[number], { n: number }>(
    'SELECT count(*) AS n FROM observations WHERE session_id = ?',
  );
  const out: ExportLeftOut = { sessions: 0, observations: 0, projects: [] };
  const projects = new Set<string>();
  for (const s of sessionsFor(db, f)) {
    if (!src.captureOff(s) || !src.mayLeave(s, true)) continue;
    out.sessions++;
    out.observations += memories.get(s.id)?.n ?? 0;
    projects.add(s.project);
  }
  out.projects = [...projects].sort().slice(0, 1000);
  return out;
}

/** Calls `emit` for every record that may leave, session by session (session record first). */
export function exportRecords(
  src: RecordSource,
  db: Database.Database,
  f: ExportFilters,
  emit: (r: SyncRecord) => void,
): RecordCounts {
  src.refresh();
  const counts: RecordCounts = { sessions: 0, prompts: 0, observations: 0, summaries: 0, tombstones: 0 };
  const rows = sessionsFor(db, f);
  for (const s of rows) {
    if (!src.mayLeave(s, f.includeCaptureOff)) continue;
    emit(src.sessionRecord(s));
    counts.sessions++;
    const prompts = src.promptRecords(s);
    const observations = src.observationRecords(s);
    const summaries = src.summaryRecords(s);
    for (const r of [...prompts, ...observations, ...summaries]) emit(r);
    counts.prompts += prompts.length;
    counts.observations += observations.length;
    counts.summaries += summaries.length;
  }
  return counts;
}

export function headerFor(
  machine: string,
  counts: RecordCounts,
  f: ExportFilters,
  now: number,
  /** What the archive says of its text (RecordSource.out.note). */
  note: string,
): ArchiveHeader {
  return {
    format: ARCHIVE_FORMAT,
    version: ARCHIVE_VERSION,
    machine,
    exportedAt: new Date(now).toISOString(),
    counts,
    filters: {
      project: f.project ?? null,
      since: f.since ?? null,
      includeCaptureOff: f.includeCaptureOff ?? false,
    },
    note,
  };
}

/** The whole jsonl archive as lines (header first). */
export function exportJsonl(
  src: RecordSource,
  db: Database.Database,
  machine: string,
  f: ExportFilters,
  now: number,
): { lines: string[]; counts: RecordCounts } {
  const body: string[] = [];
  const counts = exportRecords(src, db, f, (r) => body.push(JSON.stringify(r)));
  return { lines: [JSON.stringify(headerFor(machine, counts, f, now, src.out.note())), ...body], counts };
}

export class ArchiveError extends Error {}

export interface ArchiveImportOptions {
  db: Database.Database;
  machine: string;
  owners: ApplyOwners;
  /** Records per transaction (a crash loses at most one uncommitted batch, applied again next time). */
  batch?: number;
  onProgress?: (linesDone: number, report: ImportReport) => void;
}

/** Parses the first line of an archive; throws ArchiveError when it is not one MemTray can read. */
function parseHeader(line: string): ArchiveHeader {
  let v: unknown;
  try {
    v = JSON.parse(line);
  } catch {
    throw new ArchiveError('not a MemTray archive: the first line is not JSON');
  }
  const h = archiveHeader.safeParse(v);
  if (!h.success) throw new ArchiveError('not a MemTray archive: the first line is not its header');
  if (h.data.version > ARCHIVE_VERSION)
    throw new ArchiveError(
      `archive format ${h.data.version} is newer than this MemTray reads (${ARCHIVE_VERSION})`,
    );
  return h.data;
}

/**
 * Merges an archive's lines (header first) into the database. A `null` line is one that was too
 * long to read (lines.ts): counted as invalid, as is any line that is not a record.
 */
export async function importLines(
  lines: AsyncIterable<string | null>,
  o: ArchiveImportOptions,
): Promise<ImportReport> {
  const report = emptyReport();
  const applier = new Applier(o.db, o.machine, o.owners);
  let header: ArchiveHeader | null = null;
  let batch: SyncRecord[] = [];
  let done = 0;
  const flush = (): void => {
    if (batch.length === 0) return;
    // An archive also carries sessions it imported: each speaks for its origin (apply.ts).
    const ctx = { author: header!.machine, report, relay: true };
    const b = batch;
    // The batch's new memories are indexed once at its end (see withDeferredIndex).
    o.db
      .transaction(() =>
        withDeferredIndex(o.db, () => {
          for (const r of b) applier.apply(r, ctx);
        }),
      )
      .immediate();
    batch = [];
    o.onProgress?.(done, report);
  };
  for await (const line of lines) {
    done++;
    if (header === null) {
      if (line === null) throw new ArchiveError('not a MemTray archive: the first line is too long');
      header = parseHeader(line);
      // Its records would be stored as captured here, and written to the sync folder as this
      // machine's own: an archive can claim any id, so this one is refused.
      if (header.machine === o.machine)
        throw new ArchiveError(
          `the archive claims to come from this machine (${header.machine}): its records would be stored as this machine's own; nothing imported`,
        );
      continue;
    }
    if (line?.trim() === '') continue;
    let v: unknown = null;
    try {
      v = line === null ? null : JSON.parse(line);
    } catch {
      v = null;
    }
    const r = syncRecord.safeParse(v);
    if (!r.success) {
      report.invalid++;
      continue;
    }
    batch.push(r.data);
    if (batch.length >= (o.batch ?? 500)) {
      flush();
      // Let the service answer hooks between batches.
      await new Promise<void>((res) => setImmediate(res));
    }
  }
  if (header === null) throw new ArchiveError('the archive is empty');
  flush();
  applier.settle();
  return report;
}

/** An archive's lines, each at most MAX_LINE bytes (a longer one comes out as null, unread). */
export function fileLines(path: string, maxLine = MAX_LINE): AsyncIterable<string | null> {
  return boundedFileLines(path, maxLine);
}

export async function countLines(path: string): Promise<number> {
  let n = 0;
  for await (const chunk of createReadStream(path)) {
    const b = chunk as Buffer;
    for (let i = b.indexOf(10); i !== -1; i = b.indexOf(10, i + 1)) n++;
  }
  return n;
}

/** An uploaded archive's lines, each at most `maxLine` bytes (a longer one comes out as null, unread). */
export async function* textLines(text: string, maxLine = MAX_LINE): AsyncIterable<string | null> {
  let start = 0;
  while (start < text.length) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    const line = text.slice(start, end);
    yield Buffer.byteLength(line) > maxLine ? null : line;
    start = end + 1;
  }
}

/** The number of lines `textLines` yields. */
export function countTextLines(text: string): number {
  let n = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) n++;
  return text.endsWith('\n') ? n : n + 1;
}
