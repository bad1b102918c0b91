/**
 * MemTray's database schema (drizzle-orm, SQLite).
 *
 * Times are integer milliseconds since the epoch. JSON lists are stored as TEXT holding JSON.
 * Migrations are generated from this file by drizzle-kit (`npm run db:generate`); the FTS5
 * tables and their triggers live in a hand-written custom migration next to the generated ones.
 */
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { sql } from 'drizzle-orm';

export const SESSION_STATUSES = ['initialized', 'active', 'completed'] as const;
export type SessionStatus = (typeof SESSION_STATUSES)[number];

export const sessions = sqliteTable(
  'sessions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    claudeSessionId: text('claude_session_id').notNull().unique(),
    project: text('project').notNull(),
    cwd: text('cwd'),
    transcriptPath: text('transcript_path'),
    firstPrompt: text('first_prompt'),
    promptCounter: integer('prompt_counter').notNull().default(0),
    /** 1 while the latest prompt was entirely private: that prompt's observations are skipped. */
    currentPromptPrivate: integer('current_prompt_private', { mode: 'boolean' }).notNull().default(false),
    status: text('status', { enum: SESSION_STATUSES }).notNull().default('initialized'),
    completionReason: text('completion_reason'),
    startedAt: integer('started_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
    completedAt: integer('completed_at'),
    /** The worktree (its top level) and branch the session ran in, when in a git repository. */
    worktree: text('worktree'),
    branch: text('branch'),
    /** The machine this session was imported or synced from; null when captured here (sync/). */
    origin: text('origin'),
    /** The coding agent whose hooks recorded the session (shared/contract/agents.ts). */
    agent: text('agent').notNull().default('claude-code'),
  },
  (t) => [
    index('sessions_project_started').on(t.project, t.startedAt),
    index('sessions_updated').on(t.updatedAt),
  ],
);

export const userPrompts = sqliteTable(
  'user_prompts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    sessionId: integer('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    promptNumber: integer('prompt_number').notNull(),
    prompt: text('prompt').notNull(),
    /** Transcript message uuid when the prompt came from transcript reconciliation or import. */
    sourceUuid: text('source_uuid'),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('user_prompts_session_number').on(t.sessionId, t.promptNumber),
    uniqueIndex('user_prompts_source_uuid').on(t.sourceUuid),
    index('user_prompts_created').on(t.createdAt),
  ],
);

export const OBSERVATION_STATUSES = ['pending', 'processed', 'failed'] as const;
export type ObservationStatus = (typeof OBSERVATION_STATUSES)[number];

export const observations = sqliteTable(
  'observations',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    sessionId: integer('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    promptNumber: integer('prompt_number').notNull().default(0),
    toolName: text('tool_name').notNull(),
    toolUseId: text('tool_use_id'),
    /** JSON text, after privacy stripping and secret redaction. */
    toolInput: text('tool_input'),
    /** JSON text, after privacy stripping and secret redaction; may be dropped by retention. */
    toolResponse: text('tool_response'),
    /** 1 when Claude Code reported the tool call as failed (PostToolUseFailure). */
    failed: integer('failed', { mode: 'boolean' }).notNull().default(false),
    cwd: text('cwd'),
    createdAt: integer('created_at').notNull(),
    // Structured fields, filled by compression.
    type: text('type'),
    title: text('title'),
    subtitle: text('subtitle'),
    facts: text('facts'),
    narrative: text('narrative'),
    concepts: text('concepts'),
    filesRead: text('files_read'),
    filesModified: text('files_modified'),
    producedBy: text('produced_by'),
    status: text('status', { enum: OBSERVATION_STATUSES }).notNull().default('pending'),
    updatedAt: integer('updated_at').notNull(),
    /** Stable id across machines, given when the row first leaves this one (export, sync). */
    uid: text('uid'),
  },
  (t) => [
    uniqueIndex('observations_session_tool_use').on(t.sessionId, t.toolUseId),
    uniqueIndex('observations_uid')
      .on(t.uid)
      .where(sql`uid IS NOT NULL`),
    index('observations_session_created').on(t.sessionId, t.createdAt),
    index('observations_session_type').on(t.sessionId, t.type, t.createdAt),
    index('observations_created').on(t.createdAt),
  ],
);

