/**
 * `MemTrayApi`'s verbs mapped onto the HTTP API, once: used by the renderer's headless transport and
 * by the Electron main process's service client. Each supplies its own `call` (fetch, auth, errors).
 * No runtime imports besides types, so both tsconfigs (node and web) can import this file.
 */
import type { MemTrayApi, SearchQuery } from './api';

export type HttpVerbs = Omit<MemTrayApi, 'subscribe'>;

/** An authenticated JSON request: resolves with the parsed answer, rejects with the API's error. */
export type HttpCall = <T>(method: string, path: string, body?: unknown) => Promise<T>;

export function queryString(params: Record<string, string | number | undefined>): string {
  const sp = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') sp.set(k, String(v));
  const s = sp.toString();
  return s ? `?${s}` : '';
}

export function httpVerbs(call: HttpCall): HttpVerbs {
  const enc = encodeURIComponent;
  const qs = queryString;
  return {
    health: () => call('GET', '/api/health'),
    status: () => call('GET', '/api/status'),
    search: (q: SearchQuery) => call('GET', `/api/search${qs({ ...q })}`),
    listSessions: (o = {}) => call('GET', `/api/sessions${qs(o)}`),
    getSession: (id) => call('GET', `/api/sessions/${id}`),
    getSessionState: (id) => call('GET', `/api/sessions/${id}/state`),
    deleteSession: (id) => call('DELETE', `/api/sessions/${id}`),
    getObservation: (id) => call('GET', `/api/observations/${id}`),
    listProjects: () => call('GET', '/api/projects'),
    setProjectCapture: (name, capture) => call('PUT', `/api/projects/${enc(name)}`, { capture }),
    deleteProject: (name) => call('DELETE', `/api/projects/${enc(name)}`),
    getSettings: () => call('GET', '/api/settings'),
    updateSettings: (patch) => call('PUT', '/api/settings', patch),
    getQueue: () => call('GET', '/api/queue'),
    retryJobs: (ids) => call('POST', '/api/queue/retry', ids ? { ids } : {}),
    getUsage: (days = 30) => call('GET', `/api/usage${qs({ days })}`),
    getProvider: () => call('GET', '/api/provider'),
    getStorage: () => call('GET', '/api/maintenance'),
    getEmbeddings: () => call('GET', '/api/health/embeddings'),
    reindexEmbeddings: () => call('POST', '/api/embeddings/reindex', {}),
    getKeyStatus: () => call('GET', '/api/provider/key'),
    testKey: () => call('POST', '/api/provider/key/test', {}),
    previewContext: (project, draft = {}) => call('GET', `/api/context/preview${qs({ project, ...draft })}`),
    getRecent: (q = {}) => call('GET', `/api/recent${qs({ ...q })}`),
    getLogs: (q = {}) => call('GET', `/api/logs${qs({ ...q })}`),
    getHooks: () => call('GET', '/api/capture/hooks'),
    getCaptureStatus: () => call('GET', '/api/capture/status'),
    installHooks: (o = {}) => call('POST', '/api/capture/hooks/install', o),
    uninstallHooks: (o = {}) => call('POST', '/api/capture/hooks/uninstall', o),
    startImport: (o = {}) => call('POST', '/api/capture/import', o),
    listImports: () => call('GET', '/api/capture/imports'),
    getSync: () => call('GET', '/api/sync'),
    runSync: () => call('POST', '/api/sync/run', {}),
    decideSyncHold: (machine, decision) => call('POST', `/api/sync/holds/${enc(machine)}`, { decision }),
    restoreSyncTrash: (id) => call('POST', `/api/sync/trash/${id}/restore`, {}),
    exportData: (req) => call('POST', '/api/data/export', req),
    importArchive: (path) => call('POST', '/api/data/import', { path }),
    getArchiveImport: (id) => call('GET', `/api/data/imports/${id}`),
  };
}
