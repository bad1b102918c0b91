/**
 * Attach or start: if `server.json` in the data dir names a live MemTray service for the same data
 * dir (e.g. `memtray serve` is running), the app attaches to it over HTTP; otherwise it starts the
 * service in this process. Electron-free (tested under Node with the real service).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { dataDirPaths, isProcessAlive, readServerInfo } from '../core/config/data-dir.js';
import { proveService } from '../core/server/ping.js';
import { startService, type Service, type ServiceOptions } from '../core/service.js';
import { serviceClient, type ServiceClient } from './service-client.js';

type AttachDecision =
  { kind: 'attach'; baseUrl: string; token: string; pid: number } | { kind: 'start'; reason: string };

interface DecideDeps {
  isAlive?: (pid: number) => boolean;
  selfPid?: number;
  fetch?: typeof fetch;
  probeTimeoutMs?: number;
}

function readToken(file: string): string | null {
  try {
    const t = readFileSync(file, 'utf8').trim();
    return /^[0-9a-f]{64}$/.test(t) ? t : null;
  } catch {
    return null;
  }
}

/** Decides whether a running service already serves `dataDir` (never starts anything). */
export async function decideAttach(dataDir: string, deps: DecideDeps = {}): Promise<AttachDecision> {
  const paths = dataDirPaths(resolve(dataDir));
  const info = readServerInfo(paths);
  if (!info) return { kind: 'start', reason: 'no server.json' };
  if (info.pid === (deps.selfPid ?? process.pid))
    return { kind: 'start', reason: 'server.json names this process' };
  if (!(deps.isAlive ?? isProcessAlive)(info.pid))
    return { kind: 'start', reason: `stale server.json (pid ${info.pid} is not running)` };
  const token = readToken(paths.token);
  if (!token) return { kind: 'start', reason: 'no token in the data dir' };
  const baseUrl = `http://127.0.0.1:${info.port}`;
  // The token goes only to a listener that proves it is this data dir's service (server/ping.ts).
  const unproven = await proveService(info.port, token, info.instance, {
    timeoutMs: deps.probeTimeoutMs ?? 1500,
    ...(deps.fetch ? { fetch: deps.fetch } : {}),
  });
  if (unproven)
    return {
      kind: 'start',
      reason: `pid ${info.pid} does not answer on port ${info.port} as this data dir's service: ${unproven}`,
    };
  const client = serviceClient({
    baseUrl,
    token,
    timeoutMs: deps.probeTimeoutMs ?? 1500,
    ...(deps.fetch ? { fetch: deps.fetch } : {}),
  });
  try {
    const status = await client.status();
    if (resolve(status.dataDir) !== paths.root)
      return { kind: 'start', reason: `port ${info.port} serves another data dir (${status.dataDir})` };
  } catch (err) {
    return {
      kind: 'start',
      reason: `pid ${info.pid} does not answer on port ${info.port}: ${(err as Error).message}`,
    };
  }
  return { kind: 'attach', baseUrl, token, pid: info.pid };
}

export interface ServiceHandle {
  mode: 'in-process' | 'attached';
  baseUrl: string;
  token: string;
  /** The UI in a browser (token carried once). */
  uiUrl: string;
  client: ServiceClient;
  /** The in-process service (null when attached). */
  service: Service | null;
  /** Why it started in-process (or whom it attached to). */
  reason: string;
  /** Stops the in-process service; a no-op when attached (the other process owns it). */
  stop(): Promise<void>;
}

export async function connectService(opts: ServiceOptions, deps: DecideDeps = {}): Promise<ServiceHandle> {
  const d = await decideAttach(opts.dataDir, deps);
  if (d.kind === 'attach') {
    return {
      mode: 'attached',
      baseUrl: d.baseUrl,
      token: d.token,
      uiUrl: `${d.baseUrl}/?token=${d.token}`,
      client: serviceClient({
        baseUrl: d.baseUrl,
        token: d.token,
        ...(deps.fetch ? { fetch: deps.fetch } : {}),
      }),
      service: null,
      reason: `attached to the MemTray service of pid ${d.pid}`,
      stop: async () => {},
    };
  }
  const service = await startService(opts);
  return {
    mode: 'in-process',
    baseUrl: service.url,
    token: service.core.token,
    uiUrl: service.uiUrl,
    client: serviceClient({
      baseUrl: service.url,
      token: service.core.token,
      ...(deps.fetch ? { fetch: deps.fetch } : {}),
    }),
    service,
    reason: d.reason,
    stop: () => service.stop(),
  };
}
