/**
 * The vectors, in a sqlite-vec `vec0` table in the same database: each row holds the full float
 * vector (for exact cosine scores) and its binary quantization (1 bit per dimension, compared by
 * Hamming distance). Small indexes are searched exactly; past EXACT_FLOATS floats a query first
 * takes the COARSE nearest by Hamming distance (a 32× smaller scan) and re-scores those exactly.
 *
 * The table is created here, at run time, not by a migration: its dimension is the model's, and it
 * needs the extension, which is loaded on this connection only when embeddings are on. The one
 * writer of `embed_meta` (the dimension, the generation, the other keys set through `setMeta`).
 */
import type Database from 'better-sqlite3';
import { getLoadablePath } from 'sqlite-vec';
import type { Kind } from '../search-sql.js';
import { CoarseCache } from './coarse-cache.js';
import { fromKey } from './texts.js';

const TABLE = 'memtray_vectors';
/** Index sizes (rows × dimensions) searched exactly, without the binary pre-selection. */
export const EXACT_FLOATS = 2_000_000;
/** Candidates taken by Hamming distance (in memory: coarse.ts) before exact re-scoring, by default. */
export const COARSE = 48;

/** sqlite-vec's `vec_quantize_binary`: bit i (least significant first in each byte) is v[i] > 0. */
export function quantize(v: Float32Array): Uint8Array {
  const out = new Uint8Array(Math.ceil(v.length / 8));
  for (let i = 0; i < v.length; i++) if (v[i]! > 0) out[i >> 3]! |= 1 << (i & 7);
  return out;
}

export interface Near {
  kind: Kind;
  id: number;
  /** Cosine distance (0 = same direction, 2 = opposite). */
  distance: number;
}

const loaded = new WeakSet<Database.Database>();

/** sqlite-vec's extension file; in the packaged app, unpacked beside the archive (electron-builder asarUnpack). */
export const vecPath = (path: string = getLoadablePath()): string =>
  path.replace(/([\\/])app\.asar([\\/])/, '$1app.asar.unpacked$2');

/** Loads sqlite-vec on this connection (once); throws with the reason when it cannot. */
export function loadVec(db: Database.Database, path: string = getLoadablePath()): void {
  if (loaded.has(db)) return;
  db.loadExtension(vecPath(path));
  loaded.add(db);
}

export interface VectorStoreOptions {
  /** The better-sqlite3 addon the coarse-loading thread uses (the Electron app's own build). */
  nativeBinding?: string | undefined;
  /** Where the coarse index is loaded: on a worker thread (default) or on this one. */
  coarseLoad?: 'thread' | 'inline';
}

const f32 = (v: Float32Array): Buffer => Buffer.from(v.buffer, v.byteOffset, v.byteLength);

export class VectorStore {
  private dims: number | null = null;
  private rows = -1;
  /** The coarse bits in memory, loaded on the first large search (coarse-cache.ts). */
  private readonly coarse: CoarseCache;
  private warmed = false;

  constructor(
    private readonly db: Database.Database,
    opts: VectorStoreOptions = {},
  ) {
    this.coarse = new CoarseCache(db, {
      table: TABLE,
      vecPath: () => vecPath(),
      nativeBinding: opts.nativeBinding,
      ...(opts.coarseLoad ? { load: opts.coarseLoad } : {}),
    });
  }

  /** Whether a large search now scans the coarse bits in memory rather than through sqlite-vec. */
  coarseInMemory(): boolean {
    const dims = this.dimensions();
    return dims !== null && this.coarse.current(this.generation(), Math.ceil(dims / 8));
  }

  /**
   * Starts loading the coarse bits now if a large search would want them, so the first search after
   * a start does not take sqlite-vec's slower scan (the indexer calls it when it runs).
   */
  warm(): void {
    if (this.warmed) return;
    this.warmed = true;
    const dims = this.dimensions();
    if (dims === null || !this.exists() || this.count() * dims <= EXACT_FLOATS) return;
    this.coarse.get(this.generation(), Math.ceil(dims / 8));
  }

  /** Resolves once no coarse load is under way (tests, benches). */
  coarseSettled(): Promise<void> {
    return this.coarse.settled();
  }

  meta(key: string): string | null {
    const v = this.db.prepare('SELECT value FROM embed_meta WHERE key = ?').pluck().get(key) as
      string | undefined;
    return v ?? null;
  }

  setMeta(key: string, value: string | null): void {
    if (value === null) this.db.prepare('DELETE FROM embed_meta WHERE key = ?').run(key);
    else
      this.db
        .prepare(
          'INSERT INTO embed_meta(key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value',
        )
        .run(key, value);
  }

