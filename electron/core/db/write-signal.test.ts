// The write signal fires after statements that write (and only those), whatever API ran them.
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { onWrites, trackWrites } from './write-signal.js';

function tracked(): { db: Database.Database; writes: () => number } {
  const db = new Database(':memory:');
  trackWrites(db);
  db.exec('CREATE TABLE t (x TEXT)');
  let n = 0;
  onWrites(db, () => n++);
  return { db, writes: () => n };
}

describe('write signal', () => {
  it('fires after writing statements, exec and writing pragmas', () => {
    const { db, writes } = tracked();
    const ins = db.prepare('INSERT INTO t (x) VALUES (?)');
    ins.run('a');
    expect(writes()).toBe(1);
    expect(db.prepare('INSERT INTO t (x) VALUES (?) RETURNING x').pluck().get('b')).toBe('b');
    expect(writes()).toBe(2);
    db.transaction(() => ins.run('c'))();
    expect(writes()).toBe(3);
    db.exec('DELETE FROM t');
    expect(writes()).toBe(4);
    db.pragma('user_version = 2');
    expect(writes()).toBe(5);
    db.close();
  });

  it('stays quiet for reads and read-only pragmas', () => {
    const { db, writes } = tracked();
    db.prepare('SELECT count(*) FROM t').get();
    db.prepare('SELECT x FROM t').all();
    expect([...db.prepare('SELECT x FROM t').iterate()]).toEqual([]);
    db.pragma('page_count', { simple: true });
    db.pragma('user_version');
    expect(writes()).toBe(0);
    db.close();
  });

  it('statements prepared before the listener was set are seen; unsubscribing stops it', () => {
    const db = new Database(':memory:');
    trackWrites(db);
    db.exec('CREATE TABLE t (x TEXT)');
    const ins = db.prepare('INSERT INTO t (x) VALUES (?)');
    let n = 0;
    const off = onWrites(db, () => n++);
    ins.run('a');
    off();
    ins.run('b');
    expect(n).toBe(1);
    db.close();
  });
});
