/**
 * Export, import and sync: the record format shared by archives (`memtray export`) and sync
 * segments (`<folder>/memtray/<machine>/…`), and the HTTP shapes of `/api/export`, `/api/import`
 * and `/api/sync`. zod only: the renderer bundles this file. See docs/explanation/sync.md.
 */
import { z } from 'zod';
import { MAX_TIME } from '../time';

export const ARCHIVE_FORMAT = 'memtray-archive';
export const ARCHIVE_VERSION = 1;
/** Any one text field of a record (a tool input or response is at most one hook event). */
const MAX_TEXT = 8 * 1024 * 1024;

const text = z.string().max(MAX_TEXT);
const opt = text.nullable();
/** A time in ms since the epoch, within the date range (a record with one outside is refused). */
const ms = z.number().int().nonnegative().max(MAX_TIME);
const uid = z.string().min(1).max(300);
/** A machine id: what names its folder in the sync folder. */
export const machineIdSchema = z.string().regex(/^[a-f0-9]{16,64}$/);

const sessionRecord = z.object({
  k: z.literal('session'),
  uid,
  origin: machineIdSchema.nullable(),
  project: z.string().min(1).max(1000),
  cwd: opt,
  firstPrompt: opt,
  promptCounter: z.number().int().nonnegative(),
  status: z.enum(['initialized', 'active', 'completed']),
  completionReason: opt,
  startedAt: ms,
  updatedAt: ms,
  completedAt: ms.nullable(),
});

const promptRecord = z.object({
  k: z.literal('prompt'),
  session: uid,
  project: z.string().min(1).max(1000),
  number: z.number().int().nonnegative(),
  prompt: text,
  sourceUuid: z.string().max(300).nullable(),
  createdAt: ms,
});

const observationRecord = z.object({
  k: z.literal('observation'),
  uid,
  session: uid,
  /** Lets an observation that arrives before its session create a stub of it. */
  project: z.string().min(1).max(1000),
  promptNumber: z.number().int().nonnegative(),
  toolName: z.string().min(1).max(300),
  toolUseId: z.string().max(300).nullable(),
  toolInput: opt,
  toolResponse: opt,
  failed: z.boolean(),
  cwd: opt,
  createdAt: ms,
  updatedAt: ms,
  type: opt,
  title: opt,
  subtitle: opt,
  facts: opt,
  narrative: opt,
  concepts: opt,
  filesRead: opt,
  filesModified: opt,
  producedBy: opt,
  status: z.enum(['pending', 'processed', 'failed']),
});

const summaryRecord = z.object({
  k: z.literal('summary'),
  session: uid,
  project: z.string().min(1).max(1000),
  promptNumber: z.number().int().nonnegative(),
  request: opt,
  investigated: opt,
  learned: opt,
  completed: opt,
  nextSteps: opt,
  filesRead: opt,
  filesEdited: opt,
  notes: opt,
  producedBy: opt,
  createdAt: ms,
  updatedAt: ms,
});

const tombstoneRecord = z.object({
  k: z.literal('tombstone'),
  kind: z.enum(['session', 'observation']),
  uid,
  at: ms,
});

/** A project's capture toggle (synced only with `sync.projectSettings`). */
const projectRecord = z.object({
  k: z.literal('project'),
  name: z.string().min(1).max(1000),
  captureEnabled: z.boolean(),
  at: ms,
});

export const syncRecord = z.discriminatedUnion('k', [
  sessionRecord,
  promptRecord,
  observationRecord,
  summaryRecord,
  tombstoneRecord,
  projectRecord,
]);
export type SyncRecord = z.infer<typeof syncRecord>;
export type SessionRecord = z.infer<typeof sessionRecord>;
export type PromptRecord = z.infer<typeof promptRecord>;
export type ObservationRecord = z.infer<typeof observationRecord>;
export type SummaryRecord = z.infer<typeof summaryRecord>;
export type TombstoneRecord = z.infer<typeof tombstoneRecord>;
export type ProjectRecord = z.infer<typeof projectRecord>;

const counts = z.object({
  sessions: z.number().int().nonnegative(),
  prompts: z.number().int().nonnegative(),
  observations: z.number().int().nonnegative(),
  summaries: z.number().int().nonnegative(),
  tombstones: z.number().int().nonnegative(),
});
export type RecordCounts = z.infer<typeof counts>;

/** The first line of a jsonl archive. */
export const archiveHeader = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  version: z.number().int().min(1),
  machine: machineIdSchema,
  exportedAt: z.string().max(40),
  counts,
  filters: z.object({
    project: z.string().max(1000).nullable(),
    since: ms.nullable(),
    /** Whether sessions of projects whose capture is off were let in (absent in older archives). */
    includeCaptureOff: z.boolean().optional(),
  }),
  note: z.string().max(2000),
});
export type ArchiveHeader = z.infer<typeof archiveHeader>;

/** `POST /api/export` body. */
export const exportRequest = z
  .object({
    project: z.string().min(1).max(1000).optional(),
    since: ms.optional(),
    format: z.enum(['jsonl', 'markdown']).default('jsonl'),
    /**
     * Also export the sessions of projects whose capture is off now (the user's explicit choice;
     * excluded paths and redaction still apply). Sync never carries them.
     */
    includeCaptureOff: z.boolean().default(false),
  })
  .strict();

