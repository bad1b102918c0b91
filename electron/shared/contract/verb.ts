/**
 * What an API verb is: one declaration (`{method, path, args, response}` with zod) from which the
 * HTTP client, the IPC bridge and its validation, the renderer's API type, the test fake and the
 * server's route registration are all derived (the table: `./verbs.ts`). zod only: the renderer
 * and the preload bundle this file.
 */
import type { z } from 'zod';

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Where a call's arguments go in its HTTP request. */
interface VerbRequest {
  /** The values of the path's `:name` segments (percent-encoded when the path is built). */
  params?: Record<string, string | number>;
  /** Query-string fields; `undefined` and `''` are left out. */
  query?: Record<string, string | number | undefined>;
  body?: unknown;
}

export interface Verb<A extends z.ZodTuple = z.ZodTuple, R extends z.ZodType = z.ZodType> {
  method: HttpMethod;
  /** The route, with `:name` segments for path parameters. */
  path: string;
  /** The arguments as the UI passes them, a tuple: IPC validates every call with it. */
  args: A;
  /** The answer: the route is checked against it at compile time, the tests parse every answer. */
  response: R;
  /** Places the arguments in the request; absent when the verb takes none. */
  request?(...args: z.input<A>): VerbRequest;
}

/** Declares a verb (the identity, for inference). */
export function verb<A extends z.ZodTuple, R extends z.ZodType>(v: Verb<A, R>): Verb<A, R> {
  return v;
}

/** A verb as a function: its arguments in, its answer out. */
type VerbCall<V> = V extends Verb<infer A, infer R> ? (...args: z.input<A>) => Promise<z.output<R>> : never;

/** An API object with one function per declared verb. */
export type VerbApi<T> = { [K in keyof T]: VerbCall<T[K]> };

function queryString(params: Record<string, string | number | undefined>): string {
  const sp = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') sp.set(k, String(v));
  const s = sp.toString();
  return s ? `?${s}` : '';
}

/** One call of a verb as an HTTP request. A POST or PUT without a body sends `{}`. */
export function httpRequest(
  v: Verb,
  args: readonly unknown[],
): { method: HttpMethod; path: string; body?: unknown } {
  const r: VerbRequest = v.request ? (v.request as (...a: unknown[]) => VerbRequest)(...args) : {};
  const path = v.path.replace(/:([A-Za-z]+)/g, (_m, k: string) => {
    const value = r.params?.[k];
    if (value === undefined) throw new Error(`${v.method} ${v.path}: no value for :${k}`);
    return encodeURIComponent(String(value));
  });
  const full = path + queryString(r.query ?? {});
  const body = r.body ?? (v.method === 'POST' || v.method === 'PUT' ? {} : undefined);
  return body === undefined ? { method: v.method, path: full } : { method: v.method, path: full, body };
}
