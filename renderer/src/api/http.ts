import {
  LIVE_EVENT_NAMES,
  type LiveEvent,
  type LiveStatus,
  type MemTrayApi,
  type SearchQuery,
} from '../../../electron/shared/api';
import { ApiError } from './errors';

type Json = Record<string, unknown>;

function qs(params: Record<string, string | number | undefined>): string {
  const sp = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') sp.set(k, String(v));
  const s = sp.toString();
  return s ? `?${s}` : '';
}

/** The headless transport: fetch with `Authorization: Bearer`, live events over SSE. */
export function httpApi(token: string, base = ''): MemTrayApi {
  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    let res: Response;
    try {
      res = await fetch(base + path, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
    } catch (err) {
      throw new ApiError(0, err instanceof Error ? err.message : String(err));
    }
    const text = await res.text();
    let json: unknown = undefined;
    try {
      json = text === '' ? undefined : JSON.parse(text);
    } catch {
      json = undefined;
    }
    if (!res.ok) {
      const msg = (json as Json | undefined)?.error;
      throw new ApiError(res.status, typeof msg === 'string' ? msg : `${res.status} ${res.statusText}`);
    }
    return json as T;
  }
  const enc = encodeURIComponent;

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
    getHooks: () => call('GET', '/api/capture/hooks'),
    installHooks: (o = {}) => call('POST', '/api/capture/hooks/install', o),
    uninstallHooks: () => call('POST', '/api/capture/hooks/uninstall', {}),
    startImport: (o = {}) => call('POST', '/api/capture/import', o),
    listImports: () => call('GET', '/api/capture/imports'),
    subscribe(listener, onStatus) {
      return openStream(`${base}/api/stream?access_token=${enc(token)}`, listener, onStatus);
    },
  };
}

/** One EventSource per subscriber; the browser reconnects on its own (server sends `retry:`). */
function openStream(
  url: string,
  listener: (ev: LiveEvent) => void,
  onStatus?: (s: LiveStatus) => void,
): () => void {
  if (typeof EventSource === 'undefined') {
    onStatus?.('down');
    return () => {};
  }
  const es = new EventSource(url);
  onStatus?.('connecting');
  es.onopen = () => onStatus?.('live');
  es.onerror = () => onStatus?.(es.readyState === EventSource.CLOSED ? 'down' : 'connecting');
  for (const name of LIVE_EVENT_NAMES) {
    es.addEventListener(name, (e: MessageEvent<string>) => {
      try {
        listener({ name, data: JSON.parse(e.data) } as LiveEvent);
      } catch {
        // A malformed frame is dropped; the next reload shows the truth.
      }
    });
  }
  return () => es.close();
}
