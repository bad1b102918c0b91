/**
 * Search with meaning: the query's vector (from the configured provider, cached), its nearest
 * memories, fused with the lexical ranking (fuse.ts). With no provider configured, or before any
 * vector exists, this is the lexical search and nothing else runs. A provider that is down, slow
 * or answers the wrong dimension costs at most one bounded wait: the lexical result is returned,
 * Health says why, and the provider is not asked again for a while.
 */
import type { SearchEngine, SearchParams, SearchResult } from '../search.js';
import type { Indexer } from './indexer.js';
import { signature } from './indexer.js';
import { MAX_CHARS } from './texts.js';

export interface HybridOptions {
  /** The longest a search waits for the query's vector (default 1.5 s). */
  queryTimeoutMs?: number;
  /** After a failed query embedding, searches stay lexical this long (default 30 s). */
  cooldownMs?: number;
  clock?: () => number;
}

const CACHE = 256;
/**
 * Neighbours fetched from the index, and candidates pre-selected on a large one (more when filters
 * may drop many). Past rank ~30 a neighbour's fused score (1 / (60 + rank)) cannot lift it into a
 * first page on its own.
 */
export const NEAREST = { k: 30, coarse: 32 };
export const NEAREST_FILTERED = { k: 100, coarse: 120 };

export class HybridSearch {
  private readonly cache = new Map<string, Float32Array>();
  private downUntil = 0;

  constructor(
    private readonly engine: SearchEngine,
    private readonly indexer: Indexer,
    private readonly opts: HybridOptions = {},
  ) {}

  async search(p: SearchParams): Promise<SearchResult> {
    if (p.q.trim() === '' || !this.indexer.active() || this.indexer.store.dimensions() === null)
      return this.engine.search(p);
    const v = await this.queryVector(p.q.slice(0, MAX_CHARS));
    if (!v) return this.engine.search(p);
    const filtered =
      p.project !== undefined ||
      p.agent !== undefined ||
      p.type !== undefined ||
      p.file !== undefined ||
      p.kinds !== undefined;
    const n = filtered ? NEAREST_FILTERED : NEAREST;
    let near;
    try {
      near = this.indexer.store.nearest(v, n.k, n.coarse);
    } catch (err) {
      // E.g. another process re-created the index at a new dimension since this one looked.
      this.indexer.noteQueryError(`search ran lexical only: ${(err as Error).message.slice(0, 200)}`);
      return this.engine.search(p);
    }
    return this.engine.search(p, near);
  }

  private async queryVector(q: string): Promise<Float32Array | null> {
    const now = (this.opts.clock ?? Date.now)();
    const key = `${signature(this.indexer.settingsNow())}\0${q}`;
    const hit = this.cache.get(key);
    if (hit) {
      this.cache.delete(key);
      this.cache.set(key, hit);
      return hit;
    }
    if (now < this.downUntil) return null;
    const client = this.indexer.client(this.opts.queryTimeoutMs ?? 1_500);
    if (!client) return null;
    try {
      const [v] = await client.embed([q], 'query');
      const dims = this.indexer.store.dimensions();
      if (!v || v.length !== dims)
        throw new Error(`wrong dimension: the index holds ${dims}, the query vector has ${v?.length ?? 0}`);
      this.indexer.noteQueryError(null);
      this.cache.set(key, v);
      if (this.cache.size > CACHE) this.cache.delete(this.cache.keys().next().value!);
      return v;
    } catch (err) {
      this.downUntil = now + (this.opts.cooldownMs ?? 30_000);
      this.indexer.noteQueryError(`search ran lexical only: ${(err as Error).message}`);
      return null;
    }
  }
}