  /** The dimension of the stored vectors, or null before the first one. */
  dimensions(): number | null {
    if (this.dims !== null) return this.dims;
    const d = this.meta('dimensions');
    this.dims = d === null ? null : Number(d);
    return this.dims;
  }

  exists(): boolean {
    return (
      this.db.prepare("SELECT 1 FROM sqlite_schema WHERE name = ? AND type = 'table'").get(TABLE) !==
      undefined
    );
  }

  /** Creates the table for `dims` (after loadVec). */
  create(dims: number): void {
    this.db.exec(
      `CREATE VIRTUAL TABLE IF NOT EXISTS ${TABLE} USING vec0(coarse bit[${dims}], full float[${dims}] distance_metric=cosine)`,
    );
    this.setMeta('dimensions', String(dims));
    this.dims = dims;
    this.rows = -1;
    this.coarse.reset();
  }

  /** Drops every vector (a model change). */
  drop(): void {
    this.db.exec(`DROP TABLE IF EXISTS ${TABLE}`);
    this.setMeta('dimensions', null);
    this.bumpGeneration();
    this.dims = null;
    this.rows = 0;
    this.coarse.reset();
  }

  private generation(): string {
    return this.meta('generation') ?? '0';
  }

  private bumpGeneration(): string {
    return this.db
      .prepare(
        `INSERT INTO embed_meta(key, value) VALUES ('generation', '1')
         ON CONFLICT(key) DO UPDATE SET value = CAST(value AS INTEGER) + 1 RETURNING value`,
      )
      .pluck()
      .get() as string;
  }

  /** Writes (or replaces) vectors, and removes those given null. Inside the caller's transaction. */
  put(entries: Array<{ key: number; vector: Float32Array | null }>): void {
    const del = this.db.prepare(`DELETE FROM ${TABLE} WHERE rowid = ?`);
    const ins = this.db.prepare(
      `INSERT INTO ${TABLE}(rowid, coarse, full) VALUES (?, vec_quantize_binary(?), ?)`,
    );
    for (const e of entries) {
      del.run(BigInt(e.key));
      if (e.vector) ins.run(BigInt(e.key), f32(e.vector), f32(e.vector));
    }
    this.rows = -1;
    const after = String(this.bumpGeneration());
    // One more than it was, in this transaction (absent counts as 0).
    const before = String(Number(after) - 1);
    this.coarse.written(
      before,
      after,
      entries.map((e) => ({ key: e.key, bits: e.vector ? quantize(e.vector) : null })),
    );
  }

  count(): number {
    if (this.rows < 0)
      this.rows = this.exists()
        ? (this.db.prepare(`SELECT count(*) FROM ${TABLE}`).pluck().get() as number)
        : 0;
    return this.rows;
  }

  /** The k nearest vectors to `q` (cosine), nearest first; `coarse` candidates on a large index. */
  nearest(q: Float32Array, k: number, coarse = COARSE): Near[] {
    const dims = this.dimensions();
    if (dims === null || q.length !== dims || !this.exists()) return [];
    let rows: Array<{ rowid: number; distance: number }>;
    if (this.count() * dims <= EXACT_FLOATS) {
      rows = this.db
        .prepare(`SELECT rowid, distance FROM ${TABLE} WHERE full MATCH ? AND k = ?`)
        .all(f32(q), k) as typeof rows;
    } else {
      // In memory once loaded (coarse-cache.ts), else sqlite-vec's own scan of the same bits.
      const index = this.coarse.get(this.generation(), Math.ceil(dims / 8));
      const ids = index
        ? index.nearest(quantize(q), Math.max(coarse, k))
        : (this.db
            .prepare(`SELECT rowid FROM ${TABLE} WHERE coarse MATCH vec_quantize_binary(?) AND k = ?`)
            .pluck()
            .all(f32(q), Math.max(coarse, k)) as number[]);
      // One point lookup per candidate: a `rowid IN (…)` over vec0 would scan every full vector.
      const one = this.db
        .prepare(`SELECT vec_distance_cosine(full, ?) FROM ${TABLE} WHERE rowid = ?`)
        .pluck();
      const qb = f32(q);
      rows = ids
        .map((rowid) => ({ rowid, distance: one.get(qb, rowid) as number }))
        .sort((a, b) => a.distance - b.distance)
        .slice(0, k);
    }
    return rows.map((r) => ({ ...fromKey(Number(r.rowid)), distance: r.distance }));
  }
}
