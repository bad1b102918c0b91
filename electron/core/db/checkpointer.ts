/**
 * WAL checkpoints on a background thread. SQLite's automatic checkpoint runs inside whichever
 * COMMIT crosses the threshold: on the ingest path that is the main thread copying megabytes back
 * into the database (and syncing) while hooks wait. Here a worker thread with its own connection
 * runs `wal_checkpoint(PASSIVE)` (it never blocks the writer), and the main connection's own
 * threshold is raised to a fallback that only matters if this thread falls behind or is gone.
 * A passive checkpoint never lets the WAL start over while writes keep coming (SQLite restarts it
 * only once all of it is copied back), so under a sustained flood the thread restarts it itself at
 * `RESTART_PAGES`, holding the write lock for the last few milliseconds of copying; otherwise the WAL
 * would grow to the fallback and the main thread would checkpoint inside a hook's COMMIT (10-20 ms
 * COMMITs, half of them waiting on the fsync). Anything going wrong here costs speed, never data:
 * the WAL stays valid either way.
 *
 * The thread sleeps while nothing is written: no timer runs there while the service is idle. The
 * main connection's writes (db/write-signal.ts) raise a flag shared with the thread; the first write
 * after the flag was cleared also posts a message, which arms one timer: `intervalMs` later the
 * thread clears the flag and checkpoints. So while writes keep coming there is one message and one
 * checkpoint per interval, and after the last write one more checkpoint. A checkpoint that could not
 * finish (another connection reading an older snapshot, another checkpoint running, an error) is
 * retried a few times with growing pauses, then left for the next write. Writes of other
 * connections (the maintenance worker, `memtray mcp`) are not seen: theirs checkpoint themselves.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type Database from 'better-sqlite3';
import type { Logger } from '../util/logger.js';
import { onWrites } from './write-signal.js';

/** Pages the main connection lets the WAL reach before checkpointing itself (about 40 MB). */
export const FALLBACK_AUTOCHECKPOINT_PAGES = 10_000;

/**
 * The thread restarts a WAL of this many pages (16 MB) itself, well before the main connection's
 * fallback (see `checkpoint` in the thread's source).
 */
const RESTART_PAGES = 4_096;
/**
 * How long a restart waits for the write lock, and then (holding it) for readers of older
 * snapshots: past it, the restart is left for a later checkpoint.
 */
const RESTART_BUSY_MS = 10;

/** Slots of the Int32Array shared with the thread. */
const WRITTEN = 0; // set by the main thread after a write, cleared by the thread before it checkpoints
const RAN = 1; // checkpoints attempted
const RESTARTS = 2; // restarts (RESTART checkpoints) attempted
/** Unfinished checkpoints are tried again after 2, 4 … 64 intervals (about 32 s in all by default). */
const MAX_RETRIES = 6;

// CommonJS, evaluated in the worker: no build step or extra file to ship. (No literal require call:
// electron-vite would take this bundle for CommonJS and insert its shim in the wrong place.)
const WORKER_SOURCE = `
const load = require;
const { parentPort, workerData } = load('node:worker_threads');
const Database = load(workerData.module);
const db = new Database(workerData.file, workerData.nativeBinding ? { nativeBinding: workerData.nativeBinding } : {});
db.pragma('busy_timeout = 0');
db.pragma('synchronous = NORMAL');
const shared = new Int32Array(workerData.shared);
const interval = workerData.intervalMs;
let last = '';
let timer = null;
let retries = 0;
const checkpoint = () => {
  Atomics.add(shared, ${RAN}, 1);
  try {
    let [r] = db.pragma('wal_checkpoint(PASSIVE)');
    if (r.log >= workerData.restartPages) {
      // Grown under sustained writes: SQLite restarts a WAL only once all of it is copied back,
      // which passive checkpoints never reach while writes keep coming, so it would grow to the
      // main connection's fallback and be checkpointed inside a hook's COMMIT. A second pass copies
      // what came during the first; RESTART then copies the little left holding the write lock
      // (a few ms; a writer waits) and leaves the log for the next write to start over.
      // Not while a reader holds an older snapshot (the pass left frames uncopied): RESTART would
      // wait for it holding the write lock, and the writer with it.
      [r] = db.pragma('wal_checkpoint(PASSIVE)');
      if (r.busy === 0 && r.checkpointed >= r.log) {
        Atomics.add(shared, ${RESTARTS}, 1);
        db.pragma('busy_timeout = ${RESTART_BUSY_MS}');
        try {
          [r] = db.pragma('wal_checkpoint(RESTART)');
        } finally {
          db.pragma('busy_timeout = 0');
        }
      }
    }
    last = '';
    return r.busy === 0 && r.checkpointed >= r.log;
  } catch (err) {
    const m = String(err && err.message);
    if (m !== last) parentPort.postMessage({ error: m });
    last = m;
    return false;
  }
};
const tick = () => {
  timer = null;
  Atomics.store(shared, ${WRITTEN}, 0); // a write from now on asks again
  if (checkpoint()) retries = 0;
  else if (retries < ${MAX_RETRIES}) timer = setTimeout(tick, interval * 2 ** ++retries);
};
parentPort.on('message', (m) => {
  if (m === 'written') {
    // New writes: checkpoint one interval from now (sooner than a retry that was waiting).
    if (timer !== null && retries === 0) return;
    clearTimeout(timer);
    retries = 0;
    timer = setTimeout(tick, interval);
    return;
  }
  clearTimeout(timer);
  try { checkpoint(); db.close(); } catch {}
  parentPort.close();
});
`;

