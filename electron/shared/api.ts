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
import type { LiveEvent, LiveStatus } from './contract/events';
import type { Settings } from './contract/settings';
import type { VerbApi } from './contract/verb';
import type { Verbs } from './contract/verbs';

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
export type { VerbName } from './contract/verbs';
export type { LogPage, LogsRequest } from './contract/logs';
export type { KeyStatus } from './contract/provider';
export type { RecentPage, RecentQuery } from './contract/recent';

// ---- Settings (their schema: ./contract/settings.ts) --------------------------------------------

export type { ProviderKind, PublicSettings, Settings, SettingsPatch } from './contract/settings';
export type ProviderSettings = Settings['provider'];
export type UiSettings = Settings['ui'];
export type SyncSettings = Settings['sync'];
export type EmbeddingsSettings = Settings['embeddings'];

// ---- The API ---------------------------------------------------------------------------------

/** The app's native file dialogs (the Electron shell); a browser has none and downloads/uploads instead. */
export interface FileDialogs {
  /** Asks where to save `text` (a save dialog offering `fileName`) and writes it; the path, or null if cancelled. */
  saveText(fileName: string, text: string): Promise<string | null>;
  /** Asks for an archive to import (an open dialog); its absolute path, or null if cancelled. */
  openArchive(): Promise<string | null>;
}

/** One function per verb of `VERBS` (./contract/verbs.ts), and the live events. */
export type MemTrayApi = VerbApi<Verbs> & {
  /** Live events; returns an unsubscribe function. */
  subscribe(listener: (ev: LiveEvent) => void, onStatus?: (s: LiveStatus) => void): () => void;
  /** Native file dialogs, in the app only. */
  files?: FileDialogs;
};
