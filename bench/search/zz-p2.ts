import Database from 'better-sqlite3';
import { SearchEngine } from '../../electron/core/recall/search.js';
const db = new Database('/tmp/p5x/bench1m/memtray.db', { readonly: true });
const e = new SearchEngine(db, () => Date.now());
const acc: Record<string, number> = {};
const proto = SearchEngine.prototype as unknown as Record<string, (...a: unknown[]) => unknown>;
for (const m of ['ranked', 'bm25', 'newest', 'substrings', 'snippets', 'hydrate']) {
  const orig = proto[m]!;
  proto[m] = function (this: unknown, ...a: unknown[]) {
    const t0 = performance.now();
    try {
      return orig.apply(this, a);
    } finally {
      acc[m] = (acc[m] ?? 0) + performance.now() - t0;
    }
  };
}
const typo = (e as unknown as { typo: Record<string, (...a: unknown[]) => unknown> }).typo;
for (const m of ['isKnown', 'correct']) {
  const orig = typo[m]!.bind(typo);
  typo[m] = (...a: unknown[]) => {
    const t0 = performance.now();
    try {
      return orig(...a);
    } finally {
      acc['typo.' + m] = (acc['typo.' + m] ?? 0) + performance.now() - t0;
    }
  };
}
for (const q of process.argv.slice(2)) {
  e.search({ q, limit: 20, offset: 0 });
  for (const k of Object.keys(acc)) delete acc[k];
  const t0 = performance.now();
  const n = 3;
  for (let i = 0; i < n; i++) e.search({ q, limit: 20, offset: 0 });
  console.log(
    q,
    ((performance.now() - t0) / n).toFixed(1),
    Object.entries(acc)
      .map(([k, v]) => `${k}=${(v / n).toFixed(1)}`)
      .join(' '),
  );
}
const st = (sql: string) => db.prepare(sql);
