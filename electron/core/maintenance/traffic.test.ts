/**
 * The maintenance worker waits for a quiet moment between its write transactions, and a hook that
 * is waiting for the worker's lock counts as traffic (it has not been acknowledged yet: judged by
 * acknowledgements alone the moment looked quiet, and one hook waited a second at 1M observations).
 */
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { createTraffic, hooksInFlight, waitForQuiet } from './traffic.js';

const BOOT = `
const { workerData } = require('node:worker_threads');
import(workerData.tsx)
  .then((api) => { api.register(); return import(workerData.entry); })
  .catch((err) => setImmediate(() => { throw err; }));
`;

describe('maintenance traffic', () => {
  it('waits while a hook is in flight, however old the last acknowledgement', () => {
    const t = createTraffic();
    t.mark(Date.now() - 10_000);
    expect(waitForQuiet(t.buffer, 15, 60)).toBe(0);
    t.inflight(1);
    expect(hooksInFlight(t.buffer)).toBe(1);
    const waited = waitForQuiet(t.buffer, 15, 60);
    expect(waited).toBeGreaterThanOrEqual(55);
    t.inflight(0);
    expect(waitForQuiet(t.buffer, 15, 60)).toBe(0);
  });

  it('waits for quiet after an acknowledgement, at most maxWaitMs', () => {
    const t = createTraffic();
    t.mark(Date.now());
    const waited = waitForQuiet(t.buffer, 30, 500);
    expect(waited).toBeGreaterThanOrEqual(25);
    expect(waited).toBeLessThan(500);
  });

  it("the service waits on the worker's write flag and finds the lock free when it drops", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'memtray-turn-'));
    const file = join(dir, 'db.sqlite');
    const db = new Database(file);
    db.pragma('journal_mode = WAL');
    db.exec('CREATE TABLE t (v INTEGER)');
    db.pragma('busy_timeout = 0'); // no busy handler: only the flag can make the BEGIN below succeed
    const t = createTraffic();
    const ready = new SharedArrayBuffer(4);
    // The helper is TypeScript: loaded through tsx's ESM API, as maintenance/runner.ts loads its worker.
    const tsx = createRequire(import.meta.url)
      .resolve('tsx/esm/api')
      .replace(/\.cjs$/, '.mjs');
    const entry = join(process.cwd(), 'tests', 'helpers', 'worker-turn.ts');
    const worker = new Worker(BOOT, {
      eval: true,
      workerData: {
        tsx: pathToFileURL(tsx).href,
        entry: pathToFileURL(entry).href,
        file,
        buffer: t.buffer,
        holdMs: 300,
        ready,
      },
    });
    const exited = new Promise((ok) => worker.once('exit', ok));
    const until = Date.now() + 20_000;
    const waitFor = async (cell: Int32Array): Promise<void> => {
      while (Atomics.load(cell, 0) === 0 && Date.now() < until) await new Promise((ok) => setTimeout(ok, 1));
    };
    try {
      // While the service holds the lock, the worker waits for it with its flag down: the service
      // must never wait for a worker that is itself waiting for the service.
      db.exec('BEGIN IMMEDIATE');
      await waitFor(new Int32Array(ready));
      await new Promise((ok) => setTimeout(ok, 200));
      expect(Atomics.load(new Int32Array(t.buffer, 12, 1), 0)).toBe(0);
      db.exec('COMMIT');
      // The worker's transaction begins (its flag goes up first).
      const flag = new Int32Array(t.buffer, 12, 1);
      await waitFor(flag);
      expect(Atomics.load(flag, 0)).toBe(1);
      expect(() => db.exec('BEGIN IMMEDIATE'), 'the worker holds the lock').toThrow(/locked|busy/i);
      t.awaitWorker(20_000);
      db.exec('BEGIN IMMEDIATE');
      db.prepare('INSERT INTO t (v) VALUES (2)').run();
      db.exec('COMMIT');
      expect(db.prepare('SELECT count(*) FROM t').pluck().get()).toBe(2);
    } finally {
      await exited;
      db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a worker gone mid-transaction leaves no flag up', () => {
    const t = createTraffic();
    const flag = new Int32Array(t.buffer, 12, 1);
    Atomics.store(flag, 0, 1);
    t.workerGone();
    const t0 = Date.now();
    t.awaitWorker(5_000);
    expect(Date.now() - t0).toBeLessThan(1_000);
  });
});
