/**
 * Hybrid ranking: reciprocal rank fusion of the lexical ranking (search.ts, intent boosts and
 * collapsing included) with the nearest vectors. An item's score is Σ 1 / (K + rank) over the
 * lists it is in; K = 60 as in Cormack et al. (2009), so agreement between the two lists counts
 * more than first place in either.
 */
import type Database from 'better-sqlite3';
import type { Hit } from '../page.js';
import { filterIdsSql, type Filters, type Kind } from '../search-sql.js';
import type { Near } from './store.js';

export const RRF_K = 60;
/** Nearest vectors that take part (after filters). */
export const SEMANTIC_DEPTH = 50;
/** Cosine distance past which a neighbour is not a match at all (orthogonal or worse). */
export const MAX_DISTANCE = 0.95;

/** The neighbours that pass the search's kinds and filters, nearest first. */
export function filterNear(
  stmt: (sql: string) => Database.Statement,
  near: Near[],
  kinds: Kind[],
  f: Filters,
  bind: Record<string, unknown>,
): Near[] {
  const ok = new Set<string>();
  for (const kind of kinds) {
    const ids = near.filter((n) => n.kind === kind).map((n) => n.id);
    if (ids.length === 0) continue;
    const rows = stmt(filterIdsSql(kind, f))
      .pluck()
      .all({ ...bind, ids: JSON.stringify(ids) }) as number[];
    for (const id of rows) ok.add(`${kind}:${id}`);
  }
  return near
    .filter((n) => n.distance <= MAX_DISTANCE && ok.has(`${n.kind}:${n.id}`))
    .slice(0, SEMANTIC_DEPTH);
}

/** The fused ranking; `needles` mark the snippets of hits found by vectors alone. */
export function fuse(lexical: Hit[], near: Near[], needles: string[]): Hit[] {
  const byKey = new Map<string, { hit: Hit; score: number }>();
  lexical.forEach((h, i) => byKey.set(`${h.kind}:${h.id}`, { hit: h, score: 1 / (RRF_K + i + 1) }));
  near.forEach((n, i) => {
    const key = `${n.kind}:${n.id}`;
    const s = 1 / (RRF_K + i + 1);
    const had = byKey.get(key);
    if (had) had.score += s;
    else byKey.set(key, { hit: { kind: n.kind, id: n.id, score: 0, match: null, needles }, score: s });
  });
  return [...byKey.values()]
    .sort((a, b) => b.score - a.score)
    .map(({ hit, score }) => ({ ...hit, score: Math.round(score * 1e6) / 1e3 }));
}
