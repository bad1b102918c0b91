/**
 * The in-memory coarse stage of vector search (recall/vectors/coarse.ts): the WebAssembly scan is
 * the committed build of hamming.wat, the JS quantization packs bits as sqlite-vec does, the nearest
 * rows by Hamming distance match a brute force through adds, replacements, deletions and growth,
 * and a VectorStore sees another connection's writes (the service indexing while `memtray mcp`
 * searches).
 */
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../electron/core/db/open.js';
import { CoarseIndex } from '../../electron/core/recall/vectors/coarse.js';
import { EXACT_FLOATS, loadVec, quantize, VectorStore } from '../../electron/core/recall/vectors/store.js';
import { vectorKey } from '../../electron/core/recall/vectors/texts.js';
import { compileHamming, renderModule } from '../../scripts/build-wasm.mjs';
import { MIGRATIONS_DIR, tempDir } from '../helpers/service.js';

const dir = tempDir('memtray-coarse-');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** mulberry32: no short cycles (an LCG in floating point repeats vectors here, making ties). */
let seed = 7;
function rnd(): number {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return (((t ^ (t >>> 14)) >>> 0) / 2 ** 32) * 2 - 1;
}
const vector = (dims: number): Float32Array => Float32Array.from({ length: dims }, rnd);

function hamming(a: Uint8Array, b: Uint8Array): number {
  let d = 0;
  for (let i = 0; i < a.length; i++) {
    let x = a[i]! ^ b[i]!;
    for (; x; x &= x - 1) d++;
  }
  return d;
}

