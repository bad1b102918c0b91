/**
 * One value for each hit of a ranking (when it happened, its session), read with one statement per
 * kind of memory, each statement given the kind's ids at once.
 */
import type Database from 'better-sqlite3';
import { SEARCH_KINDS } from '../../shared/contract/search.js';
import { hitKey, type HitKey } from './cursor.js';
import type { Kind } from './search-sql.js';

/**
 * `sql[kind]`'s value for each of `hits`, by `kind:id`. Each statement takes the kind's ids as a
 * JSON array (`?`) and returns rows of two columns: the id, then the value.
 */
export function valuesOf(
  stmt: (sql: string) => Database.Statement,
  hits: readonly HitKey[],
  sql: Record<Kind, string>,
): Map<string, number> {
  const out = new Map<string, number>();
  for (const kind of SEARCH_KINDS) {
    const ids = hits.filter((h) => h.kind === kind).map((h) => h.id);
    if (ids.length === 0) continue;
    const rows = stmt(sql[kind]).raw().all(JSON.stringify(ids)) as Array<[number, number]>;
    for (const [id, value] of rows) out.set(hitKey({ kind, id }), value);
  }
  return out;
}
