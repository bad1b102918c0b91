/**
 * Other machines' side of the sync folder: every `<folder>/memtray/<peer>/*.mseg` is read from
 * where it was last applied, up to its last complete checksummed line (segment.ts). The records of
 * a batch and the new offset commit in one transaction, so a crash (kill -9) either applies a
 * batch and moves past it, or does neither; apply.ts is idempotent anyway, so a replaced segment
 * (compaction) read again from the start adds nothing twice. Files are opened through safe-fs.ts
 * (regular files only, never through a link, never blocking) and read in bounded windows. The one
 * writer of `sync_cursors` (how far each peer's file is applied).
 */
import type Database from 'better-sqlite3';
import { closeSync } from 'node:fs';
import { join } from 'node:path';
import { syncRecord, type ImportReport, type PeerStatus } from '../../shared/contract/sync.js';
import { withDeferredIndex } from '../db/identifiers.js';
import type { ApplyContext, Applier } from './apply.js';
import { peerName, regularSize, type Segments } from './folder.js';
import { describeFsError, openRegular } from './safe-fs.js';
import { DAMAGE_GRACE_MS, DamageLog } from './damage.js';
import { checkHeader, readLinesAt } from './segment.js';

const BATCH = 500;
const HEADER_MAX = 4096;
/** Bytes of a segment read at once (and decoded no further than the budget's records). */
const WINDOW = 1024 * 1024;

interface Cursor {
  segment: string;
  offset: number;
  records: number;
  last_at: number | null;
}

/** What one read may still do: records to apply, and a time (performance.now()) to stop by. */
export interface ReadBudget {
  left: number;
  deadline: number;
}

/** One peer's segment file, open for reading, and what its read reports to and may spend. */
interface OpenSegment {
  fd: number;
  size: number;
  peer: string;
  file: string;
  report: ImportReport;
  budget: ReadBudget;
}

export class PeerReader {
  private readonly st;
  /** Per peer: the last problem seen (a damaged line, an unreadable file), cleared when it reads. */
  readonly errors = new Map<string, string | null>();
  private readonly damage: DamageLog;

  constructor(
    private readonly db: Database.Database,
    private readonly applier: Applier,
    private readonly clock: () => number,
    graceMs = DAMAGE_GRACE_MS,
  ) {
    this.damage = new DamageLog(clock, graceMs);
    this.st = {
      get: db.prepare<[string, string], Cursor>(
        'SELECT segment, offset, records, last_at FROM sync_cursors WHERE peer = ? AND file = ?',
      ),
      put: db.prepare<[Record<string, unknown>]>(
        `INSERT INTO sync_cursors (peer, file, segment, offset, records, last_at, updated_at)
         VALUES (@peer, @file, @segment, @offset, @records, @lastAt, @now)
         ON CONFLICT (peer, file) DO UPDATE SET segment = excluded.segment, offset = excluded.offset,
           records = excluded.records, last_at = excluded.last_at, updated_at = excluded.updated_at`,
      ),
      files: db.prepare<[string], { file: string }>('SELECT file FROM sync_cursors WHERE peer = ?'),
      drop: db.prepare<[string, string]>('DELETE FROM sync_cursors WHERE peer = ? AND file = ?'),
    };
  }

  /**
   * Reads new complete records of one peer within `budget` (the caller reads on later, so a large
   * backlog does not hold the event loop); returns how many were applied.
   */
  readPeer(root: string, peer: string, list: Segments, report: ImportReport, budget: ReadBudget): number {
    const dir = join(root, peer);
    let applied = 0;
    let problem: string | null = list.truncated ? 'too many files in its folder: not all listed' : null;
    for (const r of list.refused) problem ??= `${r.name}: ${r.why}`;
    for (const file of list.files) {
      if (budget.left <= 0) break;
      try {
        applied += this.readFile(dir, peer, file, report, budget);
      } catch (err) {
        // A file gone since it was listed (compacted away) is not a problem.
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT')
          problem = `${file}: ${describeFsError(err)}`.slice(0, 300);
      }
    }
    const present = new Set([...list.files, ...list.refused.map((r) => r.name)]);
    // Segments the peer compacted away: their cursors go too (only when the whole folder was seen).
    if (!list.truncated)
      for (const { file } of this.st.files.all(peer)) if (!present.has(file)) this.st.drop.run(peer, file);
    this.errors.set(peer, problem ?? this.damage.problem(peer, present));
    return applied;
  }

