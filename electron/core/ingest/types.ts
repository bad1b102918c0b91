/** The Ingestor's public types: what it needs (deps), what it takes (options), what it answers. */
import type { ProjectionCost } from './projection-cost.js';
import type { JobQueue } from '../jobs/queue.js';
import type { ProjectStore } from '../projects/store.js';
import type Database from 'better-sqlite3';
import type { CleanSettings } from '../privacy/clean.js';
import type { SettingsStore } from '../settings/store.js';
import type { Bus } from '../util/bus.js';
import type { Clock } from '../util/clock.js';
import type { Logger } from '../util/logger.js';
import type { GroupCommit } from './group-commit.js';
import type { HookPayload } from './payloads.js';

/** Structured fields an extractor can fill (see compression). */
export interface StructuredFields {
  type: string;
  title: string;
  subtitle?: string | null;
  facts: string[];
  narrative?: string | null;
  concepts: string[];
  filesRead: string[];
  filesModified: string[];
}

export interface RuleInput {
  toolName: string;
  toolInput: unknown;
  toolResponse: unknown;
  failed: boolean;
  cwd: string | null;
}

export interface IngestDeps {
  sqlite: Database.Database;
  bus: Bus;
  clock: Clock;
  settings: SettingsStore;
  /** The projects table's owner: names for new sessions, capture switches, skip counts. */
  projects: ProjectStore;
  /** The jobs table's owner: ingest queues its jobs through it, in its own transaction. */
  jobs: JobQueue;
  /** This install's machine id (config/machine.ts): it names this machine's auto-memory sessions. */
  machine: string;
  /** Secret redaction applied to every stored string when the `redactSecrets` setting is on. */
  redact: (text: string, settings: CleanSettings) => string;
  /** Deterministic extractor applied at once, so nothing waits on an API. */
  extractRules?: (input: RuleInput) => StructuredFields | null;
  /** When writes are grouped into shared commits, notifications wait for the shared COMMIT. */
  groupCommit?: GroupCommit;
  /** Where projection failures are reported. */
  logger?: Logger;
  /** Whether an `observe` job should be queued for the LLM extractor (e.g. an API key is set). */
  wantsLlmJob?: (settings: SettingsStore) => boolean;
}

/** A hook body validated, cleaned and serialized for the journal (server/hook-prep.ts). */
export interface PreparedHook {
  json: string;
  sessionId: string | null;
  cwd: string | null;
  /**
   * The cleaned payload `json` serializes (the same JSON value): handed to the projector in memory,
   * so it need not read the event back and parse it again. Never mutated after it is prepared.
   */
  payload: HookPayload;
}

export type IngestSource = 'http' | 'hook' | 'spool' | 'transcript' | 'api';

export interface IngestOptions {
  source?: IngestSource;
  /** Idempotency id: an event with a uid already stored is ignored (spool import, reconciliation). */
  eventUid?: string;
  /** Time the event happened (transcripts, spool); defaults to now. */
  at?: number;
}

export type SkipReason =
  | 'paused'
  | 'project-disabled'
  | 'excluded-path'
  /** A run MemTray started itself (see util/internal-runs.ts): never captured. */
  | 'memtray-internal'
  | 'skip-tool'
  | 'private-prompt'
  | 'duplicate'
  | 'empty-prompt'
  | 'no-session';

export interface HookResult {
  stored: boolean;
  skipped?: SkipReason;
  eventId?: number;
  sessionDbId?: number;
  promptNumber?: number;
  observationId?: number;
}

/**
 * The journal as the projector sees it (the ingestor implements it): what waits, a slice of it
 * projected, the index merge steps, and a cue when an event is journaled. Nothing else of the
 * ingestor is the projector's.
 */
export interface Journal {
  /** Whether any journaled event still waits for projection. */
  hasJournaled(): boolean;
  /** Projects up to `limit` events within about `budgetMs`; how many it took. */
  projectJournal(limit: number, budgetMs?: number): number;
  /** Projects every journaled event now, synchronously. */
  drainJournal(): void;
  /** Whether the last slice stopped at its budget with events left in it. */
  readonly lastSliceCut: boolean;
  /** One step of the search index's merges, about `budgetMs`; whether work may remain. */
  mergeIndex(budgetMs: number): boolean;
  /** Whether the index may have segments to merge. */
  readonly mergeDue: boolean;
  /** What projection costs, measured (projection-cost.ts): the one model both sides use. */
  readonly cost: ProjectionCost;
  /** `cue` runs after each journaled event's COMMIT (one cue: the projector's). */
  whenJournaled(cue: () => void): void;
}
