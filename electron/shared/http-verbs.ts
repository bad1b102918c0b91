/**
 * `MemTrayApi`'s verbs over the HTTP API, derived from their declarations (./contract/verbs.ts):
 * used by the renderer's headless transport, the Electron main process's service client and the
 * CLI. Each supplies its own `call` (fetch, auth, errors).
 */
import { httpRequest, type Verb } from './contract/verb';
import { VERBS, type VerbName } from './contract/verbs';
import type { MemTrayApi } from './api';

export type HttpVerbs = Omit<MemTrayApi, 'subscribe'>;

/** An authenticated JSON request: resolves with the parsed answer, rejects with the API's error. */
type HttpCall = <T>(method: string, path: string, body?: unknown) => Promise<T>;

export function httpVerbs(call: HttpCall): HttpVerbs {
  const out: Partial<Record<VerbName, (...args: unknown[]) => Promise<unknown>>> = {};
  for (const [name, v] of Object.entries(VERBS) as Array<[VerbName, Verb]>) {
    out[name] = (...args) => {
      const r = httpRequest(v, args);
      return call(r.method, r.path, r.body);
    };
  }
  return out as HttpVerbs;
}
