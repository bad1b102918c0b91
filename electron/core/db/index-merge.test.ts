// The observation indexes merge their segments only in IndexMerger's steps (automerge is off from
// migration 0016): never inside a writer's COMMIT, in steps of bounded work, and then no more.
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { IndexMerger, MERGED_INDEXES } from './index-merge.js';
import { findMigrationsDir, openDatabase } from './open.js';

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const c of cleanups.splice(0).reverse()) c();
});

function open(): { db: Database.Database; file: string } {
  const dir = mkdtempSync(join(tmpdir(), 'memtray-merge-'));
  const file = join(dir, 'memtray.db');
  const { sqlite } = openDatabase(file, { migrationsDir: findMigrationsDir(import.meta.dirname) });
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  cleanups.push(() => sqlite.close());
  return { db: sqlite, file };
}

/** `n` commits of `rows` indexed rows each, in both indexes: one new segment per commit. */
function commits(db: Database.Database, n: number, from = 1, rows = 1): void {
  const fts = db.prepare('INSERT INTO observations_fts(rowid, title, narrative) VALUES (?, ?, ?)');
  const trgm = db.prepare('INSERT INTO observations_trgm(rowid, title, paths) VALUES (?, ?, ?)');
  const words = (i: number): string =>
    Array.from({ length: rows > 1 ? 60 : 1 }, (_v, k) => `word${(i * 31 + k * 7) % 5000}`).join(' ');
  for (let c = 0; c < n; c++) {
    db.transaction(() => {
      for (let i = from + c * rows; i < from + (c + 1) * rows; i++) {
        fts.run(i, `fixed parser bug ${i}`, `the tokenizer dropped ${words(i)} at position ${i}`);
        trgm.run(i, `fixed parser bug ${i}`, `src/parser/file${i}.ts`);
      }
    })();
  }
}

const segments = (db: Database.Database, table: string): number =>
  db.prepare(`SELECT count(DISTINCT segid) FROM ${table}_idx`).pluck().get() as number;

describe('IndexMerger', () => {
  it('the migrated observation indexes do not merge inside commits', () => {
    const { db } = open();
    for (const t of MERGED_INDEXES)
      expect(db.prepare(`SELECT v FROM ${t}_config WHERE k = 'automerge'`).pluck().get()).toBe(0);
    commits(db, 15);
    // FTS5's own automerge would have merged every 4 segments of a level (at 16 a crisis merge
    // still does, whatever the setting).
    for (const t of MERGED_INDEXES) expect(segments(db, t)).toBe(15);
  });

  it('steps merge them as automerge would, then find no work until new segments are written', () => {
    const { db } = open();
    const m = new IndexMerger(db);
    commits(db, 60);
    expect(m.due).toBe(false); // told of new segments by its writer
    m.written();
    expect(m.due).toBe(true);
    let steps = 0;
    while (m.step(50) && steps < 1_000) steps++;
    expect(m.due).toBe(false);
    // Fewer than 4 segments per level (FTS5's usermerge), over a few levels.
    for (const t of MERGED_INDEXES) expect(segments(db, t)).toBeLessThan(10);
    const after = MERGED_INDEXES.map((t) => segments(db, t));
    // Rows written without new segments (a slice of prompts alone): no step is due.
    db.prepare(`INSERT INTO settings(key, value, updated_at) VALUES ('merge-test', '1', 0)`).run();
    m.written();
    expect(m.due).toBe(false);
    expect(m.step(50)).toBe(false);
    expect(MERGED_INDEXES.map((t) => segments(db, t))).toEqual(after);
    // New segments: work again.
    commits(db, 8, 1_000);
    m.written();
    expect(m.step(50)).toBe(true);
    // The rows are all still found.
    expect(
      db.prepare(`SELECT count(*) FROM observations_fts WHERE observations_fts MATCH 'parser'`).pluck().get(),
    ).toBe(68);
  });

  it('a step with a small budget does a bounded part of the work', () => {
    const count = (budgetMs: number): number => {
      const { db } = open();
      const m = new IndexMerger(db);
      commits(db, 64, 1, 40);
      m.written();
      let steps = 1;
      while (m.step(budgetMs) && steps < 10_000) steps++;
      return steps;
    };
    // The smallest step (8 pages) needs many; a generous one a few.
    expect(count(0.0001)).toBeGreaterThan(3 * count(1_000));
  });

  it('a step that fails stops the steps until new segments are written (no retry loop)', () => {
    const { db, file } = open();
    const ro = new Database(file, { readonly: true });
    cleanups.push(() => ro.close());
    const m = new IndexMerger(ro);
    commits(db, 20);
    m.written();
    expect(() => m.step(4)).toThrow(/readonly/i);
    expect(m.due).toBe(false);
    commits(db, 1, 100);
    m.written();
    expect(m.due).toBe(true);
  });
});
