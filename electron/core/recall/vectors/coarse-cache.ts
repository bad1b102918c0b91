/**
 * Keeps a store's in-memory coarse index (coarse.ts) current with the database.
 *
 * - **Generation.** Every write of vectors bumps `generation` in embed_meta in the same
 *   transaction. The index is used only while it reflects the stored generation.
 * - **This connection's writes** are applied to the index in place (`written`), also while a load
 *   is under way: they are kept and applied once it lands, past the generation it read.
 * - **Another connection's writes** (the service indexing while `memtray mcp` searches) make the
 *   index stale: it is loaded again, at most once per RELOAD_MS.
 * - **Loading** runs on a worker thread (coarse-load.ts); until it lands the caller takes
 *   sqlite-vec's own coarse scan. `inline` loads on the caller's thread instead (an in-memory
 *   database, or a thread that could not start).
 */
import type Database from 'better-sqlite3';
import { CoarseIndex } from './coarse.js';
import { loadCoarseInWorker } from './coarse-load.js';

/** A stale index (another connection wrote) is loaded again at most this often. */
export const RELOAD_MS = 30_000;

type Entries = Array<{ key: number; bits: Uint8Array | null }>;

export interface CoarseCacheOptions {
  table: string;
  vecPath: () => string;
  nativeBinding?: string | undefined;
  /** 'thread' (default): load on a worker thread; 'inline': on the caller's thread. */
  load?: 'thread' | 'inline';
  now?: () => number;
}

export class CoarseCache {
  private index: CoarseIndex | null = null;
  private gen = '';
  private loading: Promise<void> | null = null;
  private pending: Array<{ after: string; entries: Entries }> = [];
  private lastLoadAt = Number.NEGATIVE_INFINITY;
  private inline: boolean;
  /** Bumped by reset(): a load started before it lands into nothing (the table it read is gone). */
  private epoch = 0;

  constructor(
    private readonly db: Database.Database,
    private readonly o: CoarseCacheOptions,
  ) {
    this.inline = o.load === 'inline' || db.memory;
  }

  /** The index if it is current with `generation`, else null (and a load is started if due). */
  get(generation: string, bitBytes: number): CoarseIndex | null {
    const index = this.index;
    if (index && this.gen === generation && index.bitBytes === bitBytes) return index;
    if (this.inline) return this.loadInline(generation, bitBytes);
    const now = (this.o.now ?? Date.now)();
    if (!this.loading && now - this.lastLoadAt >= RELOAD_MS) this.startLoad(bitBytes, now);
    return null;
  }

  /** Whether searches at `generation` would use the index in memory (no side effects). */
  current(generation: string, bitBytes: number): boolean {
    return this.index !== null && this.gen === generation && this.index.bitBytes === bitBytes;
  }

  /** Resolves when no load is under way (tests, benches). */
  async settled(): Promise<void> {
    while (this.loading) await this.loading;
  }

  /** This connection wrote `entries`, moving the generation from `before` to `after`. */
  written(before: string, after: string, entries: Entries): void {
    if (this.loading) {
      this.pending.push({ after, entries });
      return;
    }
    if (this.index && this.gen === before) {
      apply(this.index, entries);
      this.gen = after;
    }
  }

  /** Forgets the index (the table was dropped or made anew). */
  reset(): void {
    this.index = null;
    this.gen = '';
    this.lastLoadAt = Number.NEGATIVE_INFINITY;
    this.epoch++;
  }

  private loadInline(generation: string, bitBytes: number): CoarseIndex {
    const index = new CoarseIndex(bitBytes);
    for (const [key, bits] of this.db
      .prepare(`SELECT rowid, coarse FROM ${this.o.table}`)
      .raw()
      .iterate() as IterableIterator<[number, Buffer]>)
      index.set(Number(key), bits);
    this.index = index;
    this.gen = generation;
    return index;
  }

  private startLoad(bitBytes: number, now: number): void {
    this.lastLoadAt = now;
    this.pending = [];
    const index = new CoarseIndex(bitBytes);
    const epoch = this.epoch;
    this.loading = loadCoarseInWorker({
      file: this.db.name,
      table: this.o.table,
      vec: this.o.vecPath(),
      bitBytes,
      rowBytes: index.rowBytes,
      nativeBinding: this.o.nativeBinding,
    })
      .then((rows) => {
        if (epoch !== this.epoch) return;
        index.load(rows.n, rows.keys, rows.bits);
        let gen = rows.generation;
        // Writes of this connection the thread did not see (committed after its read began).
        for (const p of this.pending)
          if (Number(p.after) > Number(gen)) {
            apply(index, p.entries);
            gen = p.after;
          }
        this.index = index;
        this.gen = gen;
      })
      .catch(() => {
        // No thread here (or it failed): load on this thread from now on.
        this.inline = true;
      })
      .finally(() => {
        this.loading = null;
        this.pending = [];
      });
  }
}

function apply(index: CoarseIndex, entries: Entries): void {
  for (const e of entries)
    if (e.bits) index.set(e.key, e.bits);
    else index.delete(e.key);
}
