/**
 * The IPC contract between the Electron main process and the preload: one channel per
 * `MemTrayApi` verb (request/response over `ipcRenderer.invoke`), and one push channel for live
 * updates (main → renderer). Shared by main and preload; plain TypeScript, no runtime imports, so
 * the sandboxed preload bundles it and both tsconfigs (node and web) accept it.
 *
 * Main validates every argument (zod, `electron/main/ipc-schemas.ts`) and checks every sender.
 */
import type { z } from 'zod';
import type { ApiErrorShape, LiveEvent, LiveStatus, MemTrayApi } from './api';
import type { VERB_RESPONSES } from './contract/api-verbs';

/** Every request/response verb: all of `MemTrayApi` except `subscribe` (which is the push channel). */
export type IpcVerb = Exclude<keyof MemTrayApi, 'subscribe'>;

export const IPC_VERBS = [
  'health',
  'status',
  'search',
  'listSessions',
  'getSession',
  'getSessionState',
  'deleteSession',
  'getObservation',
  'listProjects',
  'setProjectCapture',
  'deleteProject',
  'getSettings',
  'updateSettings',
  'getQueue',
  'retryJobs',
  'getUsage',
  'getProvider',
  'getStorage',
  'getEmbeddings',
  'reindexEmbeddings',
  'getKeyStatus',
  'testKey',
  'previewContext',
  'getRecent',
  'getLogs',
  'getHooks',
  'getCaptureStatus',
  'installHooks',
  'uninstallHooks',
  'startImport',
  'listImports',
  'getSync',
  'runSync',
  'decideSyncHold',
  'restoreSyncTrash',
  'exportData',
  'importArchive',
  'getArchiveImport',
] as const satisfies readonly IpcVerb[];

// Compile-time check that IPC_VERBS lists every verb (a verb added to MemTrayApi breaks the build
// here until it gets a channel).
type Missing = Exclude<IpcVerb, (typeof IPC_VERBS)[number]>;
const _allVerbsListed: [Missing] extends [never] ? true : Missing = true;
void _allVerbsListed;

// And that every verb has its answer's schema in the contract (contract/api-verbs.ts), whose
// value is the verb's.
type NoSchema = Exclude<IpcVerb, keyof typeof VERB_RESPONSES>;
const _allVerbsAnswered: [NoSchema] extends [never] ? true : NoSchema = true;
void _allVerbsAnswered;
type Drifted = {
  [V in IpcVerb]: (typeof VERB_RESPONSES)[V] extends z.ZodType
    ? [z.output<(typeof VERB_RESPONSES)[V]>] extends [IpcValue<V>]
      ? [IpcValue<V>] extends [z.output<(typeof VERB_RESPONSES)[V]>]
        ? never
        : V
      : V
    : never;
}[IpcVerb];
const _answersMatch: [Drifted] extends [never] ? true : Drifted = true;
void _answersMatch;

export type IpcArgs<V extends IpcVerb> = Parameters<MemTrayApi[V]>;
export type IpcValue<V extends IpcVerb> = Awaited<ReturnType<MemTrayApi[V]>>;

/** What main answers on a verb channel. Errors travel as data: Electron drops custom properties
 * of a thrown Error (the HTTP status among them) on its way to the renderer. */
export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: ApiErrorShape };

export const IPC_PREFIX = 'memtray:';

export function ipcChannel(verb: IpcVerb): `memtray:${IpcVerb}` {
  return `${IPC_PREFIX}${verb}`;
}

/** main → renderer: live events, the live-stream status, and navigation requests (tray menu). */
export const PUSH_CHANNEL = 'memtray:push';

/** renderer → main: "send me the current live status" (the push channel then keeps it current). */
export const LIVE_STATUS_CHANNEL = 'memtray:liveStatus';

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

export type IpcVerbs = Omit<MemTrayApi, 'subscribe'>;

/**
 * Every verb of `MemTrayApi` as a call on its channel, generated from `IPC_VERBS` (the preload
 * passes `ipcRenderer.invoke`): a new verb needs `MemTrayApi` and `IPC_VERBS`, not the preload.
 * A verb resolves with main's value, or rejects with an `Error` whose message carries the status.
 */
export function ipcVerbs(invoke: (channel: string, ...args: unknown[]) => Promise<unknown>): IpcVerbs {
  const out: Record<string, (...args: unknown[]) => Promise<unknown>> = {};
  for (const verb of IPC_VERBS) {
    out[verb] = async (...args) => {
      const r = (await invoke(ipcChannel(verb), ...args)) as IpcResult<unknown>;
      if (r.ok) return r.value;
      throw new Error(formatIpcError(r.error));
    };
  }
  return out as unknown as IpcVerbs;
}
