/**
 * The projector indexes a batch's observations once at its end (withDeferredIndex, migration
 * 0008): the index must come out exactly as indexing row by row does, with rows updated and
 * deleted inside the batch and older rows updated meanwhile.
 */
import type Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findMigrationsDir, openDatabase, type OpenedDatabase } from '../../electron/core/db/open.js';
import { withDeferredIndex } from '../../electron/core/db/identifiers.js';
import { tempDir } from '../helpers/service.js';

const open = (): OpenedDatabase =>
  openDatabase(join(tempDir('memtray-defer-'), 'memtray.db'), {
    migrationsDir: findMigrationsDir(process.cwd()),
  });

function session(sqlite: Database.Database): number {
  sqlite.prepare('INSERT INTO projects (name, root_path, created_at) VALUES (?, ?, ?)').run('p', '/p', 1);
  return Number(
    sqlite
      .prepare(
        'INSERT INTO sessions (claude_session_id, project, cwd, started_at, updated_at) VALUES (?, ?, ?, ?, ?)',
      )
      .run('s', 'p', '/p', 1, 1).lastInsertRowid,
  );
}

/** The same writes on both databases; the batch part deferred on one of them. */
function writes(sqlite: Database.Database, defer: boolean): void {
  const s = session(sqlite);
  const ins = sqlite.prepare(
    `INSERT INTO observations (session_id, prompt_number, tool_name, tool_input, title, narrative, files_modified, created_at, updated_at)
     VALUES (?, 1, ?, ?, ?, ?, ?, ?, 1)`,
  );
  const add = (i: number, title: string): number =>
    Number(
      ins.run(
        s,
        'Edit',
        JSON.stringify({ file_path: `/p/src/mod_${i}.ts` }),
        title,
        `Claude: note ${i}`,
        '[]',
        i,
      ).lastInsertRowid,
    );
  const old = add(0, 'Edited QuillorbComputers older row');
  const batch = (): void => {
    const a = add(1, 'Edited zanzibar ledger');
    const b = add(2, 'Edited wobbly cachefile');
    add(3, 'Edited frobnicate parser');
    sqlite.prepare('UPDATE observations SET title = ? WHERE id = ?').run('Edited zanzibar totals', a);
    sqlite.prepare('DELETE FROM observations WHERE id = ?').run(b);
    sqlite.prepare('UPDATE observations SET narrative = ? WHERE id = ?').run('Claude: renamed gazpacho', old);
  };
  sqlite.transaction(() => (defer ? withDeferredIndex(sqlite, batch) : batch()))();
}

const vocab = (sqlite: Database.Database): unknown[] =>
  sqlite.prepare('SELECT term, doc, cnt FROM observations_fts_vocab ORDER BY term').all();
const matches = (sqlite: Database.Database, q: string): number[] =>
  sqlite
    .prepare('SELECT rowid FROM observations_fts WHERE observations_fts MATCH ? ORDER BY rowid')
    .pluck()
    .all(q) as number[];
const trigram = (sqlite: Database.Database, s: string): number[] =>
  sqlite
    .prepare('SELECT rowid FROM observations_trgm WHERE paths LIKE ? ORDER BY rowid')
    .pluck()
    .all(`%${s}%`) as number[];

describe('deferred observation index', () => {
  const dbs: OpenedDatabase[] = [];
  afterEach(() => {
    for (const d of dbs.splice(0)) d.close();
  });

  it('indexes a batch at its end exactly as row by row, updates and deletes inside it included', () => {
    const rowByRow = open();
    const deferred = open();
    dbs.push(rowByRow, deferred);
    writes(rowByRow.sqlite, false);
    writes(deferred.sqlite, true);
    expect(vocab(deferred.sqlite)).toEqual(vocab(rowByRow.sqlite));
    for (const q of ['zanzibar', 'totals', 'ledger', 'wobbly', 'frobnicate', 'gazpacho', 'note', 'quillorb'])
      expect(matches(deferred.sqlite, q), q).toEqual(matches(rowByRow.sqlite, q));
    expect(matches(deferred.sqlite, 'totals')).toHaveLength(1);
    expect(matches(deferred.sqlite, 'wobbly')).toEqual([]);
    for (const p of ['mod_1', 'mod_2', 'mod_3'])
      expect(trigram(deferred.sqlite, p), p).toEqual(trigram(rowByRow.sqlite, p));
  });

  it('outside a deferred batch the triggers index every row at once', () => {
    const d = open();
    dbs.push(d);
    session(d.sqlite);
    d.sqlite
      .prepare(
        `INSERT INTO observations (session_id, prompt_number, tool_name, title, created_at, updated_at) VALUES (1, 1, 'Bash', 'Ran glorpify', 1, 1)`,
      )
      .run();
    expect(matches(d.sqlite, 'glorpify')).toHaveLength(1);
  });
});
