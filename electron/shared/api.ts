/**
 * The typed contract between the UI and the MemTray service. The renderer writes every view
 * against `MemTrayApi`; two transports implement it: HTTP + SSE (headless, `memtray serve`) and
 * IPC (Electron: the preload exposes an object implementing `MemTrayApi` as `window.memtray`).
 *
 * The shapes are defined once, as zod schemas in `./contract/` (one file per resource); the types
 * here are their `z.infer`. The core's routes validate with the same schemas and the tests parse
 * every response with them (docs/DEVELOPING.md, "The API contract"). zod only: the renderer
 * bundles these files.
 */
import type { Page } from './contract/common';
import type {
  CaptureStatus,
  HooksState,
  HooksUninstallRequest,
  HookMode,
  HookScope,
  ImportRequest,
  ImportRun,
} from './contract/capture';
import type { Health, Status } from './contract/health';
import type { LiveEvent, LiveStatus } from './contract/events';
import type { StorageReport } from './contract/maintenance';
import type { Observation } from './contract/observations';
import type { ProjectCapture, ProjectList } from './contract/projects';
import type { QueueState, Usage } from './contract/queue';
import type { SearchPage, SearchQuery } from './contract/search';
import type { SessionDetail, SessionListItem, SessionListQuery, SessionState } from './contract/sessions';
import type { ProviderState } from './contract/providers';
import type { EmbeddingsStatus } from './contract/embeddings';
import type { ExportResult, ExportToFile, HoldDecision, ImportProgress, SyncStatus } from './contract/sync';

export type { ApiErrorShape, Page } from './contract/common';
export type {
  AgentReceipt,
  CaptureStatus,
  HookFile,
  HooksState,
  HooksUninstallRequest,
  HookMode,
  HookScope,
  ImportRequest,
  ImportRun,
} from './contract/capture';
export type {
  CustomPatternStatus,
  Health,
  QuarantineItem,
  QuarantineList,
  RedactionHealth,
  RowCounts,
  Status,
} from './contract/health';
export { LIVE_EVENT_NAMES, parseLiveEvent } from './contract/events';
export type { LiveEvent, LiveEventMap, LiveEventName, LiveStatus } from './contract/events';
export type { StorageReport } from './contract/maintenance';
export type { Observation } from './contract/observations';
export type { Project, ProjectCapture, ProjectList } from './contract/projects';
export type { FailedJob, QueueCounts, QueueState, Usage, UsageDay } from './contract/queue';
export type { SearchHit, SearchKind, SearchPage, SearchQuery } from './contract/search';
export type {
  Prompt,
  Session,
  SessionDetail,
  SessionListItem,
  SessionListQuery,
  SessionState,
  SessionStatus,
  Summary,
} from './contract/sessions';
export type { ProviderState } from './contract/providers';
export type { EmbeddingsStatus } from './contract/embeddings';
export type { ContextDraft, ContextPreview } from './contract/context';
export type { LogPage, LogsRequest } from './contract/logs';
export type { KeyStatus } from './contract/provider';
export type { RecentPage, RecentQuery } from './contract/recent';
import type { ContextDraft, ContextPreview } from './contract/context';
import type { LogPage, LogsRequest } from './contract/logs';
import type { KeyStatus } from './contract/provider';
import type { RecentPage, RecentQuery } from './contract/recent';

// ---- Settings --------------------------------------------------------------------------------

export type ProviderKind = 'rules' | 'anthropic' | 'claude-code' | 'openai-compatible';

export interface ProviderSettings {
  /** null: automatic (`anthropic` when a key is set, else `rules`). */
  kind: ProviderKind | null;
  /** The `claude` CLI for `claude-code` (null: `claude` on PATH). */
  claudePath: string | null;
  claudeConcurrency: number;
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
  embeddings: EmbeddingsSettings;
  /** The global shortcut that opens Search (null: none) and the editor file links open in. */
  ui: UiSettings;
  /** Sync through a folder another tool keeps in sync (docs/sync.md); folder null: off. */
  sync: SyncSettings;
}

export interface SyncSettings {
  folder: string | null;
  projectSettings: boolean;
  scanMinutes: number;
}

export interface UiSettings {
  shortcut: string | null;
  editor: 'vscode' | 'cursor' | 'none';
}

/** Semantic search's provider (`kind: 'none'`: lexical search only). */
export interface EmbeddingsSettings {
  kind: 'none' | 'openai-compatible' | 'voyage';
  baseUrl: string | null;
  model: string;
  dimensions: number | null;
  batchSize: number;
}

