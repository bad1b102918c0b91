import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { fsync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WalSync } from '../db/wal-sync.js';
import { GroupCommit } from './group-commit.js';

function setup() {
  const db = new Database(':memory:');
  db.exec('create table t (v text not null)');
  const insert = db.prepare('insert into t (v) values (?)');
  const own = db.transaction((v: string, fail: boolean) => {
    insert.run(v);
    if (fail) throw new Error(`boom ${v}`);
    return v;
  });
  const rows = (): string[] =>
    (db.prepare('select v from t order by rowid').all() as Array<{ v: string }>).map((r) => r.v);
  return { db, own, rows };
}

describe('GroupCommit', () => {
  it('commits writes submitted together in one transaction; a failing one rolls back alone', async () => {
    const { db, own, rows } = setup();
    const gc = new GroupCommit(db);
    const p = [
      gc.submit(() => own('a', false)),
      gc.submit(() => own('b', true)),
      gc.submit(() => own('c', false)),
    ];
    expect(rows()).toEqual([]); // nothing runs before the batch flushes
    const settled = await Promise.allSettled(p);
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((settled[1] as PromiseRejectedResult).reason).toBeInstanceOf(Error);
    expect(rows()).toEqual(['a', 'c']);
  });

  it('answers only after the shared COMMIT and fires deferred notifications after it', async () => {
    const { db, own, rows } = setup();
    const gc = new GroupCommit(db);
    const seen: string[] = [];
    const r = gc.submit(() => {
      const v = own('x', false);
      gc.afterCommit()!.push(() =>
        seen.push(`notified with ${rows().length} row(s), inTransaction=${db.inTransaction}`),
      );
      return v;
    });
    expect(gc.afterCommit()).toBeNull();
    await expect(r).resolves.toBe('x');
    expect(seen).toEqual(['notified with 1 row(s), inTransaction=false']);
  });

  it('rejects the whole batch when the COMMIT itself fails, leaving nothing behind', async () => {
    const { db, own, rows } = setup();
    // A deferred foreign key is checked at COMMIT: a violation makes the COMMIT itself fail.
    db.pragma('foreign_keys = ON');
    db.exec(
      'create table parent (id integer primary key); create table child (pid integer references parent(id) deferrable initially deferred)',
    );
    const orphan = db.transaction(() => db.prepare('insert into child (pid) values (42)').run());
    const gc = new GroupCommit(db);
    const s = await Promise.allSettled([
      gc.submit(() => own('a', false)),
      gc.submit(() => orphan()),
      gc.submit(() => own('b', false)),
    ]);
    expect(s.map((x) => x.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(String((s[0] as PromiseRejectedResult).reason)).toMatch(/FOREIGN KEY/);
    expect(rows()).toEqual([]);
    expect(db.inTransaction).toBe(false);
    // The next batch works normally.
    await expect(gc.submit(() => own('c', false))).resolves.toBe('c');
    expect(rows()).toEqual(['c']);
  });

  it('splits very large bursts into batches of at most maxBatch', async () => {
    const { db, own, rows } = setup();
    const gc = new GroupCommit(db, 10);
    const all = await Promise.all(
      Array.from({ length: 35 }, (_, i) => gc.submit(() => own(String(i), false))),
    );
    expect(all).toHaveLength(35);
    expect(rows()).toHaveLength(35);
  });

  it('with a WAL syncer: commits without an fsync, answers after one, and says when all are answered', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'memtray-gc-'));
    const file = join(dir, 'db.sqlite');
    const db = new Database(file);
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.exec('create table t (v text not null)');
    const own = db.transaction((v: string) => db.prepare('insert into t (v) values (?)').run(v));
    const fsyncs: Array<{ finish: (err?: NodeJS.ErrnoException) => void }> = [];
    const walSync = new WalSync(`${file}-wal`, (fd, cb) => {
      fsyncs.push({ finish: (err) => (err ? cb(err) : fsync(fd, cb)) });
    });
    const gc = new GroupCommit(db, 256, walSync);
    const log: string[] = [];
    const other = new Database(file, { readonly: true });
    try {
      const r = gc.submit(() => {
        own('a');
        gc.afterCommit()!.push(() => log.push('notified'));
        return 'a';
      });
      void r.then(() => log.push('answered'));
      expect(gc.whenAnswered(() => log.push('all answered'))).toBe(true);
      await new Promise((res) => setImmediate(res));
      // Committed (another connection sees it) and notified, but not answered before the fsync.
      expect(other.prepare('select count(*) n from t').pluck().get()).toBe(1);
      expect(fsyncs).toHaveLength(1);
      expect(log).toEqual(['notified']);
      // The connection is back to FULL for every other writer.
      expect(db.pragma('synchronous', { simple: true })).toBe(2);
      fsyncs[0]!.finish();
      await new Promise((res) => setTimeout(res, 50));
      expect(log).toEqual(['notified', 'answered', 'all answered']);
      expect(gc.whenAnswered(() => log.push('never'))).toBe(false);

      // A failed fsync: committed, but no caller is told it is on disk.
      const failed = gc.submit(() => own('b'));
      await new Promise((res) => setImmediate(res));
      fsyncs[1]!.finish(Object.assign(new Error('EIO: i/o error'), { code: 'EIO' }));
      await expect(failed).rejects.toThrow(/EIO/);
    } finally {
      other.close();
      db.close();
      walSync.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
