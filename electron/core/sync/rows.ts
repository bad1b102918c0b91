/** Rows as the sync area reads them (their SQL lives with ingest, the tables' owner). */
export { SESSION_COLS, type SessionSqlRow } from '../ingest/merge-sql.js';
export {
  OBSERVATION_COLUMNS,
  observationRow,
  type ObservationRow,
  type ObservationSqlRow,
} from '../ingest/observations-repo.js';
