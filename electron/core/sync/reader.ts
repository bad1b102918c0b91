/**
 * Other machines' side of the sync folder: every `<folder>/memtray/<peer>/*.mseg` is read from
 * where it was last applied, up to its last complete checksummed line (segment.ts). The records of
 * a batch and the new offset commit in one transaction, so a crash (kill -9) either applies a
 * batch and moves past it, or does neither; apply.ts is idempotent anyway, so a replaced segment
 * (compaction) read again from the start adds nothing twice.
 */
import type Database from 'better-sqlite3';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import {
  machineIdSchema,
  syncRecord,
  type ImportReport,
  type PeerStatus,
} from '../../shared/contract/sync.js';
import { withDeferredIndex } from '../db/identifiers.js';
import type { ApplyContext, Applier } from './apply.js';
import { readLines, SEGMENT_EXT, segmentHeader } from './segment.js';

const BATCH = 500;

interface Cursor {
  segment: string;
  offset: number;
  records: number;
  last_at: number | null;
}

export class PeerReader {
  private readonly st;
  /** Per peer: the last problem seen (a damaged line, an unreadable file), cleared when it reads. */
  readonly errors = new Map<string, string | null>();

  constructor(
    private readonly db: Database.Database,
    private readonly applier: Applier,
    private readonly clock: () => number,
  ) {
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

  /** Peer machine ids present in the folder (every folder but ours). */
  peers(root: string, self: string): string[] {
    try {
      return readdirSync(root).filter((n) => n !== self && machineIdSchema.safeParse(n).success);
    } catch {
      return [];
    }
  }

  static segments(dir: string): string[] {
    try {
      return readdirSync(dir)
        .filter((n) => n.endsWith(SEGMENT_EXT))
        .sort();
    } catch {
      return [];
    }
  }

  /**
   * Reads new complete records of one peer, at most `budget.left` of them (the caller reads on
   * later, so a large backlog does not hold the event loop); returns how many were applied.
   */
  readPeer(root: string, peer: string, report: ImportReport, budget = { left: Infinity }): number {
    const dir = join(root, peer);
    const files = PeerReader.segments(dir);
    let applied = 0;
    let problem: string | null = null;
    for (const file of files) {
      try {
        if (budget.left > 0) applied += this.readFile(dir, peer, file, report, budget);
      } catch (err) {
        problem = `${file}: ${(err as Error).message}`.slice(0, 300);
      }
    }
    // Segments the peer compacted away: their cursors go too.
    const present = new Set(files);
    for (const { file } of this.st.files.all(peer)) if (!present.has(file)) this.st.drop.run(peer, file);
    for (const [key, why] of this.damaged) {
      const [p, file] = key.split('/') as [string, string];
      if (p !== peer) continue;
      if (!present.has(file)) this.damaged.delete(key);
      else problem ??= `${file}: ${why}`;
    }
    this.errors.set(peer, problem);
    return applied;
  }

  private readonly damaged = new Map<string, string>();

  private readFile(
    dir: string,
    peer: string,
    file: string,
    report: ImportReport,
    budget: { left: number },
  ): number {
    const path = join(dir, file);
    let cur = this.st.get.get(peer, file);
    const size = statSync(path).size;
    if (cur && size === cur.offset) return 0;
    // The header: a different segment id under the same name is a replaced file, read from the start.
    const head = readLines(path, 0, 4096);
    const first = head.lines[0];
    if (!first) {
      if (head.stop && head.stop !== 'torn') this.damaged.set(`${peer}/${file}`, 'damaged header');
      return 0;
    }
    const h = segmentHeader.safeParse(first.value);
    if (!h.success || h.data.machine !== peer) {
      this.damaged.set(`${peer}/${file}`, 'not a segment of this machine');
      return 0;
    }
    if (!cur || cur.segment !== h.data.id || size < cur.offset)
      cur = { segment: h.data.id, offset: first.end, records: 0, last_at: null };
    let applied = 0;
    const ctx = { author: peer, report };
    for (;;) {
      const r = readLines(path, cur.offset, 4 * 1024 * 1024);
      const lines = r.lines;
      for (let i = 0; i < lines.length; i += BATCH) {
        const part = lines.slice(i, i + BATCH);
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
        cur = next;
        budget.left -= part.length;
        if (budget.left <= 0) return applied;
      }
      if (r.stop !== null && r.stop !== 'torn') {
        this.damaged.set(
          `${peer}/${file}`,
          `damaged record at byte ${r.stop.damagedAt} (waiting for a whole copy)`,
        );
        break;
      }
      this.damaged.delete(`${peer}/${file}`);
      if (lines.length === 0 || r.stop === 'torn' || cur.offset >= r.size) break;
    }
    if (cur.offset === first.end && !this.st.get.get(peer, file))
      this.st.put.run({ peer, file, ...cur, lastAt: cur.last_at, now: this.clock() });
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

  /** Bytes of one peer's segments. */
  static bytes(root: string, peer: string): number {
    let n = 0;
    for (const f of PeerReader.segments(join(root, peer))) {
      try {
        n += statSync(join(root, peer, f)).size;
      } catch {
        // vanished meanwhile
      }
    }
    return n;
  }

  /** Status of one peer: what is there, what was applied. */
  status(root: string, peer: string): PeerStatus {
    const dir = join(root, peer);
    let lastSeenAt: number | null = null;
    let present = 0;
    let appliedBytes = 0;
    let records = 0;
    let lastAppliedAt: number | null = null;
    for (const file of PeerReader.segments(dir)) {
      try {
        const s = statSync(join(dir, file));
        present += s.size;
        lastSeenAt = Math.max(lastSeenAt ?? 0, Math.round(s.mtimeMs));
      } catch {
        continue;
      }
      const c = this.st.get.get(peer, file);
      if (c) {
        appliedBytes += c.offset;
        records += c.records;
        if (c.last_at !== null) lastAppliedAt = Math.max(lastAppliedAt ?? 0, c.last_at);
      }
    }
    return {
      machine: peer,
      name: peerName(dir),
      lastSeenAt,
      lastAppliedAt,
      lagBytes: Math.max(0, present - appliedBytes),
      records,
      error: this.errors.get(peer) ?? null,
    };
  }
}

function peerName(dir: string): string | null {
  try {
    const v = JSON.parse(readFileSync(join(dir, 'machine.json'), 'utf8').slice(0, 4096)) as {
      name?: unknown;
    };
    return typeof v.name === 'string' ? v.name.slice(0, 64) : null;
  } catch {
    return null;
  }
}
