/**
 * Compression results, written by the owner of observations and session summaries: an observation's
 * structured fields (rules or a model), its status, the one summary per session. Called inside the
 * compression worker's transactions; the worker says so on the bus after its COMMIT.
 */
import type Database from 'better-sqlite3';
import type { ObservationStatus } from '../../../drizzle/schema.js';
import { ObservationsRepo } from './observations-repo.js';
import { SummariesRepo } from './summaries-repo.js';
import type { StructuredFields } from './types.js';

/** Writes the structured fields of one observation (an UPDATE of that row: one per raw observation). */
export function writeObservation(
  db: Database.Database,
  id: number,
  f: StructuredFields,
  producedBy: string,
  now: number,
): void {
  ObservationsRepo.of(db).writeStructured(
    id,
    {
      type: f.type,
      title: f.title,
      subtitle: f.subtitle ?? null,
      facts: JSON.stringify(f.facts),
      narrative: f.narrative ?? null,
      concepts: JSON.stringify(f.concepts),
      filesRead: JSON.stringify(f.filesRead),
      filesModified: JSON.stringify(f.filesModified),
    },
    producedBy,
    now,
  );
}

export function setObservationStatus(
  db: Database.Database,
  id: number,
  status: ObservationStatus,
  now: number,
): void {
  ObservationsRepo.of(db).setStatus(id, status, now);
}

export interface SummaryFields {
  request: string | null;
  investigated: string | null;
  learned: string | null;
  completed: string | null;
  nextSteps: string | null;
  filesRead: string[];
  filesEdited: string[];
  notes: string | null;
}

/** One summary per session: a later Stop updates the row. Returns the row id. */
export function upsertSummary(
  db: Database.Database,
  sessionId: number,
  promptNumber: number,
  s: SummaryFields,
  producedBy: string,
  now: number,
): number {
  return SummariesRepo.of(db).upsert({
    sessionId,
    promptNumber,
    ...s,
    filesRead: JSON.stringify(s.filesRead),
    filesEdited: JSON.stringify(s.filesEdited),
    producedBy,
    createdAt: now,
    updatedAt: now,
  });
}
