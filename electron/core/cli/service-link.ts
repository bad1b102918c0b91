/**
 * The CLI's link to a running service of its data dir: found through `server.json`, proven by the
 * ping (the token goes only to a listener that proves it serves this data dir), then the API's
 * verbs over loopback HTTP. Commands that write use it so the service, which owns the database's
 * writers and its queue, does the work and wakes on it.
 */
import { readFileSync } from 'node:fs';
import { dataDirPaths, isProcessAlive, readServerInfo } from '../config/data-dir.js';
import { proveService } from '../server/ping.js';
import { httpVerbs, type HttpVerbs } from '../../shared/http-verbs.js';

const TIMEOUT_MS = 15_000;

/** The running service's verbs, or null when none serves this data dir (or it does not prove it). */
export async function linkService(dataDir: string): Promise<HttpVerbs | null> {
  const paths = dataDirPaths(dataDir);
  const info = readServerInfo(paths);
  if (!info || !isProcessAlive(info.pid)) return null;
  let token: string;
  try {
    token = readFileSync(paths.token, 'utf8').trim();
  } catch {
    return null;
  }
  if ((await proveService(info.port, token, info.instance)) !== null) return null;
  const base = `http://127.0.0.1:${info.port}`;
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await fetch(base + path, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const text = await res.text();
    if (!res.ok) {
      const why = /"error"\s*:\s*"([^"]{0,300})/.exec(text)?.[1] ?? `${res.status} ${res.statusText}`;
      throw new Error(`the MemTray service answered ${method} ${path} with ${why}`);
    }
    return (text === '' ? undefined : JSON.parse(text)) as T;
  };
  return httpVerbs(call);
}
