/** Rows as the sync area reads them (their SQL lives with ingest, the tables' owner). */
export { SESSION_COLS, type ObservationRow, type SessionRow } from '../ingest/merge-sql.js';
