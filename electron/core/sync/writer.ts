/**
 * This machine's side of the sync folder: its own segment files (one writer, append only, a new
 * segment per start and past SEGMENT_BYTES, fsynced per batch) and the outbox drain that fills
 * them. A crash between the append and the outbox delete writes some records twice; readers apply
 * them once (apply.ts is idempotent). Compaction writes one snapshot segment of everything current
 * and then removes the older ones.
 */
import type Database from 'better-sqlite3';
import {
  closeSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import type { SyncRecord } from '../../shared/contract/sync.js';
import { encodeLine, newHeader, SEGMENT_EXT, segmentName } from './segment.js';
import type { RecordSource } from './records.js';
import { exportRecords } from './archive.js';

export const SEGMENT_BYTES = 8 * 1024 * 1024;
/** Compact when this machine's segments pass either bound. */
export const COMPACT_FILES = 32;
export const COMPACT_BYTES = 64 * 1024 * 1024;
const BATCH = 2000;

export interface SegmentLimits {
  /** Start a new segment past this size (default SEGMENT_BYTES). */
  segmentBytes?: number;
  /** Compact past this many segments or bytes (defaults COMPACT_FILES, COMPACT_BYTES). */
  compactFiles?: number;
  compactBytes?: number;
}

export class SegmentWriter {
  private fd: number | null = null;
  private file: string | null = null;
  private size = 0;
  lastWriteAt: number | null = null;

  constructor(
    readonly dir: string,
    private readonly machine: string,
    private readonly name: string,
    private readonly clock: () => number,
    private readonly limits: SegmentLimits = {},
  ) {}

  /** This machine's segment files, oldest first, with their sizes. */
  files(): Array<{ name: string; size: number }> {
    let names: string[];
    try {
      names = readdirSync(this.dir).filter((n) => n.endsWith(SEGMENT_EXT));
    } catch {
      return [];
    }
    return names.sort().flatMap((n) => {
      try {
        return [{ name: n, size: statSync(join(this.dir, n)).size }];
      } catch {
        return [];
      }
    });
  }

  private openNew(): void {
    this.close();
    mkdirSync(this.dir, { recursive: true });
    const now = this.clock();
    const info = join(this.dir, 'machine.json');
    writeFileSync(`${info}.tmp`, `${JSON.stringify({ machine: this.machine, name: this.name })}\n`);
    renameSync(`${info}.tmp`, info);
    this.file = join(this.dir, segmentName(now));
    this.fd = openSync(this.file, 'wx', 0o600);
    const head = encodeLine(newHeader(this.machine, this.name, now));
    writeSync(this.fd, head);
    this.size = Buffer.byteLength(head);
  }

  /** Appends records and fsyncs; returns the bytes written. */
  append(records: SyncRecord[]): number {
    if (records.length === 0) return 0;
    if (this.fd === null || this.size > (this.limits.segmentBytes ?? SEGMENT_BYTES)) this.openNew();
    const text = records.map(encodeLine).join('');
    const bytes = Buffer.byteLength(text);
    writeSync(this.fd!, text);
    fsyncSync(this.fd!);
    this.size += bytes;
    this.lastWriteAt = this.clock();
    return bytes;
  }

  close(): void {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
  }

  needsCompaction(): boolean {
    const f = this.files();
    const bytes = f.reduce((n, x) => n + x.size, 0);
    return (
      f.length > (this.limits.compactFiles ?? COMPACT_FILES) ||
      bytes > (this.limits.compactBytes ?? COMPACT_BYTES)
    );
  }

  /** Writes everything current into a fresh segment, then removes every older one. */
  snapshot(src: RecordSource, db: Database.Database): number {
    const before = this.files().map((f) => f.name);
    this.openNew();
    let n = 0;
    let batch: SyncRecord[] = [];
    exportRecords(src, db, { localOnly: true }, (r) => {
      batch.push(r);
      n++;
      if (batch.length >= BATCH) {
        this.append(batch);
        batch = [];
      }
    });
    const tombs = db
      .prepare<[], { rowid: number }>('SELECT rowid FROM sync_tombstones WHERE author IS NULL ORDER BY rowid')
      .all();
    for (const t of tombs) {
      const r = src.tombstoneById(t.rowid);
      if (r) batch.push(r);
    }
    n += tombs.length;
    this.append(batch);
    const mine = this.file;
    for (const f of before) if (join(this.dir, f) !== mine) rmSync(join(this.dir, f), { force: true });
    return n;
  }
}

/** Drains the outbox into the writer: rows changed here, in records that may leave. */
export function drainOutbox(db: Database.Database, src: RecordSource, w: SegmentWriter): number {
  const take = db.prepare<[number], { kind: string; row_id: number }>(
    `SELECT kind, row_id FROM sync_outbox ORDER BY CASE kind WHEN 'session' THEN 0 WHEN 'prompt' THEN 1
       WHEN 'observation' THEN 2 WHEN 'summary' THEN 3 ELSE 4 END, row_id LIMIT ?`,
  );
  const done = db.prepare<[string, number]>('DELETE FROM sync_outbox WHERE kind = ? AND row_id = ?');
  let total = 0;
  for (;;) {
    const rows = take.all(BATCH);
    if (rows.length === 0) return total;
    src.refresh();
    const out: SyncRecord[] = [];
    for (const r of rows) {
      const rec = recordFor(src, r.kind, r.row_id);
      if (rec) out.push(rec);
    }
    w.append(out);
    total += out.length;
    db.transaction(() => {
      for (const r of rows) done.run(r.kind, r.row_id);
    }).immediate();
  }
}

function recordFor(src: RecordSource, kind: string, id: number): SyncRecord | null {
  if (kind === 'tombstone') return src.tombstoneById(id);
  if (kind === 'project') return src.projectById(id);
  if (kind === 'session') {
    const s = src.session(id);
    return s && s.origin === null && src.mayLeave(s) ? src.sessionRecord(s) : null;
  }
  const hit =
    kind === 'prompt'
      ? src.promptById(id)
      : kind === 'observation'
        ? src.observationById(id)
        : src.summaryById(id);
  return hit && hit.session.origin === null && src.mayLeave(hit.session) ? hit.record : null;
}
