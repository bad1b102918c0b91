/**
 * Database size over time: one sample per maintenance run in `storage_samples` (this module owns
 * the table), kept 35 days; Health shows the size and the growth per day over the last week.
 */
import type Database from 'better-sqlite3';
import { DAY_MS } from './retention.js';

export interface Growth {
  /** Bytes per day over the samples of the last 7 days (null until they span at least a day). */
  bytesPerDay: number | null;
  /** Events received per day over the last 7 days (or since the first event, if later). */
  eventsPerDay: number | null;
  days: number;
  samples: number;
}

export function recordSample(db: Database.Database, at: number, dbBytes: number): void {
  // The highest event id: every event ever received (deletes do not lower it).
  const events = (db.prepare('SELECT coalesce(max(id), 0) AS n FROM events').get() as { n: number }).n;
  db.transaction(() => {
    db.prepare('INSERT OR REPLACE INTO storage_samples (at, db_bytes, events) VALUES (?, ?, ?)').run(
      at,
      dbBytes,
      events,
    );
    db.prepare('DELETE FROM storage_samples WHERE at < ?').run(at - 35 * DAY_MS);
  }).immediate();
}

/** Growth over the last week, from the samples (cheap: a handful of rows). */
export function growth(db: Database.Database, now: number): Growth {
  const rows = db
    .prepare('SELECT at, db_bytes AS b, events AS e FROM storage_samples WHERE at >= ? ORDER BY at')
    .all(now - 7 * DAY_MS) as Array<{ at: number; b: number; e: number }>;
  const first = rows[0];
  const last = rows[rows.length - 1];
  const days = first && last ? (last.at - first.at) / DAY_MS : 0;
  const ok = first !== undefined && last !== undefined && days >= 1;
  return {
    bytesPerDay: ok ? Math.round((last.b - first.b) / days) : null,
    eventsPerDay: ok ? Math.round((last.e - first.e) / days) : null,
    days: Math.round(days * 10) / 10,
    samples: rows.length,
  };
}
