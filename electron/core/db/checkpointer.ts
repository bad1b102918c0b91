/**
 * WAL checkpoints on a background thread. SQLite's automatic checkpoint runs inside whichever
 * COMMIT crosses the threshold: on the ingest path that is the main thread copying megabytes back
 * into the database (and syncing) while hooks wait. Here a worker thread with its own connection
 * runs `wal_checkpoint(PASSIVE)` every `intervalMs` (it never blocks the writer), and the main
 * connection's own threshold is raised to a fallback that only matters if this thread falls behind
 * or is gone. Anything going wrong here costs speed, never data: the WAL stays valid either way.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type Database from 'better-sqlite3';
import type { Logger } from '../util/logger.js';

/** Pages the main connection lets the WAL reach before checkpointing itself (about 40 MB). */
export const FALLBACK_AUTOCHECKPOINT_PAGES = 10_000;

// CommonJS, evaluated in the worker: no build step or extra file to ship. (No literal require call:
// electron-vite would take this bundle for CommonJS and insert its shim in the wrong place.)
const WORKER_SOURCE = `
const load = require;
const { parentPort, workerData } = load('node:worker_threads');
const Database = load(workerData.module);
const db = new Database(workerData.file, workerData.nativeBinding ? { nativeBinding: workerData.nativeBinding } : {});
db.pragma('busy_timeout = 0');
db.pragma('synchronous = NORMAL');
const ran = new Int32Array(workerData.ran);
let last = '';
const tick = () => {
  Atomics.add(ran, 0, 1);
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
    last = '';
  } catch (err) {
    const m = String(err && err.message);
    if (m !== last) parentPort.postMessage({ error: m });
    last = m;
  }
};
const timer = setInterval(tick, workerData.intervalMs);
parentPort.on('message', () => {
  clearInterval(timer);
  try { tick(); db.close(); } catch {}
  parentPort.close();
});
`;

export interface Checkpointer {
  /** Checkpoints attempted by the thread so far. */
  checkpoints(): number;
  stop(): Promise<void>;
}

export function startCheckpointer(
  sqlite: Database.Database,
  opts: { file: string; nativeBinding?: string; intervalMs?: number; logger: Logger },
): Checkpointer | null {
  const ran = new Int32Array(new SharedArrayBuffer(4));
  let worker: Worker;
  try {
    worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: {
        module: createRequire(import.meta.url).resolve('better-sqlite3'),
        file: opts.file,
        nativeBinding: opts.nativeBinding ?? null,
        intervalMs: opts.intervalMs ?? 250,
        ran: ran.buffer,
      },
    });
  } catch (err) {
    opts.logger.warn('WAL checkpoints stay on the main thread', { err: err as Error });
    return null;
  }
  worker.unref();
  const previous = sqlite.pragma('wal_autocheckpoint', { simple: true }) as number;
  sqlite.pragma(`wal_autocheckpoint = ${FALLBACK_AUTOCHECKPOINT_PAGES}`);
  // A WAL that grew during a burst is cut back to this size once it restarts from the beginning.
  sqlite.pragma('journal_size_limit = 16777216');
  let alive = true;
  const gone = (why: string): void => {
    if (!alive) return;
    alive = false;
    if (sqlite.open) sqlite.pragma(`wal_autocheckpoint = ${previous}`);
    opts.logger.warn('background WAL checkpoints stopped; SQLite checkpoints on commit again', { why });
  };
  worker.on('message', (m: { error?: string }) => {
    if (m.error) opts.logger.warn('background WAL checkpoint failed', { error: m.error });
  });
  worker.on('error', (err) => gone(err.message));
  worker.on('exit', (code) => gone(`exit ${code}`));
  return {
    checkpoints: () => Atomics.load(ran, 0),
    stop: async () => {
      if (!alive) return;
      alive = false;
      const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
      worker.postMessage('stop');
      const timeout = new Promise<void>((resolve) => setTimeout(resolve, 2_000).unref());
      await Promise.race([exited, timeout]);
      await worker.terminate();
    },
  };
}
