// The background checkpointer keeps the WAL small while the main connection writes, without the
// main connection checkpointing (its own threshold is raised out of the way).
import Database from 'better-sqlite3';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../util/logger.js';
import { findMigrationsDir, openDatabase } from './open.js';
import { FALLBACK_AUTOCHECKPOINT_PAGES, startCheckpointer, type Checkpointer } from './checkpointer.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function open(): { db: Database.Database; file: string } {
  const dir = mkdtempSync(join(tmpdir(), 'memtray-ckpt-'));
  dirs.push(dir);
  const file = join(dir, 'test.db');
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.exec('CREATE TABLE t (x TEXT)');
  return { db, file };
}

/** Writes about 12 MB in 30 transactions, pausing between them as bursts of hooks would. */
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Waits (up to 10 s, for a loaded machine) until `cond` holds; the caller asserts it after. */
async function until(cond: () => boolean): Promise<void> {
  for (const end = Date.now() + 10_000; !cond() && Date.now() < end;) await sleep(20);
}

async function write(db: Database.Database): Promise<void> {
  const ins = db.prepare('INSERT INTO t (x) VALUES (?)');
  const batch = db.transaction((n: number) => {
    for (let i = 0; i < 100; i++) ins.run(`${n}:${i}:`.padEnd(4000, 'x'));
  });
  for (let n = 0; n < 30; n++) {
    batch(n);
    await sleep(40);
  }
}

/**
 * Writes about 24 MB in 3,000 transactions back to back, as a sustained flood of hooks does: each
 * takes a quarter of a millisecond of work (about 30 MB/s, the service's rate under the flood
 * bench) and then only a turn of the event loop, never a quiet spell in which a checkpoint could
 * catch up. Returns the WAL's largest size and how often it started over (its header's
 * checkpoint sequence number counts restarts).
 */
async function flood(db: Database.Database, file: string): Promise<{ largest: number; restarts: number }> {
  const ins = db.prepare('INSERT INTO t (x) VALUES (?)');
  const sequence = (): number => readFileSync(`${file}-wal`).readUInt32BE(12);
  let largest = 0;
  let first = -1;
  for (let n = 0; n < 3000; n++) {
    for (const end = performance.now() + 0.25; performance.now() < end;);
    ins.run(`${n}:`.padEnd(4000, 'x'));
    if (first < 0) first = sequence();
    largest = Math.max(largest, statSync(`${file}-wal`).size);
    await new Promise((r) => setImmediate(r));
  }
  return { largest, restarts: sequence() - first };
}

/** A checkpointer that restarts the WAL at 256 pages (1 MB), checkpointing every 25 ms. */
const restartingAt256 = (db: Database.Database, file: string): Checkpointer =>
  startCheckpointer(db, {
    file,
    intervalMs: 25,
    startAfterWrites: 1,
    restartPages: 256,
    logger: silentLogger,
  })!;

