/**
 * Retention: raw tool responses older than `rawDays` are replaced by a small marker in the
 * observations, and the raw tool events (`events`, the audit table and the largest part of the
 * database) are compacted: the response becomes a marker that keeps its error fields, and the tool
 * input keeps only its small fields (file paths, command head, description, ...). Structured memory
 * (title, facts, narrative, files), prompts and everything session state derives from stay.
 * Responses of at most `keepBytes` (errors, short outputs) are kept. Pending observations (not yet
 * compressed) and events not yet projected are never touched (retention-compact.ts: what a row
 * becomes).
 *
 * How a run walks a table: by id, `SCAN` rows per read, reading only what decides (time, state,
 * size, whether already compacted); reads take no lock. The rows to compact are read whole and
 * compacted outside any transaction, then written in short write transactions of at most `batch`
 * rows (each UPDATE checks again that its row is unchanged), with `between` after each, so the
 * service's hooks get the write lock between them. A mark per table (`retention_marks`, owned here)
 * says up to which id every row is settled: looked at once old and done, and compacted if it
 * could be. The next run starts after it, so a run reads the rows that grew old since the last one,
 * not the whole history again. A row that is not settled (recent, pending, not projected) holds the
 * mark back; the walk goes on past it. A run cut short loses only progress, never a compaction:
 * the mark is saved with the writes it covers.
 */
import type Database from 'better-sqlite3';
import { EventsRepo } from '../ingest/events-repo.js';
import { ObservationsRepo } from '../ingest/observations-repo.js';
import {
  compactToolEvent,
  DROPPED_PREFIX,
  droppedMarker,
  isObject,
  MARK_PREFIX,
  TOOL_EVENTS,
} from './retention-compact.js';

export const DAY_MS = 86_400_000;

export interface RetentionResult {
  cutoff: number;
  observations: number;
  events: number;
  bytesDropped: number;
  /** Rows the run looked at (those after each table's mark). */
  scanned: number;
}

export interface RetentionOptions {
  rawDays: number;
  now: number;
  /** Responses up to this size are kept (default 1024 characters). */
  keepBytes?: number;
  /** Rows per write transaction, or a function asked before each one (default 500; the worker uses fewer). */
  batch?: number | (() => number);
  /** Called between two transactions (the worker sleeps there, so the service's writes get in). */
  between?: () => void;
}

/** Rows per read of a walk: id, time, state and size only. */
const SCAN = 2_000;
const TOOL_LIST = TOOL_EVENTS.map((e) => `'${e}'`).join(', ');

/** One read of a walk: only the rows that matter in it (see `scanSql`). */
interface Scanned {
  id: number;
  /** Not settled yet (recent, pending, not projected): the first such row holds the mark. */
  held: 0 | 1;
  /** Settled, bigger than `keep` in bytes, not compacted yet: read whole and compacted. */
  candidate: 0 | 1;
  /** Rows this read covered. */
  n: number;
}

/**
 * One read of `SCAN` rows after `@after`, in SQL: of them, only the candidates, the first row not
 * settled, and the last row come back (a first run at 1M reads two million rows; handing each to
 * JavaScript cost seconds). `held`: the row is not settled (`unsettled` holds for it).
 */
function scanSql(db: Database.Database, table: string, unsettled: string, bulky: string): Database.Statement {
  return db.prepare(
    `SELECT id, held, candidate, n FROM (
       SELECT id, held, candidate, n, rn, min(CASE WHEN held = 1 THEN rn END) OVER () AS firstHeld
       FROM (
         SELECT id, held, candidate, row_number() OVER (ORDER BY id) AS rn, count(*) OVER () AS n
         FROM (
           SELECT id, CASE WHEN ${unsettled} THEN 1 ELSE 0 END AS held,
                  CASE WHEN ${unsettled} THEN 0 WHEN ${bulky} THEN 1 ELSE 0 END AS candidate
           FROM ${table} WHERE id > @after ORDER BY id LIMIT @scan
         )
       )
     ) WHERE candidate = 1 OR rn = firstHeld OR rn = n ORDER BY id`,
  );
}

/** A row's new value, with what its UPDATE checks and what it drops. */
interface Change {
  id: number;
  value: string;
  /** The row's `length()` when it was read: its UPDATE changes it only if that is still so. */
  check: number;
  bytes: number;
}

interface Table {
  name: 'observations' | 'events';
  scan: Database.Statement;
  /** The candidates' new values (reads only). */
  changes: (ids: number[]) => Change[];
  /** Writes one change; false when the row changed since it was read (or is compacted already). */
  write: (c: Change) => boolean;
}