export interface Checkpointer {
  /** Checkpoints attempted by the threads so far. */
  checkpoints(): number;
  /** Restarts of a WAL grown to `RESTART_PAGES` the threads attempted so far. */
  restarts(): number;
  /** Whether a thread is running now (a write starts one; it ends after `idleExitMs` without one). */
  running(): boolean;
  /**
   * Checkpoints soon (one interval) whatever the writes so far: after a deletion, so the deleted
   * bytes leave the database file now rather than when more writes come.
   */
  flush(): void;
  stop(): Promise<void>;
}

interface CheckpointerOptions {
  file: string;
  nativeBinding?: string;
  intervalMs?: number;
  /** WAL pages at which the thread restarts the log (`RESTART_PAGES`; smaller in tests). */
  restartPages?: number;
  idleExitMs?: number;
  startAfterWrites?: number;
  /** Called when a thread is retired for want of writes: the service has been quiet for `idleExitMs`. */
  onIdle?: () => void;
  logger: Logger;
}

/**
 * The thread is started by writes and retired once no write came for `idleExitMs` (it checkpoints
 * a last time and exits): a thread has its own V8 heap and SQLite connection, ~16 MiB resident that
 * an idle tray app should not carry, and starting one costs ~30 ms of CPU (measured), though only
 * about a millisecond of the writer's (the thread boots beside it; the message waits in its port).
 * So a lone write (the storage probe every 5 minutes, a settings change) starts none: its pages
 * wait in the WAL, where they are as durable as anywhere, until `startAfterWrites` write statements
 * have come (one hook is several) or the last connection closes. If a thread cannot start, SQLite
 * checkpoints on commit again, as it does without this module.
 */
export function startCheckpointer(sqlite: Database.Database, opts: CheckpointerOptions): Checkpointer {
  return new ThreadCheckpointer(sqlite, opts);
}

class ThreadCheckpointer implements Checkpointer {
  private readonly shared = new Int32Array(new SharedArrayBuffer(12));
  private readonly idleExitMs: number;
  private readonly startAfterWrites: number;
  private readonly workerData: Record<string, unknown>;
  private readonly threads = new Set<Worker>();
  /** The main connection's own threshold before this raised it (restored when the threads are lost). */
  private readonly previous: number;
  private readonly stopWatching: () => void;
  /** Write statements seen while no thread ran. */
  private unseen = 0;
  private current: Worker | null = null;
  private idle: NodeJS.Timeout | null = null;
  private alive = true;