describe('background WAL checkpoints', () => {
  it('keep the WAL small while the main connection never checkpoints itself', async () => {
    const { db, file } = open();
    const c = startCheckpointer(db, { file, intervalMs: 25, logger: silentLogger });
    expect(c).not.toBeNull();
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(FALLBACK_AUTOCHECKPOINT_PAGES);
    await write(db);
    const wal = statSync(`${file}-wal`).size;
    await c!.stop();
    expect(wal).toBeLessThan(6 * 1024 * 1024);
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    expect((db.prepare('SELECT count(*) n FROM t').get() as { n: number }).n).toBe(3000);
    db.close();
  });

  // Passive checkpoints never let a WAL start over while writes keep coming, so under a
  // flood it grew to the fallback threshold and the main connection checkpointed inside a COMMIT.
  it('restart the WAL under writes that never pause, long before the fallback', async () => {
    const { db, file } = open();
    const c = restartingAt256(db, file);
    const { largest, restarts } = await flood(db, file);
    await c.stop();
    expect(c.restarts(), 'restarts the thread attempted').toBeGreaterThanOrEqual(2);
    expect(restarts, 'restarts of the WAL').toBeGreaterThanOrEqual(2);
    expect(largest, 'the WAL at its largest').toBeLessThan(12 * 1024 * 1024);
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(db.prepare('SELECT count(*) FROM t').pluck().get()).toBe(3000);
    db.close();
  });

  // RESTART waits for readers of older snapshots holding the write lock, so the writer would wait
  // with it at every attempt: the thread restarts only a WAL its passes could copy in full.
  it('leave the WAL alone while a reader holds an older snapshot, and restart it once the reader lets go', async () => {
    const { db, file } = open();
    const reader = new Database(file);
    const c = restartingAt256(db, file);
    db.prepare('INSERT INTO t (x) VALUES (?)').run('first');
    reader.exec('BEGIN');
    reader.prepare('SELECT count(*) FROM t').get(); // holds the snapshot from before the flood
    await flood(db, file);
    const held = { restarts: c.restarts(), checkpoints: c.checkpoints() };
    reader.exec('COMMIT');
    reader.close();
    await flood(db, file);
    await c.stop();
    expect(held.checkpoints, 'checkpoints while the reader held its snapshot').toBeGreaterThanOrEqual(2);
    expect(held.restarts, 'restarts attempted meanwhile').toBe(0);
    expect(c.restarts(), 'restarts once it let go').toBeGreaterThanOrEqual(1);
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    db.close();
  });

  it('sleep while nothing is written, and checkpoint once after a write', async () => {
    const { db, file } = open();
    const c = startCheckpointer(db, { file, intervalMs: 25, startAfterWrites: 1, logger: silentLogger })!;
    await sleep(2000);
    const idle = c.checkpoints();
    db.prepare('INSERT INTO t (x) VALUES (?)').run('one');
    await sleep(500);
    const afterWrite = c.checkpoints();
    await sleep(500);
    const later = c.checkpoints();
    await c.stop();
    db.close();
    expect(idle, 'checkpoints in 2 s without a write').toBe(0);
    expect(afterWrite, 'checkpoints after one write').toBe(1);
    expect(later, 'and none after that').toBe(1);
  });

  it('start no thread until a write, retire it after an idle spell, and start another for the next write', async () => {
    const { db, file } = open();
    let idleCalls = 0;
    const c = startCheckpointer(db, {
      file,
      intervalMs: 25,
      idleExitMs: 400,
      onIdle: () => idleCalls++,
      startAfterWrites: 1,
      logger: silentLogger,
    })!;
    const threadsNow = (): number => readdirSync('/proc/self/task').length;
    const before = threadsNow();
    await sleep(300);
    expect(c.running(), 'no thread before the first write').toBe(false);
    db.prepare('INSERT INTO t (x) VALUES (?)').run('one');
    expect(c.running()).toBe(true);
    await until(() => c.checkpoints() === 1);
    await until(() => !c.running());
    expect(c.running(), 'retired after 400 ms without a write').toBe(false);
    expect(idleCalls, 'and the service told it is idle').toBe(1);
    await until(() => c.checkpoints() === 2);
    expect(c.checkpoints(), 'with one last checkpoint').toBe(2);
    if (process.platform === 'linux') {
      await until(() => threadsNow() <= before);
      expect(threadsNow(), 'its OS thread is gone').toBeLessThanOrEqual(before);
    }
    await write(db);
    expect(c.running(), 'the next write starts another').toBe(true);
    const wal = statSync(`${file}-wal`).size;
    expect(wal, 'which keeps the WAL small again').toBeLessThan(6 * 1024 * 1024);
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(FALLBACK_AUTOCHECKPOINT_PAGES);
    await c.stop();
    expect(c.running()).toBe(false);
    db.close();
  });

  it('leave a lone write in the WAL: a thread starts only once writes add up', async () => {
    const { db, file } = open();
    const c = startCheckpointer(db, { file, intervalMs: 25, startAfterWrites: 4, logger: silentLogger })!;
    const ins = db.prepare('INSERT INTO t (x) VALUES (?)');
    for (let i = 0; i < 3; i++) ins.run(`lone ${i}`);
    // Statements that change nothing are no writes.
    for (let i = 0; i < 10; i++) db.prepare('DELETE FROM t WHERE x = ?').run('none');
    await sleep(300);
    expect(c.running(), 'three writes start no thread').toBe(false);
    expect(c.checkpoints()).toBe(0);
    ins.run('fourth');
    expect(c.running(), 'the fourth does').toBe(true);
    await until(() => c.checkpoints() === 1);
    expect(c.checkpoints(), 'and its checkpoint takes all four').toBe(1);
    const [r] = db.pragma('wal_checkpoint(PASSIVE)') as Array<{ log: number; checkpointed: number }>;
    expect(r!.checkpointed).toBe(r!.log);
    await c.stop();
    db.close();
  });

  it('see the writes of statements prepared before it started (openDatabase tracks them)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'memtray-ckpt-'));
    dirs.push(dir);
    const file = join(dir, 'test.db');
    const { sqlite, close } = openDatabase(file, { migrationsDir: findMigrationsDir(process.cwd()) });
    sqlite.exec('CREATE TABLE t (x TEXT)');
    const ins = sqlite.prepare('INSERT INTO t (x) VALUES (?)');
    const many = sqlite.transaction(() => {
      for (let i = 0; i < 50; i++) ins.run(`${i}`);
    });
    const c = startCheckpointer(sqlite, { file, intervalMs: 25, startAfterWrites: 1, logger: silentLogger })!;
    await sleep(300);
    expect(c.checkpoints()).toBe(0);
    many();
    await sleep(300);
    expect(c.checkpoints()).toBe(1);
    // A pragma that only reads is no write; one that writes is.
    sqlite.pragma('page_count');
    await sleep(300);
    expect(c.checkpoints()).toBe(1);
    sqlite.pragma('user_version = 7');
    await sleep(300);
    expect(c.checkpoints()).toBe(2);
    await c.stop();
    close();
  });

  it('try again, a few times, a checkpoint a reader held up; then sleep', async () => {
    const { db, file } = open();
    const reader = new Database(file);
    const c = startCheckpointer(db, { file, intervalMs: 25, startAfterWrites: 1, logger: silentLogger })!;
    reader.exec('BEGIN');
    reader.prepare('SELECT count(*) FROM t').get(); // holds the snapshot from before the write
    db.prepare('INSERT INTO t (x) VALUES (?)').run('one');
    await sleep(400);
    const held = c.checkpoints();
    reader.exec('COMMIT');
    reader.close();
    await sleep(2000);
    const done = c.checkpoints();
    await sleep(1000);
    const later = c.checkpoints();
    await c.stop();
    db.close();
    expect(held, 'tried again while the reader held the snapshot').toBeGreaterThanOrEqual(2);
    expect(done, 'and once more after it let go').toBeGreaterThan(held);
    expect(later, 'then no more').toBe(done);
  });

  it('without it, the same writes under the raised threshold grow the WAL past 12 MB', async () => {
    const { db, file } = open();
    db.pragma(`wal_autocheckpoint = ${FALLBACK_AUTOCHECKPOINT_PAGES}`);
    await write(db);
    expect(statSync(`${file}-wal`).size).toBeGreaterThan(12 * 1024 * 1024);
    db.close();
  });

  // A service.stop() that sometimes never settled: the thread and the stop's
  // timeout were unref'd, so a process with nothing else to keep it alive (a script awaiting
  // stop() at the top level, `memtray serve` after its server closed) ended before stop() settled:
  // exit code 13 for an ESM main, and the database never closed. A real Node process, on its own.
  it('settle stop() on their own, in a process nothing else keeps alive', () => {
    const { db, file } = open();
    db.close();
    const here = dirname(fileURLToPath(import.meta.url));
    const script = join(dirname(file), 'child.mts');
    const lit = (v: string): string => JSON.stringify(v);
    writeFileSync(
      script,
      `import Database from ${lit(createRequire(import.meta.url).resolve('better-sqlite3'))};
      import { startCheckpointer } from ${lit(join(here, 'checkpointer.ts'))};
      import { silentLogger } from ${lit(join(here, '..', 'util', 'logger.ts'))};
      const db = new Database(${lit(file)});
      const c = startCheckpointer(db, { file: ${lit(file)}, intervalMs: 25, startAfterWrites: 1, logger: silentLogger });
      db.prepare('INSERT INTO t (x) VALUES (?)').run('one');
      if (!c.running()) throw new Error('no checkpoint thread to stop');
      await c.stop();
      db.close();
      console.log('stopped');`,
    );
    const r = spawnSync(process.execPath, ['--import', 'tsx', script], {
      cwd: join(here, '..', '..', '..'),
      encoding: 'utf8',
      timeout: 12_000, // under the test's own timeout: a hang fails here, with what it printed
    });
    expect(r.stdout.trim(), `stop() settled and the script went on; stderr: ${r.stderr}`).toBe('stopped');
    expect(r.status).toBe(0);
  });
});
