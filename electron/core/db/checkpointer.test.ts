// The background checkpointer keeps the WAL small while the main connection writes, without the
// main connection checkpointing (its own threshold is raised out of the way).
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../util/logger.js';
import { findMigrationsDir, openDatabase } from './open.js';
import { FALLBACK_AUTOCHECKPOINT_PAGES, startCheckpointer } from './checkpointer.js';

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

  it('sleep while nothing is written, and checkpoint once after a write', async () => {
    const { db, file } = open();
    const c = startCheckpointer(db, { file, intervalMs: 25, logger: silentLogger })!;
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
    const c = startCheckpointer(sqlite, { file, intervalMs: 25, logger: silentLogger })!;
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
    const c = startCheckpointer(db, { file, intervalMs: 25, logger: silentLogger })!;
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
});
