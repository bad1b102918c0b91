/**
 * The typed contract between the UI and the MemTray service. The renderer writes every view
 * against `MemTrayApi`; two transports implement it: HTTP + SSE (headless, `memtray serve`) and
 * IPC (Electron: the preload exposes an object implementing `MemTrayApi` as `window.memtray`).
 *
 * Plain types only (no runtime imports), so both tsconfigs (node and web) can import this file.
 * Shapes mirror the HTTP API (see docs/ui.md and the cross-area contracts).
 */

import type { ExportResult, ExportToFile, ImportProgress, SyncStatus } from './contract/sync';

// ---- Service ---------------------------------------------------------------------------------

export interface Health {
  ok: boolean;
  version: string;
  uptimeMs: number;
  /** Work items that failed and are skipped (poison pills); listed by `GET /api/health/quarantine`. */
  quarantined?: number;
}

/** One quarantined work item: a transcript, a spool file or a session's reconciliation. */
export interface QuarantineItem {
  kind: string;
  /** A file path, a spool file name or a Claude session id. */
  item: string;
  /** Why it was refused or failed (never its content). */
  reason: string;
  failures: number;
  firstAt: number;
  lastAt: number;
}

/** `GET /api/health/quarantine`. */
export interface QuarantineList {
  items: QuarantineItem[];
}

export interface QueueCounts {
  pending: number;
  leased: number;
  done: number;
  failed: number;
  oldestPendingAgeMs?: number | null;
}

export interface Status extends Health {
  dataDir: string;
  paused: boolean;
  counts: { sessions: number; prompts: number; observations: number; summaries: number; events: number };
  queue: QueueCounts;
  streamClients: number;
}

// ---- Sessions --------------------------------------------------------------------------------

export type SessionStatus = 'initialized' | 'active' | 'completed';

export interface Session {
  id: number;
  claudeSessionId: string;
  project: string;
  cwd: string | null;
  transcriptPath: string | null;
  firstPrompt: string | null;
  promptCounter: number;
  status: SessionStatus;
  completionReason: string | null;
  startedAt: number;
  updatedAt: number;
  completedAt: number | null;
}

export interface SessionListItem extends Session {
  observationCount: number;
  summaryRequest: string | null;
}

export interface Page<T, C = number> {
  items: T[];
  nextCursor: C | null;
}

export interface Prompt {
  id: number;
  promptNumber: number;
  prompt: string;
  createdAt: number;
}

export interface Observation {
  id: number;
  sessionId: number;
  promptNumber: number;
  toolName: string;
  toolUseId: string | null;
  failed: boolean;
  cwd: string | null;
  createdAt: number;
  type: string | null;
  title: string | null;
  subtitle: string | null;
  facts: string[];
  narrative: string | null;
  concepts: string[];
  filesRead: string[];
  filesModified: string[];
  producedBy: string | null;
  status: 'pending' | 'processed' | 'failed';
  /** Only from `getObservation` (raw, after redaction; may be dropped by retention). */
  toolInput?: unknown;
  toolResponse?: unknown;
}

export interface Summary {
  id: number;
  sessionId: number;
  promptNumber: number;
  request: string | null;
  investigated: string | null;
  learned: string | null;
  completed: string | null;
  nextSteps: string | null;
  filesRead: string[];
  filesEdited: string[];
  notes: string | null;
  producedBy: string | null;
  createdAt: number;
  updatedAt: number;
}

export interface SessionDetail {
  session: Session;
  prompts: Prompt[];
  observations: Observation[];
  summary: Summary | null;
}

/** The seed's `state.json` shape. */
export interface SessionState {
  session_id: string;
  created_at: string;
  updated_at: string;
  session_active: boolean;
  agents: string[];
  agents_history: Array<{ name: string; started_at: string; completed_at?: string }>;
  files: { new: string[]; edited: string[]; read: string[] };
  tools_used: Record<string, number>;
  errors: Array<{ timestamp: string; type: string; message: string; context?: Record<string, unknown> }>;
  prompts: Array<{ timestamp: string; prompt: string }>;
  notifications: Array<{ timestamp: string; message: string }>;
}

