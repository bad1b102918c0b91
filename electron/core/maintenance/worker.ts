/**
 * The maintenance worker thread: its own SQLite connection (busy timeout 5 s, so it waits for the
 * service's writes instead of failing), one job per message (maintenance/job.ts), the result posted
 * back. Started per run by maintenance/runner.ts and ended after it, so an idle service holds no
 * thread. Bundled as its own entry (`dist/maintenance-worker.mjs`, `out/main/maintenance-worker.js`).
 */
import Database from 'better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';
import { registerFunctions } from '../db/identifiers.js';
import { runJob, type JobRequest } from './job.js';

interface Data {
  file: string;
  nativeBinding: string | null;
}

const data = workerData as Data;
const db = new Database(data.file, data.nativeBinding ? { nativeBinding: data.nativeBinding } : {});
db.pragma('busy_timeout = 5000');
// NORMAL: measured better than FULL here (bench/maintenance, docs/decisions/0001-fsync-before-acknowledging.md): with
// FULL every batch holds the write lock through its own fsync. Its writes then get flushed by the
// service's next commit (FULL) or a checkpoint; that cost is what the bench's p99 ratio shows.
db.pragma('synchronous = NORMAL');
db.pragma('foreign_keys = ON');
// As every write connection: deleted text is overwritten (db/open.ts), and the index's SQL function.
db.pragma('secure_delete = ON');
registerFunctions(db);

parentPort?.on('message', (req: JobRequest | 'close') => {
  if (req === 'close') {
    db.close();
    parentPort?.close();
    return;
  }
  parentPort?.postMessage(runJob(db, req));
});
parentPort?.postMessage('ready');
