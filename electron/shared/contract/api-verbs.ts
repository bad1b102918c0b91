/**
 * The answer of each `MemTrayApi` verb (electron/shared/api.ts): the schema its value parses with.
 * `null`: not in the contract yet (settings; the settings schema moves here later). The renderer's
 * fake API parses its answers with these, so a component test's fixture cannot drift either.
 */
import type { z } from 'zod';
import { captureStatus, hooksState, importRunList, importStarted } from './capture';
import { health, status } from './health';
import { storageReport } from './maintenance';
import { observation } from './observations';
import { projectCapture, projectDeleted, projectList } from './projects';
import { providerStateSchema } from './providers';
import { embeddingsStatusSchema, reindexResponseSchema } from './embeddings';
import { contextPreviewSchema } from './context';
import { logPageSchema } from './logs';
import { keyStatusSchema } from './provider';
import { recentPageSchema } from './recent';
import { queueState, retryResponse, usage } from './queue';
import { searchPage } from './search';
import { sessionDeleted, sessionDetail, sessionPage, sessionState } from './sessions';
import { exportResult, importProgress, importStarted as archiveImportStarted, syncStatus } from './sync';

export const VERB_RESPONSES = {
  health,
  status,
  search: searchPage,
  listSessions: sessionPage,
  getSession: sessionDetail,
  getSessionState: sessionState,
  deleteSession: sessionDeleted,
  getObservation: observation,
  listProjects: projectList,
  setProjectCapture: projectCapture,
  deleteProject: projectDeleted,
  getSettings: null,
  updateSettings: null,
  getQueue: queueState,
  retryJobs: retryResponse,
  getUsage: usage,
  getProvider: providerStateSchema,
  getStorage: storageReport,
  getEmbeddings: embeddingsStatusSchema,
  reindexEmbeddings: reindexResponseSchema,
  getKeyStatus: keyStatusSchema,
  testKey: keyStatusSchema,
  previewContext: contextPreviewSchema,
  getRecent: recentPageSchema,
  getLogs: logPageSchema,
  getHooks: hooksState,
  getCaptureStatus: captureStatus,
  installHooks: hooksState,
  uninstallHooks: hooksState,
  startImport: importStarted,
  listImports: importRunList,
  getSync: syncStatus,
  runSync: syncStatus,
  decideSyncHold: syncStatus,
  restoreSyncTrash: syncStatus,
  exportData: exportResult,
  importArchive: archiveImportStarted,
  getArchiveImport: importProgress,
} satisfies Record<string, z.ZodType | null>;
