/**
 * This machine's side of the sync folder: its own segment files (one writer, append only, a new
 * segment per start and past SEGMENT_BYTES, fsynced per batch) and the outbox drain that fills
 * them. A crash between the append and the outbox delete writes some records twice; readers apply
 * them once (apply.ts is idempotent). A write that stops short (a full disk) is cut back to its
 * last whole line and only the records that reached the file leave the outbox; the rest are
 * written by a later try. Nothing is written through a link (safe-fs.ts). Compaction writes one
 * snapshot segment of everything current and then removes the older ones.
 *
 * A sync engine may change this machine's files too: Syncthing replaces a file with another
 * device's version by renaming over it (or renames it away as a conflict copy), Dropbox and OneDrive
 * restore older copies, git checks files out anew. Before each append the writer checks that its
 * segment is still the file under its name, at the size it left it; when it is not, appends go to
 * a new segment and the engine writes a snapshot, since the folder may no longer hold what the old
 * segment did.
 */
import type Database from 'better-sqlite3';
import {
  closeSync,
  constants,
  fstatSync,
  fsyncSync,
  ftruncateSync,
  lstatSync,
  openSync,
  rmSync,
  unlinkSync,
} from 'node:fs';
import { join } from 'node:path';
import type { SyncRecord } from '../../shared/contract/sync.js';
import { encodeLine, newHeader, SEGMENT_EXT, segmentName } from './segment.js';
import type { RecordSource } from './records.js';
import { exportRecords } from './archive.js';
import { listDir, regularSize } from './folder.js';
import { ensureRealDir, replaceFile, ShortWriteError, writeAll } from './safe-fs.js';

const SEGMENT_BYTES = 8 * 1024 * 1024;
/** Compact when this machine's segments pass either bound. */
const COMPACT_FILES = 32;
const COMPACT_BYTES = 64 * 1024 * 1024;
const BATCH = 2000;

/** A new segment: created, never opened through a link or over an existing file. */
const NEW_FILE = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0);

/** An append that did not complete: the first `records` of its records are in the file, fsynced. */
export class AppendError extends Error {
  constructor(
    readonly records: number,
    readonly reason: unknown,
  ) {
    super(`${(reason as Error).message ?? String(reason)}`);
  }
}

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
  /** The open segment was replaced, moved or changed by something else since the last snapshot. */
  private replaced = false;
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
    return listDir(this.dir, (e) => e.isFile() && e.name.endsWith(SEGMENT_EXT))
      .entries.map((e) => e.name)
      .sort()
      .flatMap((name) => {
        const s = regularSize(join(this.dir, name));
        return s ? [{ name, size: s.size }] : [];
      });
  }

  /** Starts a segment now (a folder's first use shows this machine there before anything is written). */
  open(): void {
    if (this.fd === null) this.openNew();
  }

  private openNew(): void {
    this.close();
    ensureRealDir(this.dir);
    const now = this.clock();
    replaceFile(
      join(this.dir, 'machine.json'),
      `${JSON.stringify({ machine: this.machine, name: this.name })}\n`,
    );
    const file = join(this.dir, segmentName(now));
    const fd = openSync(file, NEW_FILE, 0o600);
    try {
      const head = Buffer.from(encodeLine(newHeader(this.machine, this.name, now)));
      writeAll(fd, head, 0);
      this.size = head.length;
    } catch (err) {
      closeSync(fd);
      unlinkSync(file);
      throw err;
    }
    this.fd = fd;
    this.file = file;
  }

  /**
   * Appends records and fsyncs them; returns the bytes written. When the write stops short, the
   * file is cut back to its last whole line and AppendError says how many records it holds.
   */
  append(records: SyncRecord[]): number {
    if (records.length === 0) return 0;
    if (this.fd !== null && !this.stillOurs()) {
      this.replaced = true;
      this.close();
    }
    if (this.fd === null || this.size > (this.limits.segmentBytes ?? SEGMENT_BYTES)) this.openNew();
    const fd = this.fd!;
    const lines = records.map((r) => Buffer.from(encodeLine(r)));
    const data = Buffer.concat(lines);
    try {
      writeAll(fd, data, this.size);
      fsyncSync(fd);
    } catch (err) {
      throw new AppendError(this.cutBack(fd, lines, err), err);
    }
    this.size += data.length;
    this.lastWriteAt = this.clock();
    return data.length;
  }

  /**
   * After a failed append: keeps the whole lines that reached the file, cuts the torn one off and
   * fsyncs; returns how many records are kept. When that fails too (or the fsync did), the segment
   * is left as it is, none is counted as written, and the next append starts a new segment.
   */
  private cutBack(fd: number, lines: Buffer[], err: unknown): number {
    if (!(err instanceof ShortWriteError)) {
      this.close();
      return 0;
    }
    let whole = 0;
    let bytes = 0;
    for (const l of lines) {
      if (bytes + l.length > err.written) break;
      bytes += l.length;
      whole++;
    }
    try {
      ftruncateSync(fd, this.size + bytes);
      fsyncSync(fd);
      this.size += bytes;
      return whole;
    } catch {
      this.close();
      return 0;
    }
  }

  /** Whether the open segment is still the file under its name, at the size this writer left it. */
  private stillOurs(): boolean {
    try {
      const open = fstatSync(this.fd!);
      const there = lstatSync(this.file!);
      return there.ino === open.ino && there.dev === open.dev && open.size === this.size;
    } catch {
      return false;
    }
  }

  /** True once after an append found its segment replaced or changed (the engine then snapshots). */
  takeReplaced(): boolean {
    const r = this.replaced;
    this.replaced = false;
    return r;
  }

  close(): void {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
    this.file = null;
  }

  needsCompaction(): boolean {
    const f = this.files();
    const bytes = f.reduce((n, x) => n + x.size, 0);
    return (
      f.length > (this.limits.compactFiles ?? COMPACT_FILES) ||
      bytes > (this.limits.compactBytes ?? COMPACT_BYTES)
    );
  }

  /**
   * Writes everything current into a fresh segment, then removes every older one. A snapshot that
   * fails midway is removed (the older segments still hold everything) and the error thrown.
   */
  snapshot(src: RecordSource, db: Database.Database): number {
    const before = this.files().map((f) => f.name);
    this.openNew();
    const mine = this.file!;
    try {
      return this.fillSnapshot(src, db, before, mine);
    } catch (err) {
      this.close();
      rmSync(mine, { force: true });
      throw err;
    }
  }

  private fillSnapshot(src: RecordSource, db: Database.Database, before: string[], mine: string): number {
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
    for (const f of before) if (join(this.dir, f) !== mine) rmSync(join(this.dir, f), { force: true });
    return n;
  }
}
