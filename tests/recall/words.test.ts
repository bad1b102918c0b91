/**
 * Identifier splitting (index and query side) and the observation index's content: a connection
 * without MemTray's SQL function can still read every table (backups, fingerprints, the sqlite3
 * shell); only writing observations needs it.
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseQuery } from '../../electron/core/recall/query.js';
import { identifierParts, splitIdentifiers } from '../../electron/core/db/identifiers.js';
import { startTestService, type TestService } from '../helpers/service.js';
import { insertObservation } from './seed.js';

describe('identifier splitting', () => {
  it('splits camelCase words, not ids, hashes or single letters', () => {
    expect(identifierParts('TranscriptComputers')).toEqual(['transcript', 'computers']);
    expect(identifierParts('XMLHttpRequest')).toEqual(['xml', 'http', 'request']);
    for (const w of ['016N9xYb4W1SVrXDHzrcReG9', 'v2Api', 'iPhone', 'plain', 'ABC'])
      expect(identifierParts(w)).toEqual([]);
    expect(splitIdentifiers('Edited TranscriptComputers and useEffect; toolu_016N9xYb4W1SVrXDHzrcReG9')).toBe(
      'transcript computers use effect',
    );
    expect(parseQuery('which file has TranscriptComputers?').tokens).toEqual([
      'which',
      'file',
      'has',
      'transcript',
      'computers',
    ]);
  });
});

describe('the observation index without the SQL function', () => {
  let t: TestService;
  beforeAll(async () => {
    t = await startTestService();
    insertObservation(t.service.core.sqlite, {
      project: 'webshop',
      title: 'Created QuillorbComputers',
      at: Date.now(),
    });
  });
  afterAll(async () => {
    await t.dispose();
  });

  it('is readable by a plain connection, columns included', () => {
    const db = new Database(join(t.dataDir, 'memtray.db'), { readonly: true });
    try {
      const rows = db
        .prepare(
          `SELECT rowid, title FROM observations_fts WHERE observations_fts MATCH '"quillorb" "computers"'`,
        )
        .all() as Array<{ title: string }>;
      expect(rows.map((r) => r.title)).toEqual(['Created QuillorbComputers']);
      expect((db.prepare('SELECT count(*) AS n FROM observations_trgm').get() as { n: number }).n).toBe(1);
    } finally {
      db.close();
    }
  });
});