  private readFile(
    dir: string,
    peer: string,
    file: string,
    report: ImportReport,
    budget: ReadBudget,
  ): number {
    const { fd, size } = openRegular(join(dir, file));
    try {
      let cur = this.st.get.get(peer, file);
      if (cur && size === cur.offset) return 0;
      // The header: a different segment id under the same name is a replaced file, read from the start.
      // A header is a few hundred bytes: anything longer is not one (and costs one small read).
      const head = readLinesAt(fd, size, 0, { bytes: HEADER_MAX, lines: 1, maxLine: HEADER_MAX });
      const first = head.lines[0];
      if (!first) {
        if (head.stop && head.stop !== 'torn') this.damage.set(peer, file, 'damaged header');
        return 0;
      }
      const h = checkHeader(first.value, peer);
      if (typeof h === 'string') {
        this.damage.set(peer, file, h);
        return 0;
      }
      if (!cur || cur.segment !== h.id || size < cur.offset)
        cur = { segment: h.id, offset: first.end, records: 0, last_at: null };
      const applied = this.readBody({ fd, size, peer, file, report, budget }, cur);
      if (!this.st.get.get(peer, file))
        this.st.put.run({ peer, file, ...cur, lastAt: cur.last_at, now: this.clock() });
      return applied;
    } finally {
      closeSync(fd);
    }
  }

  /** Applies the records after `cur` (moved on as they commit), a window and a batch at a time. */
  private readBody(seg: OpenSegment, cur: Cursor): number {
    const { fd, size, peer, file, report, budget } = seg;
    let applied = 0;
    const ctx = { author: peer, report };
    for (;;) {
      const r = readLinesAt(fd, size, cur.offset, { bytes: WINDOW, lines: budget.left });
      for (let i = 0; i < r.lines.length; i += BATCH) {
        const part = r.lines.slice(i, i + BATCH);
        const next: Cursor = { ...cur, offset: part[part.length - 1]!.end };
        // Rows and offset in one transaction; new memories indexed once at its end.
        this.db
          .transaction(() =>
            withDeferredIndex(this.db, () => {
              for (const l of part) this.applyLine(l.value, next, ctx);
              this.st.put.run({ peer, file, ...next, lastAt: next.last_at, now: this.clock() });
            }),
          )
          .immediate();
        applied += part.length;
        Object.assign(cur, next);
        budget.left -= part.length;
        if (budget.left > 0 && performance.now() >= budget.deadline) budget.left = 0;
        if (budget.left <= 0) return applied;
      }
      if (r.stop !== null && r.stop !== 'torn') {
        // Waited on, or skipped once it stayed damaged for the grace time (damage.ts).
        const resume = this.damage.damaged(peer, file, cur.segment, r.stop);
        if (resume === null) break;
        cur.offset = resume;
        this.st.put.run({ peer, file, ...cur, lastAt: cur.last_at, now: this.clock() });
        continue;
      }
      this.damage.clear(peer, file);
      if (r.lines.length === 0 || r.stop === 'torn' || cur.offset >= r.size) break;
    }
    return applied;
  }

  private applyLine(value: unknown, next: Cursor, ctx: ApplyContext): void {
    const rec = syncRecord.safeParse(value);
    if (!rec.success) {
      ctx.report.invalid++;
      return;
    }
    this.applier.apply(rec.data, ctx);
    next.records++;
    const at = 'updatedAt' in rec.data ? rec.data.updatedAt : 'at' in rec.data ? rec.data.at : null;
    if (at !== null && at > (next.last_at ?? 0)) next.last_at = at;
  }

  /** Status of one peer (what is there, what was applied), and the bytes of its segments. */
  status(root: string, peer: string, list: Segments): { status: PeerStatus; bytes: number } {
    const dir = join(root, peer);
    let lastSeenAt: number | null = null;
    let present = 0;
    let appliedBytes = 0;
    let records = 0;
    let lastAppliedAt: number | null = null;
    for (const file of list.files) {
      const s = regularSize(join(dir, file));
      if (!s) continue;
      present += s.size;
      lastSeenAt = Math.max(lastSeenAt ?? 0, Math.round(s.mtimeMs));
      const c = this.st.get.get(peer, file);
      if (c) {
        appliedBytes += c.offset;
        records += c.records;
        if (c.last_at !== null) lastAppliedAt = Math.max(lastAppliedAt ?? 0, c.last_at);
      }
    }
    const status = {
      machine: peer,
      name: peerName(dir),
      lastSeenAt,
      lastAppliedAt,
      lagBytes: Math.max(0, present - appliedBytes),
      records,
      error: this.errors.get(peer) ?? null,
    };
    return { status, bytes: present };
  }
}
