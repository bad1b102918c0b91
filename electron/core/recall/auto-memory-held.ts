/**
 * What Claude Code's auto memory of a project already says (its notes, kept as memories by the
 * capture plugin): Claude Code loads `MEMORY.md` into the session itself, so the digest leaves out
 * an item whose title the notes already hold, word for word (case and punctuation aside). This
 * machine's notes only: a peer's (arrived by sync) are not in this machine's Claude Code.
 */
import type Database from 'better-sqlite3';
import { OWN_AUTO_MEMORY_SESSIONS } from '../ingest/auto-memory.js';

/** Titles shorter than this (normalized) are too generic to call held. */
const MIN_TITLE = 16;

const normalize = (s: string): string =>
  ` ${s
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()} `;

export class AutoMemoryHeld {
  private readonly stmt: Database.Statement<[string], string | null>;

  constructor(sqlite: Database.Database) {
    this.stmt = sqlite
      .prepare<[string], string | null>(
        `SELECT group_concat(coalesce(o.title, '') || ' ' || coalesce(o.subtitle, '') || ' ' ||
           coalesce(o.narrative, ''), ' ')
         FROM observations o JOIN sessions s ON s.id = o.session_id
         WHERE ${OWN_AUTO_MEMORY_SESSIONS} AND s.project = ?`,
      )
      .pluck();
  }

  /** Whether a title is held by the project's auto-memory notes. */
  of(project: string): (title: string) => boolean {
    const text = this.stmt.get(project);
    if (!text) return () => false;
    const held = normalize(text);
    return (title) => {
      const t = normalize(title);
      return t.length - 2 >= MIN_TITLE && held.includes(t);
    };
  }
}
