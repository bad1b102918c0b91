/**
 * A maintenance-worker stand-in for traffic.test.ts: on its own connection, one write transaction
 * that holds the lock for `holdMs`, inside `workerTurn` (the flag the service waits on, raised once
 * the lock is held).
 */
import Database from 'better-sqlite3';
import { workerData } from 'node:worker_threads';
import { workerTurn } from '../../electron/core/maintenance/traffic.js';

const { file, buffer, holdMs, ready } = workerData as {
  file: string;
  buffer: SharedArrayBuffer;
  holdMs: number;
  /** Set to 1 just before the turn begins (the test knows the worker is about to ask for the lock). */
  ready: SharedArrayBuffer;
};
const db = new Database(file);
const pause = new Int32Array(new SharedArrayBuffer(4));
db.pragma('busy_timeout = 20000');
Atomics.store(new Int32Array(ready), 0, 1);
workerTurn(buffer, (held) => {
  db.exec('BEGIN IMMEDIATE');
  held();
  db.prepare('INSERT INTO t (v) VALUES (1)').run();
  Atomics.wait(pause, 0, 0, holdMs);
  db.exec('COMMIT');
});
db.close();
