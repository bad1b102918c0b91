/**
 * Where a question's words occur, by session: among the newest SAMPLE memories and the newest
 * SAMPLE prompts holding each word, how many fall in each session (and its project). Both the
 * project a question describes (infer-project.ts) and the session it is about (session-focus.ts)
 * are read from these counts, as the summed log-lift of the question's words (`leader`). Looked up
 * once per word until something is written (data-version.ts).
 */
import type Database from 'better-sqlite3';
import { MEMO_MAX } from './data-version.js';
import { term } from './query.js';

/** Rows of each word looked at (the newest), and the lead in summed log-lift a winner needs. */
const SAMPLE = 200;
const MARGIN = 2;
/** How many rows' worth of the word's overall share each count starts from. */
const MU = 10;

const BY_SESSION = `SELECT x.session, s.project, sum(x.n) AS n FROM (
    SELECT o.session_id AS session, count(*) AS n
    FROM (SELECT rowid AS id FROM observations_fts WHERE observations_fts MATCH :m ORDER BY rowid DESC LIMIT ${SAMPLE}) f
    JOIN observations o ON o.id = f.id GROUP BY o.session_id
  UNION ALL
    SELECT p.session_id AS session, count(*) AS n
    FROM (SELECT rowid AS id FROM prompts_fts WHERE prompts_fts MATCH :m ORDER BY rowid DESC LIMIT ${SAMPLE}) f
    JOIN user_prompts p ON p.id = f.id GROUP BY p.session_id
  ) x JOIN sessions s ON s.id = x.session GROUP BY x.session`;

export interface WordRows {
  session: number;
  project: string;
  n: number;
}

type Stmt = (sql: string) => Database.Statement;

/** The counts of each word by session, kept while the index stays as it is (`begin`). */
export class WordSessions {
  private readonly memo = new Map<string, WordRows[]>();

  constructor(private readonly stmt: Stmt) {}

  /** A new search: forget the counts if the index `changed` since the last one (or too many are kept). */
  begin(changed: boolean): void {
    if (changed || this.memo.size > MEMO_MAX) this.memo.clear();
  }

  of(word: string): WordRows[] {
    let rows = this.memo.get(word);
    if (!rows) {
      rows = this.stmt(BY_SESSION).all({ m: term(word, false) }) as WordRows[];
      this.memo.set(word, rows);
    }
    return rows;
  }
}

/**
 * Of `sizes` (rows each candidate holds), the one whose rows hold the words far more often than
 * its size predicts: each word's count in it (`counts`, one map per word, candidates only) against
 * the word's share of all candidates' rows, smoothed towards that share by MU rows' worth (a small
 * candidate's one matching row is weak evidence, not certainty). Summed over the words, its log-lift
 * must lead the next one's by MARGIN (e² ≈ 7 times as likely); null otherwise.
 */
export function leader<K>(sizes: Map<K, number>, counts: Array<Map<K, number>>): K | null {
  if (sizes.size < 2) return null;
  const total = [...sizes.values()].reduce((a, b) => a + b, 0);
  const lift = new Map<K, number>([...sizes.keys()].map((k) => [k, 0]));
  for (const byKey of counts) {
    const all = [...byKey.values()].reduce((a, b) => a + b, 0);
    if (all === 0 || total === 0) continue;
    const base = Math.min(all / total, 1);
    for (const [k, n] of sizes)
      lift.set(k, lift.get(k)! + Math.log(((byKey.get(k) ?? 0) + MU * base) / (n + MU) / base));
  }
  const [first, second] = [...lift.entries()].sort((a, b) => b[1] - a[1]);
  return first && second && first[1] - second[1] >= MARGIN ? first[0] : null;
}

/** Sums `rows` by `key`, keeping only the keys `keep` holds. */
export function countBy<K>(rows: WordRows[], key: (r: WordRows) => K, keep: Map<K, number>): Map<K, number> {
  const out = new Map<K, number>();
  for (const r of rows) {
    const k = key(r);
    if (keep.has(k)) out.set(k, (out.get(k) ?? 0) + r.n);
  }
  return out;
}
