/**
 * The preload (sandboxed, context-isolated): exposes `window.memtray`, an object implementing
 * `MemTrayApi` whose verbs (generated from `IPC_VERBS`) each invoke one IPC channel. No raw
 * `ipcRenderer` reaches the page. Live events arrive on the push channel and fan out to the
 * page's subscribers; `navigate` pushes (tray menu, Search shortcut) set `location.hash`.
 */
import { contextBridge, ipcRenderer } from 'electron';
import type { LiveEvent, LiveStatus, MemTrayApi } from '../shared/api';
import { LIVE_STATUS_CHANNEL, PUSH_CHANNEL, ipcFiles, ipcVerbs, type PushMessage } from '../shared/ipc';

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
  // One function per verb of IPC_VERBS, each invoking its channel (electron/shared/ipc.ts).
  ...ipcVerbs((channel, ...args) => ipcRenderer.invoke(channel, ...args)),
  // The native save and open dialogs of Settings › Export.
  files: ipcFiles((channel, ...args) => ipcRenderer.invoke(channel, ...args)),
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
