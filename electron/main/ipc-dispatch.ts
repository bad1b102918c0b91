/**
 * One IPC call, end to end minus Electron: check the sender, validate the arguments (zod), call the
 * service, and answer an `IpcResult` (errors as data, with their HTTP status). Electron-free.
 */
import type { IpcResult, IpcVerb } from '../shared/ipc.js';
import { isTrustedRendererUrl } from './app-protocol.js';
import { validateIpcArgs } from './ipc-schemas.js';
import { toApiError, type ServiceApi } from './service-client.js';

export interface SenderInfo {
  /** `webContents.id` of the sender. */
  webContentsId: number;
  /** URL of the sending frame (null if the frame is gone). */
  frameUrl: string | null;
  /** True when the sending frame is the top frame (not an iframe). */
  isMainFrame: boolean;
}

export interface SenderPolicy {
  /** webContents ids of our own windows. */
  allowedIds: ReadonlySet<number>;
  /** The electron-vite dev server (development only), else null. */
  devUrl: string | null;
}

/** Null when the sender is our own window's top frame on our own renderer URL; else why not. */
export function senderProblem(s: SenderInfo, policy: SenderPolicy): string | null {
  if (!policy.allowedIds.has(s.webContentsId)) return 'not a MemTray window';
  if (!s.isMainFrame) return 'not the top frame';
  if (s.frameUrl === null || !isTrustedRendererUrl(s.frameUrl, policy.devUrl))
    return 'not the MemTray renderer';
  return null;
}

export async function dispatchIpc(
  api: ServiceApi,
  verb: IpcVerb,
  rawArgs: unknown,
  sender: SenderInfo,
  policy: SenderPolicy,
): Promise<IpcResult<unknown>> {
  const bad = senderProblem(sender, policy);
  if (bad) return { ok: false, error: { status: 403, message: `forbidden sender: ${bad}` } };
  try {
    const args = validateIpcArgs(verb, rawArgs);
    const fn = api[verb] as (...a: unknown[]) => Promise<unknown>;
    const value = await fn.apply(api, args as unknown[]);
    return { ok: true, value };
  } catch (err) {
    return { ok: false, error: toApiError(err) };
  }
}
