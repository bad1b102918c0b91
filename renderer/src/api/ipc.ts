import type { MemTrayApi } from '@shared/api';

declare global {
  interface Window {
    /** Exposed by the Electron preload (contextBridge), implementing the same contract. */
    memtray?: MemTrayApi;
  }
}

/** The Electron transport: delegates to the preload's `window.memtray`, or null outside Electron. */
export function ipcApi(win: Window = window): MemTrayApi | null {
  const bridge = win.memtray;
  if (!bridge || typeof bridge.getSettings !== 'function') return null;
  return bridge;
}
