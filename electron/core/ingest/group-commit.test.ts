import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
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
});
