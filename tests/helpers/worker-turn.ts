/**
 * A maintenance-worker stand-in for traffic.test.ts: on its own connection, one write transaction
 * that holds the lock for `holdMs`, inside `workerTurn` (the flag the service waits on).
 */
import Database from 'better-sqlite3';
import { workerData } from 'node:worker_threads';
import { workerTurn } from '../../electron/core/maintenance/traffic.js';

const { file, buffer, holdMs } = workerData as { file: string; buffer: SharedArrayBuffer; holdMs: number };
const db = new Database(file);
const pause = new Int32Array(new SharedArrayBuffer(4));
workerTurn(buffer, () => {
  db.exec('BEGIN IMMEDIATE');
  db.prepare('INSERT INTO t (v) VALUES (1)').run();
  Atomics.wait(pause, 0, 0, holdMs);
  db.exec('COMMIT');
});
db.close();
