import Database from 'better-sqlite3';
import { SearchEngine } from '../../electron/core/recall/search.js';
import { NTH_MATCH_SQL, rankSql } from '../../electron/core/recall/search-sql.js';
import { loadCorpusText } from './corpus-text.js';
const db = new Database('/tmp/p5x/bench1m/memtray.db', { readonly: true });
const c = loadCorpusText('../shared/corpus');
const e = new SearchEngine(db, () => Date.now());
const T = (label: string, f: () => unknown, n = 5) => {
  f();
  const t0 = performance.now();
  let r: unknown;
  for (let i = 0; i < n; i++) r = f();
  console.log(
    label.padEnd(40),
    ((performance.now() - t0) / n).toFixed(2),
    String(JSON.stringify(r)).slice(0, 60),
  );
};
const rare = c.identifiers[6000]!.toLowerCase(),
  common = c.identifiers[150]!.toLowerCase(),
  vc = c.identifiers[5]!.toLowerCase();
for (const w of [rare, common, vc]) {
  T(`search ${w}`, () => e.search({ q: w, limit: 20, offset: 0 }).items.length);
  T(
    `  count`,
    () =>
      db
        .prepare('select count(*) from observations_fts where observations_fts match ?')
        .pluck()
        .get(`"${w}"`),
    1,
  );
  T(`  nth obs`, () => db.prepare(NTH_MATCH_SQL.observation).get(`"${w}"`, 1999));
  T(`  nth sum`, () => db.prepare(NTH_MATCH_SQL.summary).get(`"${w}"`, 1999));
  T(`  nth prompt`, () => db.prepare(NTH_MATCH_SQL.prompt).get(`"${w}"`, 1999));
  const nth =
    (db.prepare(NTH_MATCH_SQL.observation).get(`"${w}"`, 1999) as { id: number } | undefined)?.id ?? 1;
  T(
    `  rank obs`,
    () => db.prepare(rankSql('observation', {})).all({ match: `"${w}"`, minId: nth - 1, k: 150 }).length,
  );
  T(
    `  rank sum full`,
    () => db.prepare(rankSql('summary', {})).all({ match: `"${w}"`, minId: 0, k: 150 }).length,
  );
  T(
    `  rank prompt full`,
    () => db.prepare(rankSql('prompt', {})).all({ match: `"${w}"`, minId: 0, k: 150 }).length,
  );
}
T('search typo', () => e.search({ q: 'Terinal', limit: 20, offset: 0 }).items.length, 2);
T('search path', () => e.search({ q: 'hooks/basic_test.go', limit: 20, offset: 0 }).items.length, 2);
T('search sentence', () => e.search({ q: 'List all files', limit: 20, offset: 0 }).items.length, 2);
