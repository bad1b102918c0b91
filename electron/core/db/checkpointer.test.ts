// The background checkpointer keeps the WAL small while the main connection writes, without the
// main connection checkpointing (its own threshold is raised out of the way).
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../util/logger.js';
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
async function write(db: Database.Database): Promise<void> {
  const ins = db.prepare('INSERT INTO t (x) VALUES (?)');
  const batch = db.transaction((n: number) => {
    for (let i = 0; i < 100; i++) ins.run(`${n}:${i}:`.padEnd(4000, 'x'));
  });
  for (let n = 0; n < 30; n++) {
    batch(n);
    await new Promise((r) => setTimeout(r, 40));
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

  it('without it, the same writes under the raised threshold grow the WAL past 12 MB', async () => {
    const { db, file } = open();
    db.pragma(`wal_autocheckpoint = ${FALLBACK_AUTOCHECKPOINT_PAGES}`);
    await write(db);
    expect(statSync(`${file}-wal`).size).toBeGreaterThan(12 * 1024 * 1024);
    db.close();
  });
});