function tables(db: Database.Database, keep: number): Table[] {
  const whole = (sql: string) => db.prepare(`${sql} WHERE id IN (SELECT value FROM json_each(?))`);
  const obsLengths = whole('SELECT id, length(tool_response) AS n FROM observations');
  const evPayloads = whole('SELECT id, event_name AS e, payload, length(payload) AS n FROM events');
  // Both tables are written by their repositories (ingest/), which compact a row in place.
  const obs = ObservationsRepo.of(db);
  const events = EventsRepo.of(db);
  return [
    {
      name: 'observations',
      scan: scanSql(
        db,
        'observations',
        "created_at >= @cutoff OR status = 'pending'",
        `coalesce(octet_length(tool_response), 0) > @keep AND tool_response NOT LIKE '${DROPPED_PREFIX}%'`,
      ),
      changes: (ids) =>
        (obsLengths.all(JSON.stringify(ids)) as Array<{ id: number; n: number }>)
          .filter((r) => r.n > keep)
          .map((r) => ({ id: r.id, value: droppedMarker(r.n), check: r.n, bytes: r.n })),
      write: (c) => obs.compactResponse(c, DROPPED_PREFIX),
    },
    {
      name: 'events',
      scan: scanSql(
        db,
        'events',
        'received_at >= @cutoff OR projected = 0',
        `event_name IN (${TOOL_LIST}) AND coalesce(octet_length(payload), 0) > @keep
           AND substr(payload, 1, ${MARK_PREFIX.length}) != '${MARK_PREFIX}'`,
      ),
      changes: (ids) => {
        const out: Change[] = [];
        for (const r of evPayloads.all(JSON.stringify(ids)) as Array<{
          id: number;
          e: string;
          payload: string;
          n: number;
        }>) {
          if (r.n <= keep) continue;
          let payload: unknown;
          try {
            payload = JSON.parse(r.payload);
          } catch {
            continue;
          }
          if (!isObject(payload)) continue;
          const compacted = compactToolEvent(r.e, payload, keep);
          if (!compacted) continue;
          const text = JSON.stringify(compacted);
          if (text.length >= r.payload.length) continue;
          // `check` is SQLite's length (characters), which the UPDATE compares; `bytes` as before.
          out.push({ id: r.id, value: text, check: r.n, bytes: r.payload.length - text.length });
        }
        return out;
      },
      write: (c) => events.compactPayload(c, MARK_PREFIX),
    },
  ];
}

export function applyRetention(db: Database.Database, opts: RetentionOptions): RetentionResult {
  const cutoff = opts.now - opts.rawDays * DAY_MS;
  const keep = opts.keepBytes ?? 1024;
  const batch = (): number =>
    Math.max(1, typeof opts.batch === 'function' ? opts.batch() : (opts.batch ?? 500));
  const between = opts.between ?? ((): void => {});
  const out: RetentionResult = { cutoff, observations: 0, events: 0, bytesDropped: 0, scanned: 0 };
  const readMark = db.prepare('SELECT after_id FROM retention_marks WHERE name = ?').pluck();
  const saveMark = db.prepare(
    'INSERT INTO retention_marks (name, after_id) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET after_id = excluded.after_id',
  );

  for (const t of tables(db, keep)) {
    // Keyed by the size kept too: a different `keep` settles rows differently.
    const markName = `${t.name}:${keep}`;
    let after = (readMark.get(markName) as number | undefined) ?? 0;
    let settled = after;
    let saved = after;
    let holding = false;
    for (;;) {
      const rows = t.scan.all({ after, cutoff, keep, scan: SCAN }) as Scanned[];
      if (rows.length === 0) break;
      out.scanned += rows[0]!.n;
      const held = rows.find((r) => r.held === 1);
      if (!holding) settled = held ? held.id - 1 : rows[rows.length - 1]!.id;
      if (held) holding = true;
      after = rows[rows.length - 1]!.id;
      // A batch's candidates are read whole and compacted just before its write (not all of a read's
      // at once: 2,000 payloads parsed in one go is a burst of the worker's CPU beside the service).
      const ids = rows.filter((r) => r.candidate === 1).map((r) => r.id);
      for (let i = 0; i < ids.length;) {
        const part = t.changes(ids.slice(i, (i += batch())));
        const last = i >= ids.length;
        if (part.length === 0 && !(last && settled > saved)) continue;
        db.transaction(() => {
          for (const c of part) {
            if (!t.write(c)) continue;
            out.bytesDropped += c.bytes;
            out[t.name] += 1;
          }
          // The mark covers this read's rows only once all their writes are in.
          if (last && settled > saved) saveMark.run(markName, (saved = settled));
        }).immediate();
        between();
      }
    }
    if (settled > saved) {
      saveMark.run(markName, settled);
      between();
    }
  }
  return out;
}
