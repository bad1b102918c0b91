/**
 * The preload (sandboxed, context-isolated): exposes `window.memtray`, an object implementing
 * `MemTrayApi` whose verbs each invoke one typed IPC channel (electron/shared/ipc.ts). No raw
 * `ipcRenderer` reaches the page. Live events arrive on the push channel and fan out to the
 * page's subscribers; `navigate` pushes (tray menu, Search shortcut) set `location.hash`.
 */
import { contextBridge, ipcRenderer } from 'electron';
import type { LiveEvent, LiveStatus, MemTrayApi } from '../shared/api';
import {
  LIVE_STATUS_CHANNEL,
  PUSH_CHANNEL,
  formatIpcError,
  ipcChannel,
  type IpcArgs,
  type IpcResult,
  type IpcValue,
  type IpcVerb,
  type PushMessage,
} from '../shared/ipc';

async function call<V extends IpcVerb>(verb: V, ...args: IpcArgs<V>): Promise<IpcValue<V>> {
  const r = (await ipcRenderer.invoke(ipcChannel(verb), ...args)) as IpcResult<IpcValue<V>>;
  if (r.ok) return r.value;
  throw new Error(formatIpcError(r.error));
}

type Listener = (ev: LiveEvent) => void;
type StatusListener = (s: LiveStatus) => void;
const listeners = new Set<Listener>();
const statusListeners = new Set<StatusListener>();

ipcRenderer.on(PUSH_CHANNEL, (_e, msg: PushMessage) => {
  if (msg.type === 'live') for (const fn of listeners) fn(msg.event);
  else if (msg.type === 'status') for (const fn of statusListeners) fn(msg.status);
  // The preload's tsconfig has no DOM types; this is the page's `location`.
  else if (msg.type === 'navigate')
    (globalThis as unknown as { location: { hash: string } }).location.hash = `#${msg.view}`;
});

const api: MemTrayApi = {
  health: () => call('health'),
  status: () => call('status'),
  search: (q) => call('search', q),
  listSessions: (o) => call('listSessions', o),
  getSession: (id) => call('getSession', id),
  getSessionState: (id) => call('getSessionState', id),
  deleteSession: (id) => call('deleteSession', id),
  getObservation: (id) => call('getObservation', id),
  listProjects: () => call('listProjects'),
  setProjectCapture: (name, capture) => call('setProjectCapture', name, capture),
  deleteProject: (name) => call('deleteProject', name),
  getSettings: () => call('getSettings'),
  updateSettings: (patch) => call('updateSettings', patch),
  getQueue: () => call('getQueue'),
  retryJobs: (ids) => call('retryJobs', ids),
  getUsage: (days) => call('getUsage', days),
  getStorage: () => call('getStorage'),
  getHooks: () => call('getHooks'),
  installHooks: (o) => call('installHooks', o),
  uninstallHooks: () => call('uninstallHooks'),
  startImport: (o) => call('startImport', o),
  listImports: () => call('listImports'),
  getSync: () => call('getSync'),
  runSync: () => call('runSync'),
  exportData: (req) => call('exportData', req),
  importArchive: (path) => call('importArchive', path),
  getArchiveImport: (id) => call('getArchiveImport', id),
  subscribe(listener, onStatus) {
    listeners.add(listener);
    if (onStatus) {
      statusListeners.add(onStatus);
      void (ipcRenderer.invoke(LIVE_STATUS_CHANNEL) as Promise<LiveStatus | null>).then((s) => {
        if (s && statusListeners.has(onStatus)) onStatus(s);
      });
    }
    return () => {
      listeners.delete(listener);
      if (onStatus) statusListeners.delete(onStatus);
    };
  },
};

contextBridge.exposeInMainWorld('memtray', api);
