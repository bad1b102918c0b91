/**
 * What gets embedded: the text of each observation (episodes and decisions included), session
 * summary and prompt, read in id order above the kind's cursor, or by key for rows marked dirty
 * (their text changed, or they were deleted). Text is the stored, already redacted text. The one
 * writer of `embed_cursor` and `embed_dirty` (the migration's triggers mark rows dirty too).
 */
import type Database from 'better-sqlite3';
import type { Kind } from '../search-sql.js';

export const KINDS: readonly Kind[] = ['observation', 'summary', 'prompt'];
export const KIND_CODE: Record<Kind, number> = { observation: 0, summary: 1, prompt: 2 };

/** A vector's rowid: the row's id and its kind in one integer. */
export const vectorKey = (kind: Kind, id: number): number => id * 4 + KIND_CODE[kind];
export const fromKey = (key: number): { kind: Kind; id: number } => ({
  kind: KINDS[key % 4]!,
  id: Math.floor(key / 4),
});

/** Characters of text sent per memory (a model's context is a few hundred tokens and up). */
export const MAX_CHARS = 2_000;

const TEXT_SQL: Record<Kind, string> = {
  // A raw observation (no title yet) is known by its tool and what its input names.
  observation: `SELECT id, concat_ws('\n', title, subtitle, facts, narrative,
      CASE WHEN title IS NULL THEN concat_ws(' ', tool_name, input) END) AS text
    FROM observations_search_src`,
  summary: `SELECT id, concat_ws('\n', request, investigated, learned, completed, next_steps, notes) AS text
    FROM session_summaries`,
  prompt: 'SELECT id, prompt AS text FROM user_prompts',
};
const COUNT_SQL: Record<Kind, string> = {
  observation: 'SELECT count(*) FROM observations WHERE id <= ?',
  summary: 'SELECT count(*) FROM session_summaries WHERE id <= ?',
  prompt: 'SELECT count(*) FROM user_prompts WHERE id <= ?',
};

export interface Item {
  key: number;
  /** null: the row is gone (its vector is dropped). */
  text: string | null;
}

export interface Batch {
  items: Item[];
  /** The dirty keys this batch settles. */
  dirty: number[];
  /** The cursor this batch advances, if any. */
  cursor: { kind: Kind; lastId: number } | null;
}

const clip = (t: string | null): string | null => {
  if (t === null) return null;
  const s = t.replace(/\s+/g, ' ').trim();
  return s.length > MAX_CHARS ? s.slice(0, MAX_CHARS) : s;
};

export class Texts {
  private readonly stmts = new Map<string, Database.Statement>();
  constructor(private readonly db: Database.Database) {}

  private stmt(sql: string): Database.Statement {
    let s = this.stmts.get(sql);
    if (!s) this.stmts.set(sql, (s = this.db.prepare(sql)));
    return s;
  }

  cursor(kind: Kind): number {
    const v = this.stmt('SELECT last_id FROM embed_cursor WHERE kind = ?').pluck().get(kind) as
      number | undefined;
    return v ?? 0;
  }

  /** The next batch: dirty rows first, then new rows of each kind in turn; null when all is done. */
  next(size: number): Batch | null {
    const dirty = this.stmt('SELECT key FROM embed_dirty ORDER BY key LIMIT ?').pluck().all(size) as number[];
    if (dirty.length > 0) {
      const items = dirty.map((key) => {
        const { kind, id } = fromKey(key);
        const row = this.stmt(`${TEXT_SQL[kind]} WHERE id = ?`).get(id) as
          { text: string | null } | undefined;
        return { key, text: row ? (clip(row.text) ?? '') : null };
      });
      return { items, dirty, cursor: null };
    }
    for (const kind of KINDS) {
      const from = this.cursor(kind);
      const rows = this.stmt(`${TEXT_SQL[kind]} WHERE id > ? ORDER BY id LIMIT ?`).all(from, size) as Array<{
        id: number;
        text: string | null;
      }>;
      if (rows.length === 0) continue;
      return {
        items: rows.map((r) => ({ key: vectorKey(kind, r.id), text: clip(r.text) ?? '' })),
        dirty: [],
        cursor: { kind, lastId: rows[rows.length - 1]!.id },
      };
    }
    return null;
  }

  /** Marks a batch done (inside the caller's transaction). */
  settle(b: Batch): void {
    const del = this.stmt('DELETE FROM embed_dirty WHERE key = ?');
    for (const k of b.dirty) del.run(k);
    if (b.cursor)
      this.stmt(
        'INSERT INTO embed_cursor(kind, last_id) VALUES (?, ?) ON CONFLICT(kind) DO UPDATE SET last_id = excluded.last_id',
      ).run(b.cursor.kind, b.cursor.lastId);
  }

  /** Forget every cursor and dirty key (a new model: everything is embedded again). */
  reset(): void {
    this.db.exec('DELETE FROM embed_cursor; DELETE FROM embed_dirty;');
  }

  /** Rows embedded so far (at or below the cursors) and rows in all. */
  progress(): { embedded: number; total: number } {
    let embedded = 0;
    let total = 0;
    for (const k of KINDS) {
      embedded += this.stmt(COUNT_SQL[k]).pluck().get(this.cursor(k)) as number;
      total += this.stmt(COUNT_SQL[k]).pluck().get(Number.MAX_SAFE_INTEGER) as number;
    }
    return { embedded, total };
  }
}
