/**
 * Helpers for the proof suites (tests/proof): a seeded PRNG, a fingerprint of every table (to
 * prove a rejected request wrote nothing), the route table discovered from the source (so a new
 * route is fuzzed and guarded without anyone remembering to list it), and a serve child process.
 */
import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { VERBS, type VerbName } from '../../electron/shared/contract/verbs.js';

/** mulberry32: small, fast, reproducible. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const pick = <T>(rnd: () => number, xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;

/** Row count and a content hash of every user table (FTS shadow tables included). */
export function dbFingerprint(db: Database.Database): Record<string, string> {
  const tables = db
    .prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`)
    .all() as Array<{ name: string }>;
  const out: Record<string, string> = {};
  for (const { name } of tables) {
    // Maintenance's own size samples: written on its schedule (first run 5 min after start), whatever
    // the inputs, so a long fuzz run sees one. Not data from a request. Retention's marks likewise.
    if (name === 'storage_samples' || name === 'retention_marks') continue;
    const h = createHash('sha256');
    let n = 0;
    for (const row of db.prepare(`SELECT * FROM "${name}"`).iterate()) {
      h.update(JSON.stringify(row, (_k, v: unknown) => (Buffer.isBuffer(v) ? v.toString('hex') : v)));
      n++;
    }
    out[name] = `${n}:${h.digest('hex').slice(0, 16)}`;
  }
  return out;
}

/** Same, opening the file read-only (another process may own it). */
export function fileFingerprint(file: string): Record<string, string> {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return dbFingerprint(db);
  } finally {
    db.close();
  }
}

export interface DiscoveredRoute {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  path: string;
  auth: boolean;
  file: string;
}

function walk(dir: string, out: string[]): string[] {
  for (const f of readdirSync(dir)) {
    const p = join(dir, f);
    if (statSync(p).isDirectory()) walk(p, out);
    else if (f.endsWith('.ts') && !f.endsWith('.test.ts')) out.push(p);
  }
  return out;
}

/**
 * Every route declared under electron/core (the service builds its table from exactly these): the
 * `{ method: 'X', path: '/…' }` object literals, and the declared verbs' routes
 * (`verbRoute(VERBS.name, {…})` or `method: VERBS.name.method`), their method and path taken from
 * the verb table. `auth: false` is read from the same object literal.
 */
export function discoverRoutes(root = join(process.cwd(), 'electron', 'core')): DiscoveredRoute[] {
  const out: DiscoveredRoute[] = [];
  const literal = /method:\s*'(GET|POST|PUT|DELETE|PATCH)',\s*path:\s*'([^']+)'([^}]*?)(?:handler|\})/g;
  const ofVerb = /(?:verbRoute\(VERBS\.(\w+),\s*\{|method:\s*VERBS\.(\w+)\.method,)([^}]*?)(?:handler|\})/g;
  for (const file of walk(root, [])) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(literal)) {
      out.push({
        method: m[1] as DiscoveredRoute['method'],
        path: m[2]!,
        auth: !/auth:\s*false/.test(m[3] ?? ''),
        file,
      });
    }
    for (const m of text.matchAll(ofVerb)) {
      const verb = VERBS[(m[1] ?? m[2]) as VerbName];
      out.push({ method: verb.method, path: verb.path, auth: !/auth:\s*false/.test(m[3] ?? ''), file });
    }
  }
  return out;
}

/** A concrete path for a route pattern, filling `:params` with `value`. */
export function fillPath(pattern: string, value: (name: string) => string): string {
  return pattern.replace(/:([A-Za-z]+)/g, (_m, k: string) => value(k));
}