// ---- Search ----------------------------------------------------------------------------------

export interface SearchQuery {
  q: string;
  project?: string;
  type?: string;
  file?: string;
  /** ISO date or ms epoch. */
  since?: string;
  until?: string;
  limit?: number;
  cursor?: string;
}

export interface SearchHit {
  kind: 'observation' | 'summary' | 'prompt';
  id: number;
  sessionId: number;
  project: string;
  type: string | null;
  title: string;
  /** Plain text; each hit wrapped in the literal tokens `<mark>` and `</mark>` (nothing else is HTML). */
  snippet: string;
  createdAt: number;
  score: number;
  /** How many near-identical memories (same kind, project, type and title) this hit stands for; absent when one. */
  count?: number;
}

// ---- Projects --------------------------------------------------------------------------------

export interface Project {
  name: string;
  rootPath: string | null;
  captureEnabled: boolean;
  skippedEvents: number;
  createdAt: number;
  lastActivityAt: number | null;
  sessionCount: number;
  observationCount: number;
}

export interface ProjectList {
  items: Project[];
  paused: boolean;
}

// ---- Settings --------------------------------------------------------------------------------

export interface ProviderSettings {
  model: string;
  baseUrl: string | null;
  dailyTokenBudget: number;
  concurrency: number;
  maxAttempts: number;
  batchSize: number;
}

export interface Settings {
  paused: boolean;
  pausedUntil: number | null;
  skipTools: string[];
  excludedPaths: string[];
  redactSecrets: boolean;
  customRedactPatterns: string[];
  provider: ProviderSettings;
  context: { tokenBudget: number; maxSummaries: number };
  retention: { rawDays: number | null };
  /** Sync through a folder another tool keeps in sync (docs/sync.md); folder null: off. */
  sync: SyncSettings;
}

export interface SyncSettings {
  folder: string | null;
  projectSettings: boolean;
  scanMinutes: number;
}

/** What the service returns: the settings plus whether a key is set — never the key. */
export interface PublicSettings extends Settings {
  apiKeySet: boolean;
  apiKeySource: 'settings' | 'env' | null;
}

export interface SettingsPatch {
  paused?: boolean;
  pausedUntil?: number | null;
  skipTools?: string[];
  excludedPaths?: string[];
  redactSecrets?: boolean;
  customRedactPatterns?: string[];
  provider?: Partial<ProviderSettings>;
  context?: Partial<Settings['context']>;
  retention?: Partial<Settings['retention']>;
  sync?: Partial<SyncSettings>;
  /** Write-only; `null` clears it. */
  apiKey?: string | null;
}

// ---- Queue and usage -------------------------------------------------------------------------

export interface FailedJob {
  id: number;
  kind: string;
  subjectId: number;
  attempts: number;
  lastError: string | null;
  updatedAt: number;
}

export interface QueueState extends QueueCounts {
  oldestPendingAgeMs: number | null;
  failedJobs: FailedJob[];
}

export interface UsageDay {
  day: string;
  model: string;
  requests: number;
  inputTokens: number;
  outputTokens: number;
  cacheReadTokens: number;
  cacheWriteTokens: number;
}

export interface Usage {
  days: UsageDay[];
  today: { used: number; budget: number; exhausted: boolean };
}

// ---- Capture ---------------------------------------------------------------------------------

export interface HooksState {
  installed: boolean;
  mode: 'http' | 'command' | null;
  scope: 'user' | 'project';
  settingsPath: string;
  events: string[];
  problems: string[];
}

/** `GET /api/maintenance`: storage probe, integrity check, sizes and growth (maintenance/plugin.ts). */
export interface StorageReport {
  storage: {
    ok: boolean;
    problem: string | null;
    message: string | null;
    freeBytes: number | null;
    lowDisk: boolean;
  } | null;
  integrity: { ok: boolean; checkedAt: number; problems: string[] } | null;
  sizes: { db: number; wal: number; log: number; logRotated: number; spool: number };
  growth: { bytesPerDay: number | null; eventsPerDay: number | null; days: number; samples: number } | null;
  retention: { rawDays: number | null };
  lastRun: { at: number; ms: number; error: string | null } | null;
}