describe('coarse vector index', () => {
  it('runs the WebAssembly built from hamming.wat (run scripts/build-wasm.mjs after changing it)', async () => {
    const committed = readFileSync('electron/core/recall/vectors/hamming-wasm.ts', 'utf8');
    expect(committed).toBe(renderModule(await compileHamming()));
  });

  it('quantizes as sqlite-vec does', () => {
    const { sqlite, close } = openDatabase(join(dir, 'q.db'), { migrationsDir: MIGRATIONS_DIR });
    loadVec(sqlite);
    const q = sqlite.prepare('SELECT vec_quantize_binary(?)').pluck();
    for (const dims of [8, 24, 768, 776]) {
      for (let i = 0; i < 5; i++) {
        const v = vector(dims);
        v[0] = 0; // zero is not positive
        const theirs = q.get(Buffer.from(v.buffer)) as Buffer;
        expect(Buffer.from(quantize(v)).equals(theirs), `${dims} dimensions`).toBe(true);
      }
    }
    close();
  });

  it('finds the nearest by Hamming distance through adds, replacements, deletions and growth', () => {
    const dims = 200; // 25 bytes: padded to 32 in memory
    const index = new CoarseIndex(dims / 8);
    const rows = new Map<number, Uint8Array>();
    for (let i = 0; i < 3000; i++) {
      const bits = quantize(vector(dims));
      rows.set(i * 4, bits);
      index.set(i * 4, bits);
    }
    for (let i = 0; i < 3000; i += 7) {
      const bits = quantize(vector(dims));
      rows.set(i * 4, bits);
      index.set(i * 4, bits); // replaced in place
    }
    for (let i = 0; i < 3000; i += 5) {
      rows.delete(i * 4);
      index.delete(i * 4); // the last row moves into the gap
    }
    expect(index.size).toBe(rows.size);
    for (let t = 0; t < 20; t++) {
      const q = quantize(vector(dims));
      const got = index.nearest(q, 16);
      const want = [...rows.entries()]
        .map(([key, bits]) => ({ key, d: hamming(bits, q) }))
        .sort((a, b) => a.d - b.d);
      expect(got).toHaveLength(16);
      // Same distances in the same order (rows at equal distance may come in any order).
      expect(got.map((k) => hamming(rows.get(k)!, q))).toEqual(want.slice(0, 16).map((w) => w.d));
      expect(new Set(got).size).toBe(16);
    }
    expect(index.nearest(quantize(vector(dims)), 0)).toEqual([]);
    expect(() => index.set(1, new Uint8Array(3))).toThrow(RangeError);
  });

  it("a store sees another connection's new vectors on its next search", () => {
    const file = join(dir, 'two.db');
    const dims = 256;
    const writer = openDatabase(file, { migrationsDir: MIGRATIONS_DIR });
    loadVec(writer.sqlite);
    const w = new VectorStore(writer.sqlite, { coarseLoad: 'inline' });
    w.create(dims);
    const n = Math.ceil(EXACT_FLOATS / dims) + 10; // past the exact scan: the coarse stage runs
    const vecs = Array.from({ length: n }, () => vector(dims));
    writer.sqlite.transaction(() =>
      w.put(vecs.map((v, i) => ({ key: vectorKey('observation', i + 1), vector: v }))),
    )();
    const reader = openDatabase(file, { migrationsDir: MIGRATIONS_DIR });
    loadVec(reader.sqlite);
    const r = new VectorStore(reader.sqlite, { coarseLoad: 'inline' });
    expect(r.nearest(vecs[500]!, 1)[0]).toMatchObject({ id: 501 });
    expect(w.nearest(vecs[500]!, 1)[0]).toMatchObject({ id: 501 });
    // The writer adds one and removes one: its own index follows in place, the reader's rebuilds.
    const fresh = vector(dims);
    writer.sqlite.transaction(() =>
      w.put([
        { key: vectorKey('observation', n + 1), vector: fresh },
        { key: vectorKey('observation', 501), vector: null },
      ]),
    )();
    expect(w.nearest(fresh, 1)[0]).toMatchObject({ id: n + 1, distance: expect.any(Number) });
    expect(r.nearest(fresh, 1)[0]).toMatchObject({ id: n + 1 });
    expect(r.nearest(vecs[500]!, 3).map((x) => x.id)).not.toContain(501);
    expect(w.nearest(vecs[500]!, 3).map((x) => x.id)).not.toContain(501);
    expect(w.coarseInMemory() && r.coarseInMemory()).toBe(true);
    reader.close();
    writer.close();
  });

  it('drops a load that was under way when the vectors were dropped (a model change)', async () => {
    const file = join(dir, 'drop.db');
    const dims = 256;
    const { sqlite, close } = openDatabase(file, { migrationsDir: MIGRATIONS_DIR });
    loadVec(sqlite);
    const store = new VectorStore(sqlite);
    store.create(dims);
    const n = Math.ceil(EXACT_FLOATS / dims) + 10;
    const fill = (from: number): Float32Array[] => {
      const vs = Array.from({ length: n }, () => vector(dims));
      sqlite.transaction(() =>
        store.put(vs.map((v, i) => ({ key: vectorKey('observation', from + i), vector: v }))),
      )();
      return vs;
    };
    fill(1);
    store.nearest(vector(dims), 1); // starts a load of these
    sqlite.transaction(() => store.drop())();
    store.create(dims);
    const fresh = fill(n + 1);
    await store.coarseSettled();
    expect(store.coarseInMemory(), 'what the thread read of the old table is not used').toBe(false);
    store.nearest(vector(dims), 1); // loads the new table
    await store.coarseSettled();
    expect(store.coarseInMemory()).toBe(true);
    const got = store.nearest(fresh[3]!, 5).map((x) => x.id);
    expect(got[0]).toBe(n + 4);
    expect(got.every((id) => id > n)).toBe(true);
    close();
  });

  it('loads the bits on a worker thread, answering through sqlite-vec meanwhile, and keeps its own writes made during the load', async () => {
    const file = join(dir, 'thread.db');
    const dims = 256;
    const { sqlite, close } = openDatabase(file, { migrationsDir: MIGRATIONS_DIR });
    loadVec(sqlite);
    const store = new VectorStore(sqlite); // the default: a worker thread loads the coarse bits
    store.create(dims);
    const n = Math.ceil(EXACT_FLOATS / dims) + 10;
    const vecs = Array.from({ length: n }, () => vector(dims));
    sqlite.transaction(() =>
      store.put(vecs.map((v, i) => ({ key: vectorKey('observation', i + 1), vector: v }))),
    )();
    expect(store.coarseInMemory()).toBe(false);
    // The first large search starts the load and is answered by sqlite-vec's scan, correctly.
    expect(store.nearest(vecs[99]!, 1)[0]).toMatchObject({ id: 100 });
    // Written while the thread reads: one added, one removed.
    const fresh = vector(dims);
    sqlite.transaction(() =>
      store.put([
        { key: vectorKey('observation', n + 1), vector: fresh },
        { key: vectorKey('observation', 100), vector: null },
      ]),
    )();
    await store.coarseSettled();
    expect(store.coarseInMemory(), 'loaded, and current with the writes made meanwhile').toBe(true);
    expect(store.nearest(fresh, 1)[0]).toMatchObject({ id: n + 1 });
    expect(store.nearest(vecs[99]!, 3).map((x) => x.id)).not.toContain(100);
    expect(store.nearest(vecs[7]!, 1)[0]).toMatchObject({ id: 8 });
    // Another store over the same file (a restart): warm() loads before any search.
    const again = new VectorStore(sqlite);
    expect(again.coarseInMemory()).toBe(false);
    again.warm();
    await again.coarseSettled();
    expect(again.coarseInMemory(), 'loaded by warm()').toBe(true);
    close();
  });
});
