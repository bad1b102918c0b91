/**
 * Identifier splitting (index and query side) and the observation index's content: a connection
 * without MemTray's SQL function can still read every table (backups, fingerprints, the sqlite3
 * shell); only writing observations needs it.
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseQuery } from '../../electron/core/recall/query.js';
import { identifierParts, splitCamelOnly, splitIdentifiers } from '../../electron/core/db/identifiers.js';
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

/** The splitting as one expression did it, before the character scan: the index must not change. */
function splitRef(text: string): string | null {
  const re = /[\p{L}\p{N}]*(?:\p{Ll}\p{Lu}|\p{Lu}\p{Lu}\p{Ll})[\p{L}\p{N}]*/gu;
  const seen = new Set<string>();
  const out: string[] = [];
  for (const m of text.slice(0, 20_000).matchAll(re)) {
    if (seen.has(m[0])) continue;
    seen.add(m[0]);
    out.push(...identifierParts(m[0]));
    if (out.length >= 400) break;
  }
  return out.length > 0 ? out.slice(0, 400).join(' ') : null;
}

describe('identifier splitting keeps the index as it was', () => {
  it('gives what the single expression gave, on random text of every kind of character (camelCase parts; the CJK pairs: cjk.test.ts)', () => {
    // Lower, upper, digits, separators, accented and title-case letters, a non-BMP letter and
    // emoji, combining marks: every class the scan and the expression decide on.
    const pieces = [
      'a',
      'b',
      'z',
      'A',
      'B',
      'Z',
      '0',
      '7',
      ' ',
      '_',
      '-',
      '.',
      '/',
      '\n',
      'é',
      'É',
      'ß',
      'ǅ',
      'Ω',
      'ω',
      '𝒳',
      '😀',
      '\u0301',
      'İ',
      '日',
    ];
    let seed = 42;
    const rand = (): number => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let k = 0; k < 2000; k++) {
      let t = '';
      const len = 1 + Math.floor(rand() * 60);
      for (let i = 0; i < len; i++) t += pieces[Math.floor(rand() * pieces.length)];
      expect(splitCamelOnly(t), JSON.stringify(t)).toBe(splitRef(t));
    }
    const words = 'parseConfig HTTPServer XMLHttpRequest getÜberValue ÉcoleNormale fooBar fooBar plain';
    expect(splitCamelOnly(words)).toBe(splitRef(words));
    const long = `${'useEffect '.repeat(10)}${Array.from({ length: 900 }, (_v, i) => `someName${String.fromCharCode(65 + (i % 26))}x${i}Word`).join(' ')}`;
    expect(splitCamelOnly(long)).toBe(splitRef(long));
    const cut = `${'ab '.repeat(6_666)}x𝒳AbCd`; // MAX_INPUT cuts a surrogate pair
    expect(splitCamelOnly(cut)).toBe(splitRef(cut));
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

describe('a dotted number in a question', () => {
  let t: TestService;
  beforeAll(async () => {
    t = await startTestService();
    const now = Date.now();
    insertObservation(t.service.core.sqlite, {
      project: 'kiln',
      title: 'Commit the release',
      narrative: 'Tagged 0.2.0: the journal is written before the reply',
      at: now - 3_600_000,
    });
    for (let i = 0; i < 8; i++)
      insertObservation(t.service.core.sqlite, {
        project: 'kiln',
        title: `Run the release tests ${i}`,
        narrative: `0 failed, 2 passed, ${i} skipped; release build 2 of 0 retries on port 2020`,
        at: now - i * 60_000,
      });
  });
  afterAll(async () => t.dispose());

  it('is one word (a version, a timing, an address), matched as the phrase of its parts', async () => {
    expect(parseQuery('what went into 0.2.0 and 127.0.0.1?').tokens).toEqual([
      'what',
      'went',
      'into',
      '0.2.0',
      'and',
      '127.0.0.1',
    ]);
    const r = await t.api(
      'GET',
      `/api/search?q=${encodeURIComponent('what did the 0.2.0 release hold?')}&limit=5`,
    );
    expect((r.json as { items: Array<{ title: string }> }).items[0]?.title).toBe('Commit the release');
  });
});
