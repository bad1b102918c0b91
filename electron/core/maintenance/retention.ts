/**
 * Retention: raw tool responses older than `rawDays` are replaced by a small marker, in the
 * observations and in the raw hook events; the structured memory (title, facts, narrative, files)
 * and the tool input stay, so search, context and session state keep working. Responses of at most
 * `keepBytes` (errors, short outputs) are kept. Pending observations (not yet compressed) are never
 * touched. Work runs in small transactions so ingest is never blocked for long.
 */
import type Database from 'better-sqlite3';

export const DAY_MS = 86_400_000;

export interface RetentionResult {
  cutoff: number;
  observations: number;
  events: number;
  bytesDropped: number;
}

export interface RetentionOptions {
  rawDays: number;
  now: number;
  /** Responses up to this size are kept (default 1024 characters). */
  keepBytes?: number;
  /** Rows per transaction (default 500). */
  batch?: number;
}

export const droppedMarker = (bytes: number): string =>
  JSON.stringify({ memtrayRetention: 'dropped', bytes });

export function applyRetention(db: Database.Database, opts: RetentionOptions): RetentionResult {
  const cutoff = opts.now - opts.rawDays * DAY_MS;
  const keep = opts.keepBytes ?? 1024;
  const batch = opts.batch ?? 500;
  const out: RetentionResult = { cutoff, observations: 0, events: 0, bytesDropped: 0 };

  const obsIds = db.prepare(
    `SELECT id, length(tool_response) AS n FROM observations
     WHERE created_at < @cutoff AND status != 'pending' AND length(tool_response) > @keep
       AND tool_response NOT LIKE '{"memtrayRetention":%'
     LIMIT @batch`,
  );
  const obsSet = db.prepare(`UPDATE observations SET tool_response = @marker WHERE id = @id`);
  const evIds = db.prepare(
    `SELECT id, length(json_extract(payload, '$.tool_response')) AS n FROM events
     WHERE received_at < @cutoff AND event_name IN ('PostToolUse', 'PostToolUseFailure')
       AND json_valid(payload) AND length(json_extract(payload, '$.tool_response')) > @keep
       AND json_extract(payload, '$.tool_response.memtrayRetention') IS NULL
     LIMIT @batch`,
  );
  const evSet = db.prepare(
    `UPDATE events SET payload = json_set(payload, '$.tool_response', json(@marker)) WHERE id = @id`,
  );

  const step = (select: Database.Statement, update: Database.Statement): number =>
    db.transaction(() => {
      const rows = select.all({ cutoff, keep, batch }) as Array<{ id: number; n: number }>;
      for (const r of rows) {
        update.run({ id: r.id, marker: droppedMarker(r.n) });
        out.bytesDropped += r.n;
      }
      return rows.length;
    })();

  for (let n = step(obsIds, obsSet); n > 0; n = step(obsIds, obsSet)) out.observations += n;
  for (let n = step(evIds, evSet); n > 0; n = step(evIds, evSet)) out.events += n;
  return out;
}
