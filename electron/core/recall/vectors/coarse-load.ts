/**
 * Reads every vector's coarse bits on a worker thread, with its own read-only connection and one
 * read transaction (so the bits and the `generation` they reflect agree), and hands them back as
 * transferred buffers. Reading them through the vec0 table costs ~4.4 µs a row (measured: 0.35 s at
 * 100k, 4.4 s at 1M): on the service's thread that would stall hooks; here it stalls nothing, and
 * searches meanwhile take sqlite-vec's own coarse scan (store.ts). The thread exits after the read.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

export interface CoarseRows {
  /** embed_meta `generation` at the read. */
  generation: string;
  n: number;
  keys: Float64Array;
  /** Row i at i × rowBytes, zero-padded from bitBytes to rowBytes. */
  bits: Uint8Array;
}

// CommonJS, evaluated in the worker (no literal require call: see db/checkpointer.ts).
const SOURCE = `
const load = require;
const { parentPort, workerData: w } = load('node:worker_threads');
const Database = load(w.module);
const db = new Database(w.file, { readonly: true, ...(w.nativeBinding ? { nativeBinding: w.nativeBinding } : {}) });
try {
  db.loadExtension(w.vec);
  db.exec('BEGIN');
  const generation = db.prepare("SELECT value FROM embed_meta WHERE key = 'generation'").pluck().get() ?? '0';
  let cap = 4096, n = 0;
  let keys = new Float64Array(cap), bits = new Uint8Array(cap * w.rowBytes);
  for (const [key, b] of db.prepare('SELECT rowid, coarse FROM ' + w.table).raw().iterate()) {
    if (b.length !== w.bitBytes) throw new Error('coarse vector of ' + b.length + ' bytes, expected ' + w.bitBytes);
    if (n === cap) {
      cap *= 2;
      const k = new Float64Array(cap); k.set(keys); keys = k;
      const x = new Uint8Array(cap * w.rowBytes); x.set(bits); bits = x;
    }
    keys[n] = Number(key);
    bits.set(b, n * w.rowBytes);
    n++;
  }
  db.exec('COMMIT');
  parentPort.postMessage({ generation: String(generation), n, keys, bits }, [keys.buffer, bits.buffer]);
} finally {
  db.close();
}
`;

export function loadCoarseInWorker(o: {
  file: string;
  table: string;
  vec: string;
  bitBytes: number;
  rowBytes: number;
  nativeBinding?: string | undefined;
}): Promise<CoarseRows> {
  return new Promise((resolve, reject) => {
    let worker: Worker;
    try {
      worker = new Worker(SOURCE, {
        eval: true,
        workerData: {
          module: createRequire(import.meta.url).resolve('better-sqlite3'),
          nativeBinding: o.nativeBinding ?? null,
          file: o.file,
          table: o.table,
          vec: o.vec,
          bitBytes: o.bitBytes,
          rowBytes: o.rowBytes,
        },
      });
    } catch (err) {
      reject(err as Error);
      return;
    }
    // Not unref'd: a caller awaiting the load keeps the process alive until the read is done
    // (the thread ends by itself after it: at most a few seconds at a million vectors).
    let got: CoarseRows | null = null;
    worker.once('message', (m: CoarseRows) => (got = m));
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (got) resolve(got);
      else reject(new Error(`the coarse-vector reader exited (${code}) without rows`));
    });
  });
}