/** What the service returns: the settings plus whether a key is set — never the key. */
export interface PublicSettings extends Settings {
  apiKeySet: boolean;
  apiKeySource: 'settings' | 'env' | null;
  /** Whether the openai-compatible endpoint's key is stored (never the key). */
  openaiApiKeySet: boolean;
  /** The provider in force. */
  providerKind: ProviderKind;
  embeddingsKeySet: boolean;
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
  embeddings?: Partial<EmbeddingsSettings>;
  ui?: Partial<UiSettings>;
  sync?: Partial<SyncSettings>;
  /** Write-only; `null` clears it. */
  apiKey?: string | null;
  /** Write-only key of the openai-compatible endpoint; `null` clears it. */
  openaiApiKey?: string | null;
  /** Write-only key of the embeddings provider; `null` clears it. */
  embeddingsKey?: string | null;
}

// ---- The API ---------------------------------------------------------------------------------

export interface MemTrayApi {
  health(): Promise<Health>;
  status(): Promise<Status>;

  search(q: SearchQuery): Promise<SearchPage>;

  listSessions(opts?: SessionListQuery): Promise<Page<SessionListItem>>;
  getSession(id: number): Promise<SessionDetail>;
  getSessionState(id: number): Promise<SessionState>;
  deleteSession(id: number): Promise<{ deleted: true; id: number }>;
  getObservation(id: number): Promise<Observation>;

  listProjects(): Promise<ProjectList>;
  setProjectCapture(name: string, capture: boolean): Promise<ProjectCapture>;
  deleteProject(name: string): Promise<{ deletedSessions: number }>;

  getSettings(): Promise<PublicSettings>;
  updateSettings(patch: SettingsPatch): Promise<PublicSettings>;

  getQueue(): Promise<QueueState>;
  retryJobs(ids?: number[]): Promise<{ retried: number }>;
  getUsage(days?: number): Promise<Usage>;
  /** The compression provider in force, its health, and whether the `claude` CLI is found. */
  getProvider(): Promise<ProviderState>;
  getStorage(): Promise<StorageReport>;
  /** Semantic search's state (`GET /api/health/embeddings`). */
  getEmbeddings(): Promise<EmbeddingsStatus>;
  /** Drops every vector and embeds everything again in the background. */
  reindexEmbeddings(): Promise<{ ok: true; total: number }>;
  /** The API key's last known health; `testKey` sends one cheap request to find out. */
  getKeyStatus(): Promise<KeyStatus>;
  testKey(): Promise<KeyStatus>;
  /** Exactly what SessionStart injects for `project`, with its token count. */
  previewContext(project: string, draft?: ContextDraft): Promise<ContextPreview>;
  /** Prompts, memories, summaries and failures, newest first. */
  getRecent(q?: RecentQuery): Promise<RecentPage>;
  /** The end of the service log, newest first, from `level` up. */
  getLogs(q?: LogsRequest): Promise<LogPage>;

  /** Claude Code's hooks wherever they are installed (user first, then known projects). */
  getHooks(): Promise<HooksState>;
  /** The last event received from each agent, and every settings file hooks can live in. */
  getCaptureStatus(): Promise<CaptureStatus>;
  installHooks(opts?: { mode?: HookMode; scope?: HookScope }): Promise<HooksState>;
  /** `settingsPath`: one of the files getCaptureStatus lists (default: the user's). */
  uninstallHooks(opts?: Pick<HooksUninstallRequest, 'settingsPath'>): Promise<HooksState>;
  startImport(opts?: ImportRequest): Promise<{ runId: number }>;
  listImports(): Promise<{ items: ImportRun[] }>;

  /** Export, import and sync (shapes in ./contract/sync.ts; docs/sync.md). */
  getSync(): Promise<SyncStatus>;
  runSync(): Promise<SyncStatus>;
  /** Applies or rejects a peer's held deletions. */
  decideSyncHold(machine: string, decision: HoldDecision): Promise<SyncStatus>;
  /** Restores a session or memory a peer deleted, from the trash. */
  restoreSyncTrash(id: number): Promise<SyncStatus>;
  exportData(req: ExportToFile): Promise<ExportResult>;
  importArchive(path: string): Promise<{ id: number }>;
  getArchiveImport(id: number): Promise<ImportProgress>;

  /** Live events; returns an unsubscribe function. */
  subscribe(listener: (ev: LiveEvent) => void, onStatus?: (s: LiveStatus) => void): () => void;
}