export const sessionSummaries = sqliteTable('session_summaries', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  sessionId: integer('session_id')
    .notNull()
    .unique()
    .references(() => sessions.id, { onDelete: 'cascade' }),
  promptNumber: integer('prompt_number').notNull().default(0),
  request: text('request'),
  investigated: text('investigated'),
  learned: text('learned'),
  completed: text('completed'),
  nextSteps: text('next_steps'),
  filesRead: text('files_read'),
  filesEdited: text('files_edited'),
  notes: text('notes'),
  producedBy: text('produced_by'),
  createdAt: integer('created_at').notNull(),
  updatedAt: integer('updated_at').notNull(),
});

export const events = sqliteTable(
  'events',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    eventName: text('event_name').notNull(),
    /** Claude Code's session id, as received (not the sessions row id). */
    claudeSessionId: text('claude_session_id'),
    /** JSON text of the payload after privacy stripping and redaction. */
    payload: text('payload').notNull(),
    /** Idempotency id for replayed events (spool import, transcript reconciliation). */
    eventUid: text('event_uid'),
    source: text('source').notNull().default('http'),
    receivedAt: integer('received_at').notNull(),
    /**
     * Whether the rows this event implies (session, prompt, observation, job) exist yet: 1 done,
     * 0 journaled by the hook endpoint and waiting for the projector, 2 projection failed (logged).
     */
    projected: integer('projected').notNull().default(1),
  },
  (t) => [
    index('events_session').on(t.claudeSessionId, t.id),
    index('events_unprojected')
      .on(t.id)
      .where(sql`projected = 0`),
    // Unique where set; live hook posts carry none, so they add nothing to this index.
    uniqueIndex('events_event_uid')
      .on(t.eventUid)
      .where(sql`event_uid IS NOT NULL`),
  ],
);

export const projects = sqliteTable(
  'projects',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** Shown name, unique: the repository's folder name, made distinct when two share it. */
    name: text('name').notNull().unique(),
    /** Identity: `git:<common git dir>` or `path:<dir>` (projects/identity.ts); null before adoption. */
    key: text('key'),
    rootPath: text('root_path'),
    captureEnabled: integer('capture_enabled', { mode: 'boolean' }).notNull().default(true),
    /** Events answered 2xx but not stored because capture was off (project toggle or global pause). */
    skippedEvents: integer('skipped_events').notNull().default(0),
    createdAt: integer('created_at').notNull(),
    lastActivityAt: integer('last_activity_at'),
    /** The capture toggle's own time and the machine that made it (null: this one); sync orders by them. */
    captureAt: integer('capture_at'),
    captureBy: text('capture_by'),
  },
  (t) => [
    uniqueIndex('projects_key')
      .on(t.key)
      .where(sql`key IS NOT NULL`),
  ],
);

export const JOB_STATUSES = ['pending', 'leased', 'done', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export const jobs = sqliteTable(
  'jobs',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    kind: text('kind').notNull(),
    subjectId: integer('subject_id').notNull(),
    payload: text('payload'),
    status: text('status', { enum: JOB_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    runAfter: integer('run_after').notNull(),
    leaseUntil: integer('lease_until'),
    lastError: text('last_error'),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [index('jobs_status_run_after').on(t.status, t.runAfter)],
);

export const settings = sqliteTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: integer('updated_at').notNull(),
});

/** One row per Messages API call made by compression. */
export const llmUsage = sqliteTable(
  'llm_usage',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    day: text('day').notNull(),
    model: text('model').notNull(),
    kind: text('kind').notNull(),
    inputTokens: integer('input_tokens').notNull().default(0),
    outputTokens: integer('output_tokens').notNull().default(0),
    cacheReadTokens: integer('cache_read_tokens').notNull().default(0),
    cacheWriteTokens: integer('cache_write_tokens').notNull().default(0),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('llm_usage_day').on(t.day, t.model)],
);

/** History of transcript imports (`memtray import`, first-run import, reconciliation sweeps). */
export const importRuns = sqliteTable('import_runs', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  source: text('source').notNull(),
  status: text('status', { enum: ['running', 'done', 'failed'] }).notNull(),
  filesTotal: integer('files_total').notNull().default(0),
  filesDone: integer('files_done').notNull().default(0),
  sessions: integer('sessions').notNull().default(0),
  prompts: integer('prompts').notNull().default(0),
  toolCalls: integer('tool_calls').notNull().default(0),
  skippedLines: integer('skipped_lines').notNull().default(0),
  /** Folders the import could not read (permissions, vanished): skipped, counted. */
  skippedDirs: integer('skipped_dirs').notNull().default(0),
  error: text('error'),
  /** Why a finished run stored nothing: the folders it looked at and what it found there. */
  note: text('note'),
  startedAt: integer('started_at').notNull(),
  finishedAt: integer('finished_at'),
});

