/**
 * Every verb of the API the UI calls, declared once: method, path, arguments, answer. The HTTP
 * client (`../http-verbs.ts`), the IPC channels and their validation (`../ipc.ts`,
 * `electron/main/ipc-schemas.ts`), `MemTrayApi` (`../api.ts`), the renderer's fake API and the
 * server's routes (`verbRoute` in `electron/core/server/http.ts`) derive from this table; a test
 * (tests/core/verbs.test.ts) checks that the service registers a route for each.
 */
import { z } from 'zod';
import {
  captureStatus,
  hooksInstallRequest,
  hooksState,
  hooksUninstallRequest,
  importRequest,
  importRunList,
  importStarted,
} from './capture';
import { id, projectName } from './common';
import { contextDraftSchema, contextPreviewSchema } from './context';
import { embeddingsStatusSchema, reindexResponseSchema } from './embeddings';
import { health, status } from './health';
import { logPageSchema, logsRequestSchema } from './logs';
import { storageReport } from './maintenance';
import { observation } from './observations';
import { projectCapture, projectDeleted, projectList } from './projects';
import { keyStatusSchema } from './provider';
import { providerStateSchema } from './providers';
import { queueState, retryRequest, retryResponse, usage, usageDays } from './queue';
import { recentPageSchema, recentRequestSchema } from './recent';
import { searchPage, searchQuery } from './search';
import { sessionDeleted, sessionDetail, sessionListQuery, sessionPage, sessionState } from './sessions';
import { publicSettings, settingsPatchSchema } from './settings';
import {
  archiveUpload,
  exportDownload,
  exportLeftOut,
  exportRequest,
  exportResult,
  holdDecision,
  importProgress,
  importStarted as archiveImportStarted,
  machineIdSchema,
  syncStatus,
} from './sync';
import { verb } from './verb';

const none = z.tuple([]);
/** Files the UI names are absolute paths on the service's machine. */
const absolutePath = z
  .string()
  .min(1)
  .max(1000)
  .regex(/^(\/|[A-Za-z]:[\\/])/, 'an absolute path');