/** `POST /api/data/export` with a `path`: the file written. */
export const exportResult = z.object({
  path: z.string(),
  bytes: z.number().int().nonnegative(),
  /** Record counts (jsonl; null for markdown). */
  counts: counts.nullable(),
});

/** `GET /api/data/export/left-out`: what an export leaves out because its project's capture is off now. */
export const exportLeftOut = z.object({
  sessions: z.number().int().nonnegative(),
  observations: z.number().int().nonnegative(),
  projects: z.array(z.string()).max(1000),
});
export type ExportLeftOut = z.infer<typeof exportLeftOut>;

/** `POST /api/data/export/download`: the archive's text, for the UI to save as a file. */
export const exportDownload = z.object({
  fileName: z.string().max(200),
  text: z.string(),
  counts: counts.nullable(),
});

/**
 * An archive's text uploaded by the UI (`POST /api/data/import/upload`). Bounded below the service's
 * body limit (8 MiB, ingest/limits.ts); a larger archive is imported by path (`memtray import --archive`).
 */
export const MAX_UPLOAD_CHARS = 8 * 1024 * 1024 - 1024;
export const archiveUpload = z.string().min(1).max(MAX_UPLOAD_CHARS);

/** What an import did: added, updated (a newer copy), skipped (already here, older, or deleted). */
export const importReport = z.object({
  added: counts,
  updated: z.number().int().nonnegative(),
  skipped: z.number().int().nonnegative(),
  deleted: z.number().int().nonnegative(),
  invalid: z.number().int().nonnegative(),
  /** Records that would change a session their writer did not author (docs/explanation/sync.md, Authors). */
  refused: z.number().int().nonnegative(),
});
export type ImportReport = z.infer<typeof importReport>;

/** `DELETE /api/observations/:id`. */
export const observationDeleted = z.object({ deleted: z.literal(true), id: z.number().int().positive() });

/** `POST /api/import`: starts an import of an archive's text; `GET /api/import/:id` its progress. */
export const importStarted = z.object({ id: z.number().int().positive() });
export const importProgress = z.object({
  id: z.number().int().positive(),
  status: z.enum(['running', 'done', 'failed']),
  linesDone: z.number().int().nonnegative(),
  linesTotal: z.number().int().nonnegative(),
  report: importReport,
  error: z.string().nullable(),
});
export type ImportProgress = z.infer<typeof importProgress>;

const peerStatus = z.object({
  machine: machineIdSchema,
  name: z.string().nullable(),
  /** Newest segment write seen in the folder (ms), null before anything arrived. */
  lastSeenAt: ms.nullable(),
  /** Newest record applied from this peer (ms), and bytes present but not applied yet. */
  lastAppliedAt: ms.nullable(),
  lagBytes: z.number().int().nonnegative(),
  records: z.number().int().nonnegative(),
  error: z.string().nullable(),
});
export type PeerStatus = z.infer<typeof peerStatus>;

/** A peer's deletions waiting for the user: more sessions at once than a peer may delete unasked. */
const syncHold = z.object({
  machine: machineIdSchema,
  sessions: z.number().int().nonnegative(),
  observations: z.number().int().nonnegative(),
  /** When the first of them arrived (ms, this machine's clock). */
  since: ms,
});
export type SyncHold = z.infer<typeof syncHold>;

/** `POST /api/sync/holds/:machine`: the user's decision on a peer's held deletions. */
export const holdDecision = z.strictObject({ decision: z.enum(['apply', 'reject']) });
export type HoldDecision = z.infer<typeof holdDecision>['decision'];

/** A session or memory a peer deleted, kept for `TRASH_DAYS` (restore: `POST /api/sync/trash/:id/restore`). */
const trashItem = z.object({
  id: z.number().int().positive(),
  kind: z.enum(['session', 'observation']),
  uid: z.string(),
  machine: machineIdSchema,
  project: z.string(),
  title: z.string().nullable(),
  trashedAt: ms,
  expiresAt: ms,
});
export type TrashItem = z.infer<typeof trashItem>;

/** Per peer, since the service started: records refused (authorship) and records not valid. */
const peerRefusals = z.object({
  machine: machineIdSchema,
  refused: z.number().int().nonnegative(),
  invalid: z.number().int().nonnegative(),
});
export type PeerRefusals = z.infer<typeof peerRefusals>;

/** `GET /api/sync`. */
export const syncStatus = z.object({
  enabled: z.boolean(),
  folder: z.string().nullable(),
  machine: machineIdSchema,
  /** Bytes of this machine's own segments in the folder, and of everything under memtray/. */
  ownBytes: z.number().int().nonnegative(),
  folderBytes: z.number().int().nonnegative(),
  pending: z.number().int().nonnegative(),
  lastWriteAt: ms.nullable(),
  lastScanAt: ms.nullable(),
  error: z.string().nullable(),
  peers: z.array(peerStatus),
  holds: z.array(syncHold),
  /** The trash: how many items, the newest 50 of them. */
  trash: z.object({ count: z.number().int().nonnegative(), items: z.array(trashItem) }),
  refusals: z.array(peerRefusals),
});
export type SyncStatus = z.infer<typeof syncStatus>;