/**
 * Work items that failed and are not retried (poison pills): a transcript that is not a regular file
 * or too big, a spool file that could not be imported, a session whose reconciliation threw. Shown in
 * Health. A transcript is tried again only once its size or mtime (`stamp`) changed.
 */
export const quarantine = sqliteTable(
  'quarantine',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    kind: text('kind').notNull(),
    item: text('item').notNull(),
    stamp: text('stamp').notNull().default(''),
    reason: text('reason').notNull(),
    failures: integer('failures').notNull().default(1),
    firstAt: integer('first_at').notNull(),
    lastAt: integer('last_at').notNull(),
  },
  (t) => [uniqueIndex('quarantine_kind_item').on(t.kind, t.item)],
);

/** Database size over time, one sample per maintenance run (owner: maintenance/). */
export const storageSamples = sqliteTable('storage_samples', {
  at: integer('at').primaryKey(),
  dbBytes: integer('db_bytes').notNull(),
  /** The highest event id at that time (events received so far). */
  events: integer('events').notNull(),
});

/**
 * Semantic search bookkeeping (owner: recall/vectors). Per kind, rows with id <= lastId are
 * embedded under the model in embedMeta; embedDirty holds keys (id * 4 + kind code) to re-embed or
 * drop. The vectors are in the sqlite-vec table `memtray_vectors`, created at run time (its
 * dimension is the model's), not by a migration.
 */
export const embedCursor = sqliteTable('embed_cursor', {
  kind: text('kind').primaryKey(),
  lastId: integer('last_id').notNull(),
});

export const embedMeta = sqliteTable('embed_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

export const embedDirty = sqliteTable('embed_dirty', {
  key: integer('key').primaryKey(),
});
/**
 * Deletions that propagate to other machines (owner: sync/). `author` null: deleted here; `owner`:
 * the machine that authored the row (null: this one); `state`: see migration 0019.
 */
export const syncTombstones = sqliteTable(
  'sync_tombstones',
  {
    kind: text('kind').notNull(),
    uid: text('uid').notNull(),
    author: text('author'),
    deletedAt: integer('deleted_at').notNull(),
    state: text('state', { enum: ['done', 'unseen', 'pending', 'held', 'rejected', 'undone'] })
      .notNull()
      .default('done'),
    owner: text('owner'),
    receivedAt: integer('received_at'),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.uid] }),
    index('sync_tombstones_open')
      .on(t.state, t.author)
      .where(sql`state <> 'done'`),
  ],
);

/** What a peer's deletions removed, as records, restorable for a while (owner: sync/). */
export const syncTrash = sqliteTable(
  'sync_trash',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    kind: text('kind', { enum: ['session', 'observation'] }).notNull(),
    uid: text('uid').notNull(),
    peer: text('peer').notNull(),
    project: text('project').notNull(),
    title: text('title'),
    trashedAt: integer('trashed_at').notNull(),
    asked: integer('asked').notNull().default(0),
    records: text('records').notNull(),
  },
  (t) => [index('sync_trash_peer').on(t.peer, t.trashedAt)],
);

/** Rows changed since the sync writer last ran, filled by triggers while sync is on (owner: sync/). */
export const syncOutbox = sqliteTable(
  'sync_outbox',
  {
    kind: text('kind').notNull(),
    rowId: integer('row_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.rowId] })],
);

/** One row while a sync folder is configured: the outbox triggers fire only then (owner: sync/). */
export const syncSwitch = sqliteTable('sync_switch', {
  id: integer('id').primaryKey(),
  folder: text('folder').notNull(),
  since: integer('since').notNull(),
});

/** How far each peer's segment file was read and applied (owner: sync/). */
export const syncCursors = sqliteTable(
  'sync_cursors',
  {
    peer: text('peer').notNull(),
    file: text('file').notNull(),
    segment: text('segment').notNull(),
    offset: integer('offset').notNull(),
    records: integer('records').notNull(),
    lastAt: integer('last_at'),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.peer, t.file] })],
);
