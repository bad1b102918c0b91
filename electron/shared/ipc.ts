/**
 * The IPC contract between the Electron main process and the preload: one channel per declared
 * verb (./contract/verbs.ts; request/response over `ipcRenderer.invoke`), and one push channel for
 * live updates (main → renderer). Shared by main and the preload, which bundles it with zod and
 * the contract.
 *
 * Main validates every argument with the verb's `args` (`electron/main/ipc-schemas.ts`) and
 * checks every sender.
 */
import type { ApiErrorShape, FileDialogs, LiveEvent, LiveStatus, MemTrayApi } from './api';
import { VERBS, type VerbName } from './contract/verbs';

/** Every request/response verb: all of `MemTrayApi` except `subscribe` (the push channel). */
export type IpcVerb = VerbName;

export const IPC_VERBS = Object.keys(VERBS) as readonly IpcVerb[];

export type IpcArgs<V extends IpcVerb> = Parameters<MemTrayApi[V]>;

/** What main answers on a verb channel. Errors travel as data: Electron drops custom properties
 * of a thrown Error (the HTTP status among them) on its way to the renderer. */
export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: ApiErrorShape };

const IPC_PREFIX = 'memtray:';

export function ipcChannel(verb: IpcVerb): `memtray:${IpcVerb}` {
  return `${IPC_PREFIX}${verb}`;
}

/** main → renderer: live events, the live-stream status, and navigation requests (tray menu). */
export const PUSH_CHANNEL = 'memtray:push';

/** renderer → main: "send me the current live status" (the push channel then keeps it current). */
export const LIVE_STATUS_CHANNEL = 'memtray:liveStatus';

/** renderer → main: the app's file dialogs (`MemTrayApi.files`, electron/main/file-dialogs.ts). */
export const SAVE_TEXT_CHANNEL = 'memtray:files:saveText';
export const OPEN_ARCHIVE_CHANNEL = 'memtray:files:openArchive';

/** Views the shell can open (the renderer's tabs; `location.hash`). */
export type ShellView =
  'recent' | 'search' | 'sessions' | 'projects' | 'context' | 'privacy' | 'provider' | 'health' | 'logs';

export type PushMessage =
  | { type: 'live'; event: LiveEvent }
  | { type: 'status'; status: LiveStatus }
  | { type: 'navigate'; view: ShellView };

/**
 * An error that crossed the bridge. The preload rejects with an `Error` whose message ends with
 * ` (HTTP <status>)`; this recovers `{status, message}` from it (status 0: no HTTP status).
 */
export function parseIpcError(message: string): ApiErrorShape {
  const m = /^(.*) \(HTTP (\d{1,3})\)$/s.exec(message);
  return m ? { status: Number(m[2]), message: m[1]! } : { status: 0, message };
}

export function formatIpcError(e: ApiErrorShape): string {
  return e.status > 0 ? `${e.message} (HTTP ${e.status})` : e.message;
}

type IpcVerbs = Omit<MemTrayApi, 'subscribe'>;

/**
 * Every verb of `MemTrayApi` as a call on its channel, generated from `IPC_VERBS` (the preload
 * passes `ipcRenderer.invoke`): a new verb needs its declaration, not the preload.
 * A verb resolves with main's value, or rejects with an `Error` whose message carries the status.
 */
export function ipcVerbs(invoke: (channel: string, ...args: unknown[]) => Promise<unknown>): IpcVerbs {
  const out: Partial<Record<IpcVerb, (...args: unknown[]) => Promise<unknown>>> = {};
  for (const verb of IPC_VERBS) {
    out[verb] = async (...args) => {
      const r = (await invoke(ipcChannel(verb), ...args)) as IpcResult<unknown>;
      if (r.ok) return r.value;
      throw new Error(formatIpcError(r.error));
    };
  }
  return out as IpcVerbs;
}

/** `MemTrayApi.files` over IPC (the preload passes `ipcRenderer.invoke`); errors as in `ipcVerbs`. */
export function ipcFiles(invoke: (channel: string, ...args: unknown[]) => Promise<unknown>): FileDialogs {
  const call = async (channel: string, ...args: unknown[]): Promise<string | null> => {
    const r = (await invoke(channel, ...args)) as IpcResult<string | null>;
    if (r.ok) return r.value;
    throw new Error(formatIpcError(r.error));
  };
  return {
    saveText: (fileName, text) => call(SAVE_TEXT_CHANNEL, fileName, text),
    openArchive: () => call(OPEN_ARCHIVE_CHANNEL),
  };
}