export const VERBS = {
  health: verb({ method: 'GET', path: '/api/health', args: none, response: health }),
  status: verb({ method: 'GET', path: '/api/status', args: none, response: status }),
  search: verb({
    method: 'GET',
    path: '/api/search',
    args: z.tuple([searchQuery]),
    response: searchPage,
    request: (q) => ({ query: { ...q } }),
  }),

  listSessions: verb({
    method: 'GET',
    path: '/api/sessions',
    args: z.tuple([sessionListQuery.optional()]),
    response: sessionPage,
    request: (q = {}) => ({ query: { ...q } }),
  }),
  getSession: verb({
    method: 'GET',
    path: '/api/sessions/:id',
    args: z.tuple([id]),
    response: sessionDetail,
    request: (sessionId) => ({ params: { id: sessionId } }),
  }),
  getSessionState: verb({
    method: 'GET',
    path: '/api/sessions/:id/state',
    args: z.tuple([id]),
    response: sessionState,
    request: (sessionId) => ({ params: { id: sessionId } }),
  }),
  deleteSession: verb({
    method: 'DELETE',
    path: '/api/sessions/:id',
    args: z.tuple([id]),
    response: sessionDeleted,
    request: (sessionId) => ({ params: { id: sessionId } }),
  }),
  getObservation: verb({
    method: 'GET',
    path: '/api/observations/:id',
    args: z.tuple([id]),
    response: observation,
    request: (observationId) => ({ params: { id: observationId } }),
  }),

  listProjects: verb({ method: 'GET', path: '/api/projects', args: none, response: projectList }),
  setProjectCapture: verb({
    method: 'PUT',
    path: '/api/projects/:name',
    args: z.tuple([projectName, z.boolean()]),
    response: projectCapture,
    request: (name, capture) => ({ params: { name }, body: { capture } }),
  }),
  deleteProject: verb({
    method: 'DELETE',
    path: '/api/projects/:name',
    args: z.tuple([projectName]),
    response: projectDeleted,
    request: (name) => ({ params: { name } }),
  }),

  getSettings: verb({ method: 'GET', path: '/api/settings', args: none, response: publicSettings }),
  updateSettings: verb({
    method: 'PUT',
    path: '/api/settings',
    args: z.tuple([settingsPatchSchema]),
    response: publicSettings,
    request: (patch) => ({ body: patch }),
  }),

  getQueue: verb({ method: 'GET', path: '/api/queue', args: none, response: queueState }),
  retryJobs: verb({
    method: 'POST',
    path: '/api/queue/retry',
    args: z.tuple([retryRequest.shape.ids]),
    response: retryResponse,
    request: (ids) => ({ body: ids ? { ids } : {} }),
  }),
  getUsage: verb({
    method: 'GET',
    path: '/api/usage',
    args: z.tuple([usageDays.optional()]),
    response: usage,
    request: (days) => ({ query: { days } }),
  }),
  /** The compression provider in force, its health, and whether the `claude` CLI is found. */
  getProvider: verb({ method: 'GET', path: '/api/provider', args: none, response: providerStateSchema }),
  getStorage: verb({ method: 'GET', path: '/api/maintenance', args: none, response: storageReport }),
  /** Semantic search's state. */
  getEmbeddings: verb({
    method: 'GET',
    path: '/api/health/embeddings',
    args: none,
    response: embeddingsStatusSchema,
  }),
  /** Drops every vector and embeds everything again in the background. */
  reindexEmbeddings: verb({
    method: 'POST',
    path: '/api/embeddings/reindex',
    args: none,
    response: reindexResponseSchema,
  }),
  /** The API key's last known health; `testKey` sends one cheap request to find out. */
  getKeyStatus: verb({ method: 'GET', path: '/api/provider/key', args: none, response: keyStatusSchema }),
  testKey: verb({ method: 'POST', path: '/api/provider/key/test', args: none, response: keyStatusSchema }),
  /** Exactly what SessionStart injects for `project`, with its token count. */
  previewContext: verb({
    method: 'GET',
    path: '/api/context/preview',
    args: z.tuple([projectName, contextDraftSchema.strict().optional()]),
    response: contextPreviewSchema,
    request: (project, draft = {}) => ({ query: { project, ...draft } }),
  }),
  /** Prompts, memories, summaries and failures, newest first. */
  getRecent: verb({
    method: 'GET',
    path: '/api/recent',
    args: z.tuple([recentRequestSchema.strict().optional()]),
    response: recentPageSchema,
    request: (q = {}) => ({ query: { ...q } }),
  }),
  /** The end of the service log, newest first, from `level` up. */
  getLogs: verb({
    method: 'GET',
    path: '/api/logs',
    args: z.tuple([logsRequestSchema.optional()]),
    response: logPageSchema,
    request: (q = {}) => ({ query: { ...q } }),
  }),

  /** Claude Code's hooks wherever they are installed (user first, then known projects). */
  getHooks: verb({ method: 'GET', path: '/api/capture/hooks', args: none, response: hooksState }),
  /** The last event received from each agent, and every settings file hooks can live in. */
  getCaptureStatus: verb({
    method: 'GET',
    path: '/api/capture/status',
    args: none,
    response: captureStatus,
  }),
  // The UI installs for the service's own folder: no projectDir from the UI.
  installHooks: verb({
    method: 'POST',
    path: '/api/capture/hooks/install',
    args: z.tuple([hooksInstallRequest.omit({ projectDir: true }).optional()]),
    response: hooksState,
    request: (o) => ({ body: o }),
  }),
  /** `settingsPath`: one of the files getCaptureStatus lists (default: the user's). */
  uninstallHooks: verb({
    method: 'POST',
    path: '/api/capture/hooks/uninstall',
    args: z.tuple([hooksUninstallRequest.pick({ settingsPath: true }).strict().optional()]),
    response: hooksState,
    request: (o) => ({ body: o }),
  }),
  startImport: verb({
    method: 'POST',
    path: '/api/capture/import',
    args: z.tuple([importRequest.optional()]),
    response: importStarted,
    request: (o) => ({ body: o }),
  }),
  listImports: verb({ method: 'GET', path: '/api/capture/imports', args: none, response: importRunList }),

  /** Export, import and sync (docs/explanation/sync.md). */
  getSync: verb({ method: 'GET', path: '/api/sync', args: none, response: syncStatus }),
  runSync: verb({ method: 'POST', path: '/api/sync/run', args: none, response: syncStatus }),
  /** Applies or rejects a peer's held deletions. */
  decideSyncHold: verb({
    method: 'POST',
    path: '/api/sync/holds/:machine',
    args: z.tuple([machineIdSchema, holdDecision.shape.decision]),
    response: syncStatus,
    request: (machine, decision) => ({ params: { machine }, body: { decision } }),
  }),
  /** Restores a session or memory a peer deleted, from the trash. */
  restoreSyncTrash: verb({
    method: 'POST',
    path: '/api/sync/trash/:id/restore',
    args: z.tuple([id]),
    response: syncStatus,
    request: (trashId) => ({ params: { id: trashId } }),
  }),
  exportData: verb({
    method: 'POST',
    path: '/api/data/export',
    args: z.tuple([exportRequest.extend({ path: absolutePath }).strict()]),
    response: exportResult,
    request: (req) => ({ body: req }),
  }),
  /** What an export would leave out because its project's capture is off now. */
  getExportLeftOut: verb({
    method: 'GET',
    path: '/api/data/export/left-out',
    args: none,
    response: exportLeftOut,
  }),
  /** The archive's text and a file name, for the UI to save (a browser download). */
  downloadExport: verb({
    method: 'POST',
    path: '/api/data/export/download',
    args: z.tuple([exportRequest]),
    response: exportDownload,
    request: (req) => ({ body: req }),
  }),
  /** Imports an archive the UI read from a file the user picked. */
  uploadArchive: verb({
    method: 'POST',
    path: '/api/data/import/upload',
    args: z.tuple([archiveUpload]),
    response: archiveImportStarted,
    request: (archive) => ({ body: { archive } }),
  }),
  importArchive: verb({
    method: 'POST',
    path: '/api/data/import',
    args: z.tuple([absolutePath]),
    response: archiveImportStarted,
    request: (path) => ({ body: { path } }),
  }),
  getArchiveImport: verb({
    method: 'GET',
    path: '/api/data/imports/:id',
    args: z.tuple([id]),
    response: importProgress,
    request: (importId) => ({ params: { id: importId } }),
  }),
};

export type Verbs = typeof VERBS;
export type VerbName = keyof Verbs;
