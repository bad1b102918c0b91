/**
 * What compression reads (observations to extract); its results are written by ingest, the owner of
 * those tables (ingest/results.ts).
 */
import type Database from 'better-sqlite3';
import type { ObservationRow } from '../ingest/observations-repo.js';

/** The columns an extraction reads of an observation. */
export type ObserveRow = Pick<
  ObservationRow,
  | 'id'
  | 'sessionId'
  | 'promptNumber'
  | 'toolName'
  | 'toolInput'
  | 'toolResponse'
  | 'failed'
  | 'cwd'
  | 'title'
  | 'status'
>;

export function loadObservations(db: Database.Database, ids: number[]): ObserveRow[] {
  if (ids.length === 0) return [];
  const rows = db
    .prepare(
      `SELECT id, session_id AS sessionId, prompt_number AS promptNumber, tool_name AS toolName, tool_input AS toolInput,
              tool_response AS toolResponse, failed, cwd, title, status
       FROM observations WHERE id IN (${ids.map(() => '?').join(',')}) ORDER BY id`,
    )
    .all(...ids) as Array<Omit<ObserveRow, 'failed'> & { failed: number }>;
  return rows.map((r) => ({ ...r, failed: r.failed === 1 }));
}
