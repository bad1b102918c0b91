/**
 * The vector store and the fusion on their own, over a real SQLite file with sqlite-vec loaded:
 * exact search on a small index, binary pre-selection + exact re-scoring past EXACT_FLOATS, and
 * reciprocal rank fusion.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../electron/core/db/open.js';
import { fuse } from '../../electron/core/recall/vectors/fuse.js';
import { EXACT_FLOATS, loadVec, VectorStore } from '../../electron/core/recall/vectors/store.js';
import { fromKey, vectorKey } from '../../electron/core/recall/vectors/texts.js';
import { MIGRATIONS_DIR, tempDir } from '../helpers/service.js';

const dir = tempDir('memtray-vec-');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function seeded(n: number, dims: number): { store: VectorStore; vecs: Float32Array[]; close(): void } {
  const { sqlite, close } = openDatabase(join(dir, `v-${n}-${dims}.db`), { migrationsDir: MIGRATIONS_DIR });
  loadVec(sqlite);
  const store = new VectorStore(sqlite);
  store.create(dims);
  let seed = n;
  const rnd = (): number => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31) * 2 - 1;
  const vecs = Array.from({ length: n }, () => Float32Array.from({ length: dims }, rnd));
  sqlite.transaction(() =>
    store.put(vecs.map((v, i) => ({ key: vectorKey('observation', i + 1), vector: v }))),
  )();
  return { store, vecs, close };
}

/** The true nearest by cosine, computed here. */
function bruteForce(vecs: Float32Array[], q: Float32Array, k: number): number[] {
  const cos = (a: Float32Array): number => {
    let d = 0;
    let na = 0;
    let nb = 0;
    for (let i = 0; i < a.length; i++) {
      d += a[i]! * q[i]!;
      na += a[i]! ** 2;
      nb += q[i]! ** 2;
    }
    return 1 - d / Math.sqrt(na * nb);
  };
  return vecs
    .map((v, i) => ({ id: i + 1, d: cos(v) }))
    .sort((a, b) => a.d - b.d)
    .slice(0, k)
    .map((x) => x.id);
}

describe('VectorStore', () => {
  it('keys carry kind and id', () => {
    for (const kind of ['observation', 'summary', 'prompt'] as const)
      expect(fromKey(vectorKey(kind, 123_456_789))).toEqual({ kind, id: 123_456_789 });
  });

  it('searches a small index exactly', () => {
    const { store, vecs, close } = seeded(300, 32);
    const q = vecs[41]!.map((x, i) => x + (i % 3 === 0 ? 0.05 : 0));
    const got = store.nearest(q, 10);
    expect(got.map((n) => n.id)).toEqual(bruteForce(vecs, q, 10));
    expect(got[0]).toMatchObject({ kind: 'observation', id: 42 });
    expect(store.nearest(new Float32Array(31), 5)).toEqual([]); // wrong dimension: nothing, no throw
    close();
  });

  it('past EXACT_FLOATS, pre-selects by Hamming distance and re-scores exactly', () => {
    const dims = 256;
    const n = Math.ceil(EXACT_FLOATS / dims) + 50;
    const { store, vecs, close } = seeded(n, dims);
    expect(store.count() * dims).toBeGreaterThan(EXACT_FLOATS);
    const q = vecs[1234]!.map((x, i) => x + (i % 7 === 0 ? 0.1 : 0));
    const got = store.nearest(q, 5, 48);
    expect(got[0]?.id).toBe(1235);
    // Re-scored: distances ascend and are the true cosine distances of those rows.
    expect(got.map((g) => g.distance)).toEqual([...got.map((g) => g.distance)].sort((a, b) => a - b));
    expect(got[0]!.distance).toBeLessThan(0.05);
    close();
  });
});

describe('fuse', () => {
  const hit = (id: number) => ({ kind: 'observation' as const, id, score: 1, match: 'x', needles: [] });
  it('ranks agreement first, then either list, keeping lexical hits’ snippet source', () => {
    const out = fuse(
      [hit(1), hit(2), hit(3)],
      [
        { kind: 'observation', id: 3, distance: 0.1 },
        { kind: 'prompt', id: 9, distance: 0.2 },
      ],
      ['log'],
    );
    expect(out.map((h) => `${h.kind}:${h.id}`)).toEqual([
      'observation:3',
      'observation:1',
      'observation:2', // a tie at the same rank: the lexical hit first
      'prompt:9',
    ]);
    expect(out.find((h) => h.kind === 'prompt')).toMatchObject({ match: null, needles: ['log'] });
    expect(out.find((h) => h.id === 3)?.match).toBe('x');
  });
});
