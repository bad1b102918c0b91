/**
 * What compression reads (observations to extract); its results are written by ingest, the owner of
 * those tables (ingest/results.ts).
 */
import type Database from 'better-sqlite3';

export interface ObservationRow {
  id: number;
  sessionId: number;
  promptNumber: number;
  toolName: string;
  toolInput: string | null;
  toolResponse: string | null;
  failed: number;
  cwd: string | null;
  title: string | null;
  status: string;
}

export function loadObservations(db: Database.Database, ids: number[]): ObservationRow[] {
  if (ids.length === 0) return [];
  return db
    .prepare(
      `SELECT id, session_id AS sessionId, prompt_number AS promptNumber, tool_name AS toolName, tool_input AS toolInput,
              tool_response AS toolResponse, failed, cwd, title, status
       FROM observations WHERE id IN (${ids.map(() => '?').join(',')}) ORDER BY id`,
    )
    .all(...ids) as ObservationRow[];
}

export function parseJson(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
