/**
 * Whether the database changed since the last search: a row this connection wrote
 * (`total_changes()`) or a commit by another connection (`PRAGMA data_version`). What a search
 * looked up about the index (how many rows hold a word, which sessions they fall in) stays true
 * until then, so repeated words cost their lookups once.
 */
import type Database from 'better-sqlite3';

/** Memos are cleared past this many entries, so a long run of distinct words stays bounded. */
export const MEMO_MAX = 20_000;

export class DataVersion {
  private readonly own: Database.Statement;
  private readonly others: Database.Statement;
  private last = '';

  constructor(sqlite: Database.Database) {
    this.own = sqlite.prepare('SELECT total_changes()').pluck();
    this.others = sqlite.prepare('PRAGMA data_version').pluck();
  }

  /** True on the first call and whenever the database changed since the previous call. */
  changed(): boolean {
    const now = `${String(this.own.get())}:${String(this.others.get())}`;
    const changed = now !== this.last;
    this.last = now;
    return changed;
  }
}
