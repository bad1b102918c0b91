/**
 * Search keeps what it looked up about the index while the database stays as it is: a write on the
 * search's own connection or a commit by another connection tells it to look again, so a memory
 * written between two searches is found by the second.
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../electron/core/core.js';
import { featureCoreOptions } from '../../electron/core/features.js';
import { registerFunctions } from '../../electron/core/db/identifiers.js';
import { DataVersion } from '../../electron/core/recall/data-version.js';
import { SearchEngine } from '../../electron/core/recall/search.js';
import { MIGRATIONS_DIR, tempDir } from '../helpers/service.js';
import { insertObservation } from './seed.js';

let core: Core | null = null;
let other: Database.Database | null = null;
afterEach(() => {
  other?.close();
  core?.close();
  other = core = null;
});

/** A second connection to the same file, as another process would open it. */
function second(dir: string): Database.Database {
  other = new Database(join(dir, 'memtray.db'));
  registerFunctions(other);
  return other;
}

function open(): { sqlite: Database.Database; dir: string } {
  const dir = tempDir();
  core = createCore({ dataDir: dir, migrationsDir: MIGRATIONS_DIR, ...featureCoreOptions() });
  return { sqlite: core.sqlite, dir };
}

describe('DataVersion', () => {
  it("says changed first, then only after this connection's writes or another's commits", () => {
    const { sqlite, dir } = open();
    const version = new DataVersion(sqlite);
    expect(version.changed()).toBe(true);
    expect(version.changed()).toBe(false);
    sqlite.prepare('SELECT count(*) FROM observations').get();
    expect(version.changed()).toBe(false);
    insertObservation(sqlite, { project: 'dv', title: 'Tuned the cache', type: 'change', at: Date.now() });
    expect(version.changed()).toBe(true);
    expect(version.changed()).toBe(false);
    insertObservation(second(dir), {
      project: 'dv',
      title: 'Tuned the queue',
      type: 'change',
      at: Date.now(),
    });
    expect(version.changed()).toBe(true);
    expect(version.changed()).toBe(false);
  });
});

describe('SearchEngine between writes', () => {
  it('finds a memory another connection wrote after the last search', () => {
    const { sqlite, dir } = open();
    sqlite.transaction(() => {
      for (let i = 0; i < 40; i++)
        insertObservation(sqlite, {
          project: 'dv',
          title: `Tuned the zephyrine cache ${i}`,
          type: 'change',
          at: Date.now() - 60_000 + i,
        });
    })();
    const engine = new SearchEngine(sqlite, () => Date.now());
    const titles = () => engine.search({ q: 'zephyrine', limit: 5 }).items.map((i) => i.title);
    expect(titles()).not.toContain('Tuned the zephyrine queue');
    insertObservation(second(dir), {
      project: 'dv',
      title: 'Tuned the zephyrine queue',
      type: 'change',
      at: Date.now(),
    });
    expect(titles()[0]).toBe('Tuned the zephyrine queue');
  });
});