  constructor(
    private readonly sqlite: Database.Database,
    private readonly opts: CheckpointerOptions,
  ) {
    this.idleExitMs = opts.idleExitMs ?? 30_000;
    this.startAfterWrites = opts.startAfterWrites ?? 8;
    this.workerData = {
      module: createRequire(import.meta.url).resolve('better-sqlite3'),
      file: opts.file,
      nativeBinding: opts.nativeBinding ?? null,
      intervalMs: opts.intervalMs ?? 250,
      restartPages: opts.restartPages ?? RESTART_PAGES,
      shared: this.shared.buffer,
    };
    this.previous = sqlite.pragma('wal_autocheckpoint', { simple: true }) as number;
    sqlite.pragma(`wal_autocheckpoint = ${FALLBACK_AUTOCHECKPOINT_PAGES}`);
    // A WAL that grew during a burst is cut back to this size once it restarts from the beginning
    // (maintenance truncates it when quiet). Not less: under a sustained flood the WAL restarts every
    // few seconds at 30-40 MB, and cut back to 16 MB its next growth allocated blocks again, each
    // extending write waiting 3-6 ms on ext4's journal (64 MB gives 7 % more events/s).
    sqlite.pragma('journal_size_limit = 67108864');
    // After every write statement on the ingest path: one atomic load, and while the thread has not
    // checkpointed since the last message, nothing else.
    this.stopWatching = onWrites(sqlite, () => {
      if (Atomics.load(this.shared, WRITTEN) !== 0 && this.current) return;
      if (!this.current && ++this.unseen < this.startAfterWrites) return;
      this.wake();
    });
  }

  checkpoints(): number {
    return Atomics.load(this.shared, RAN);
  }

  restarts(): number {
    return Atomics.load(this.shared, RESTARTS);
  }

  running(): boolean {
    return this.current !== null;
  }

  flush(): void {
    if (this.alive) this.wake();
  }

  async stop(): Promise<void> {
    if (!this.alive) return;
    this.alive = false;
    this.stopWatching();
    if (this.idle) clearTimeout(this.idle);
    this.retire();
    const all = [...this.threads];
    // Held (ref'd) while stopping: a process with nothing else to do must not end before the
    // last checkpoint and stop() itself are done (the threads are unref'd while they run).
    for (const w of all) w.ref();
    const exited = Promise.all(all.map((w) => new Promise<void>((r) => w.once('exit', () => r()))));
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, 2_000)));
    await Promise.race([exited, timeout]);
    clearTimeout(timer);
    await Promise.all(all.map((w) => w.terminate()));
  }

  /** Asks a thread (started if none runs) for a checkpoint one interval from now. */
  private wake(): void {
    this.unseen = 0;
    Atomics.store(this.shared, WRITTEN, 1);
    try {
      this.current ??= this.spawn();
    } catch (err) {
      this.lost((err as Error).message);
      return;
    }
    this.current.postMessage('written');
    this.armIdle();
  }

  private spawn(): Worker {
    const w = new Worker(WORKER_SOURCE, { eval: true, workerData: this.workerData });
    w.unref();
    this.threads.add(w);
    w.on('message', (m: { error?: string }) => {
      if (m.error) this.opts.logger.warn('background WAL checkpoint failed', { error: m.error });
    });
    // Only the current thread's end is a loss; a retired one exits on its own.
    w.on('error', (err) => {
      if (this.current === w) this.lost(err.message);
    });
    w.on('exit', (code) => {
      this.threads.delete(w);
      if (this.current === w) this.lost(`exit ${code}`);
    });
    return w;
  }

  private armIdle(): void {
    if (this.idle) this.idle.refresh();
    else (this.idle = setTimeout(() => this.retireIdle(), this.idleExitMs)).unref();
  }

  /** Asks the current thread for a last checkpoint and its exit; the next write starts another. */
  private retire(): void {
    this.idle = null;
    const w = this.current;
    this.current = null;
    w?.postMessage('stop');
  }

  private retireIdle(): void {
    this.retire();
    try {
      this.opts.onIdle?.();
    } catch (err) {
      this.opts.logger.warn('idle callback failed', { err: err as Error });
    }
  }

  /** The thread could not start or ended: SQLite checkpoints on commit again. */
  private lost(why: string): void {
    if (!this.alive) return;
    this.alive = false;
    this.current = null;
    this.stopWatching();
    if (this.idle) clearTimeout(this.idle);
    if (this.sqlite.open) this.sqlite.pragma(`wal_autocheckpoint = ${this.previous}`);
    this.opts.logger.warn('background WAL checkpoints stopped; SQLite checkpoints on commit again', { why });
  }
}