export interface ImportRun {
  id: number;
  source: string;
  status: 'running' | 'done' | 'failed';
  filesTotal: number;
  filesDone: number;
  sessions: number;
  prompts: number;
  toolCalls: number;
  skippedLines: number;
  /** Folders that could not be read and were skipped. */
  skippedDirs?: number;
  error: string | null;
  startedAt: number;
  finishedAt: number | null;
}

// ---- Live events (SSE `event: <name>` / IPC) -------------------------------------------------

export interface LiveEventMap {
  event: { id: number; eventName: string; claudeSessionId: string | null; receivedAt: number };
  observation: { id: number; sessionId: number; toolName: string; title: string | null; status: string };
  summary: { sessionId: number; id: number };
  session: { id: number; claudeSessionId: string; status: string; project: string };
  project: { name: string; captureEnabled: boolean };
  queue: { pending: number; leased: number; failed: number; done: number };
  settings: { changed: string[] };
  import: { runId: number; status: string; filesDone: number; filesTotal: number };
}

export type LiveEventName = keyof LiveEventMap;
export const LIVE_EVENT_NAMES: readonly LiveEventName[] = [
  'event',
  'observation',
  'summary',
  'session',
  'project',
  'queue',
  'settings',
  'import',
];

export type LiveEvent = { [K in LiveEventName]: { name: K; data: LiveEventMap[K] } }[LiveEventName];

/** `connecting` until the stream is open; `down` while it reconnects. */
export type LiveStatus = 'connecting' | 'live' | 'down';

// ---- The API ---------------------------------------------------------------------------------

/** Thrown (or rejected) by every verb when the service answers an error (`{error, status}`). */
export interface ApiErrorShape {
  status: number;
  message: string;
}

export interface MemTrayApi {
  health(): Promise<Health>;
  status(): Promise<Status>;

  search(q: SearchQuery): Promise<Page<SearchHit, string>>;

  listSessions(opts?: { project?: string; limit?: number; cursor?: number }): Promise<Page<SessionListItem>>;
  getSession(id: number): Promise<SessionDetail>;
  getSessionState(id: number): Promise<SessionState>;
  deleteSession(id: number): Promise<{ deleted: boolean; id: number }>;
  getObservation(id: number): Promise<Observation>;

  listProjects(): Promise<ProjectList>;
  setProjectCapture(name: string, capture: boolean): Promise<unknown>;
  deleteProject(name: string): Promise<{ deletedSessions: number }>;

  getSettings(): Promise<PublicSettings>;
  updateSettings(patch: SettingsPatch): Promise<PublicSettings>;

  getQueue(): Promise<QueueState>;
  retryJobs(ids?: number[]): Promise<{ retried: number }>;
  getUsage(days?: number): Promise<Usage>;
  getStorage(): Promise<StorageReport>;

  getHooks(): Promise<HooksState>;
  installHooks(opts?: { mode?: 'http' | 'command'; scope?: 'user' | 'project' }): Promise<HooksState>;
  uninstallHooks(): Promise<HooksState>;
  startImport(opts?: { since?: string; paths?: string[] }): Promise<{ runId: number }>;
  listImports(): Promise<{ items: ImportRun[] }>;

  /** Export, import and sync (shapes in ./contract/sync.ts; docs/sync.md). */
  getSync(): Promise<SyncStatus>;
  runSync(): Promise<SyncStatus>;
  exportData(req: ExportToFile): Promise<ExportResult>;
  importArchive(path: string): Promise<{ id: number }>;
  getArchiveImport(id: number): Promise<ImportProgress>;

  /** Live events; returns an unsubscribe function. */
  subscribe(listener: (ev: LiveEvent) => void, onStatus?: (s: LiveStatus) => void): () => void;
}
