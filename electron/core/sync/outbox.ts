/**
 * The outbox (`sync_outbox`, filled by migration 0015's triggers) drained into this machine's
 * segments; the one writer of `sync_outbox` and `sync_switch` (the switch the triggers look at). Only the rows whose records reached the file (fsynced) leave it, so a write cut short
 * (a full disk) is finished by a later drain. A folder set for the first time gets everything
 * local queued here, so that first write resumes the same way.
 */
import type Database from 'better-sqlite3';
import type { SyncRecord } from '../../shared/contract/sync.js';
import type { RecordSource } from './records.js';
import { AppendError, type SegmentWriter } from './writer.js';

const BATCH = 2000;

/** Drains the outbox into the writer: rows changed here, in records that may leave. */
export function drainOutbox(db: Database.Database, src: RecordSource, w: SegmentWriter): number {
  const take = db.prepare<[number], { kind: string; row_id: number }>(
    `SELECT kind, row_id FROM sync_outbox ORDER BY CASE kind WHEN 'session' THEN 0 WHEN 'prompt' THEN 1
       WHEN 'observation' THEN 2 WHEN 'summary' THEN 3 ELSE 4 END, row_id LIMIT ?`,
  );
  const done = db.prepare<[string, number]>('DELETE FROM sync_outbox WHERE kind = ? AND row_id = ?');
  let total = 0;
  for (;;) {
    const rows = take.all(BATCH);
    if (rows.length === 0) return total;
    src.refresh();
    const out: SyncRecord[] = [];
    /** Per row: where its record is (or would be) in `out`. */
    const at: number[] = [];
    for (const r of rows) {
      at.push(out.length);
      const rec = recordFor(src, r.kind, r.row_id);
      if (rec) out.push(rec);
    }
    let failed: AppendError | null = null;
    try {
      w.append(out);
    } catch (err) {
      if (!(err instanceof AppendError)) throw err;
      failed = err;
    }
    const written = failed ? failed.records : out.length;
    // A row leaves once its record is in the file (a row without a record has nothing to wait for).
    const leave = rows.filter((_, i) => at[i]! < written || at[i] === (at[i + 1] ?? out.length));
    db.transaction(() => {
      for (const r of leave) done.run(r.kind, r.row_id);
    }).immediate();
    total += written;
    if (failed) throw failed;
  }
}

/** Changes waiting to be written. */
export function pendingCount(db: Database.Database): number {
  return db.prepare<[], { n: number }>('SELECT count(*) AS n FROM sync_outbox').get()!.n;
}

/**
 * A folder's first use: the switch turned on for it (the triggers fill the outbox from now on) and
 * every local row that may leave queued, with this machine's deletions, in one transaction.
 */
export function queueEverything(db: Database.Database, folder: string, now: number): void {
  const local = 'SELECT id FROM sessions WHERE origin IS NULL';
  db.transaction(() => {
    db.exec('DELETE FROM sync_outbox');
    db.prepare('INSERT OR REPLACE INTO sync_switch (id, folder, since) VALUES (1, ?, ?)').run(folder, now);
    db.exec(`
    INSERT OR IGNORE INTO sync_outbox (kind, row_id) SELECT 'session', id FROM sessions WHERE origin IS NULL;
    INSERT OR IGNORE INTO sync_outbox (kind, row_id)
      SELECT 'prompt', id FROM user_prompts WHERE session_id IN (${local});
    INSERT OR IGNORE INTO sync_outbox (kind, row_id)
      SELECT 'observation', id FROM observations WHERE session_id IN (${local});
    INSERT OR IGNORE INTO sync_outbox (kind, row_id)
      SELECT 'summary', id FROM session_summaries WHERE session_id IN (${local});
    INSERT OR IGNORE INTO sync_outbox (kind, row_id)
      SELECT 'tombstone', rowid FROM sync_tombstones WHERE author IS NULL;
    `);
  })();
}

/** Sync turned off: the switch off (the triggers stop filling the outbox) and the outbox emptied. */
export function switchOff(db: Database.Database): void {
  db.exec('DELETE FROM sync_switch; DELETE FROM sync_outbox;');
}

function recordFor(src: RecordSource, kind: string, id: number): SyncRecord | null {
  if (kind === 'tombstone') return src.tombstoneById(id);
  if (kind === 'project') return src.projectById(id);
  if (kind === 'session') {
    const s = src.session(id);
    return s && s.origin === null && src.mayLeave(s) ? src.sessionRecord(s) : null;
  }
  const hit =
    kind === 'prompt'
      ? src.promptById(id)
      : kind === 'observation'
        ? src.observationById(id)
        : src.summaryById(id);
  return hit && hit.session.origin === null && src.mayLeave(hit.session) ? hit.record : null;
}
