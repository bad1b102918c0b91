/**
 * A small HTTP toolkit on node:http: a route table, loopback/host/origin/token guards, bounded
 * JSON bodies and zod validation with messages that name the field. No framework: the ingest path
 * is hot (every tool call of every session) and the guards must be exactly what we say they are.
 */
import { isUtf8 } from 'node:buffer';
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import type { Verb } from '../../shared/contract/verb.js';
import { wellFormedDeep } from '../ingest/well-formed.js';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

interface RequestContext {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  params: Record<string, string>;
  query: URLSearchParams;
  /** Parsed JSON body (POST/PUT/PATCH), `undefined` otherwise. */
  body: unknown;
}

type RouteResult =
  | { status?: number; json: unknown }
  | { status?: number; text: string; contentType: string }
  | { handled: true };

export interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  path: string;
  /** Default true: requires `Authorization: Bearer <token>`. */
  auth?: boolean;
  /** Also accept `?access_token=` (EventSource cannot send headers). */
  queryToken?: boolean;
  /**
   * Default true: wait until journaled hook events are projected before the handler runs, so a
   * read sees every write acknowledged before it. The hook endpoint itself sets false.
   */
  settled?: boolean;
  /** The body as checked UTF-8 text (the handler parses it), not parsed JSON. */
  rawBody?: boolean;
  /** This route's body limit in bytes, when it takes more than the service's (app.ts). */
  bodyLimitBytes?: number;
  /**
   * The schema of the JSON answer, from the shared contract (electron/shared/contract/). The tests'
   * API helper parses every answer with it; define JSON routes with `jsonRoute` so the handler's
   * answer is also checked against it at compile time.
   */
  response?: z.ZodType;
  /** The declared verb this route serves (electron/shared/contract/verbs.ts), if it serves one. */
  verb?: Verb;
  handler(ctx: RequestContext): RouteResult | Promise<RouteResult>;
}

type JsonResult<T> = { status?: number; json: T };

/** A route answering JSON of the contract's `response` schema (checked by the compiler here). */
export function jsonRoute<S extends z.ZodType>(
  r: Omit<Route, 'handler' | 'response'> & {
    response: S;
    handler(ctx: RequestContext): JsonResult<z.input<S>> | Promise<JsonResult<z.input<S>>>;
  },
): Route {
  return r;
}

/**
 * The route of a declared verb: method, path and answer come from the declaration, and the
 * compiler checks the handler's answer against the declared response.
 */
export function verbRoute<V extends Verb>(
  verb: V,
  r: Omit<Route, 'method' | 'path' | 'response' | 'verb' | 'handler'> & {
    handler(
      ctx: RequestContext,
    ): JsonResult<z.input<V['response']>> | Promise<JsonResult<z.input<V['response']>>>;
  },
): Route {
  return { ...r, method: verb.method, path: verb.path, response: verb.response, verb };
}

interface CompiledRoute extends Route {
  regex: RegExp;
  keys: string[];
}

export function compileRoutes(routes: Route[]): CompiledRoute[] {
  return routes.map((r) => {
    const keys: string[] = [];
    const pattern = r.path.replace(/\/:([A-Za-z]+)/g, (_m, k: string) => {
      keys.push(k);
      return '/([^/]+)';
    });
    return { ...r, regex: new RegExp(`^${pattern}/?$`), keys };
  });
}

export function matchRoute(
  routes: CompiledRoute[],
  method: string,
  pathname: string,
): { route: CompiledRoute; params: Record<string, string> } | { allowed: string[] } | null {
  const allowed: string[] = [];
  for (const r of routes) {
    const m = r.regex.exec(pathname);
    if (!m) continue;
    if (r.method !== method) {
      allowed.push(r.method);
      continue;
    }
    const params: Record<string, string> = {};
    for (const [i, k] of r.keys.entries()) {
      try {
        params[k] = decodeURIComponent(m[i + 1]!);
      } catch {
        throw new HttpError(400, `invalid path: malformed percent-encoding in ${k}`);
      }
    }
    return { route: r, params };
  }
  return allowed.length > 0 ? { allowed } : null;
}

let expectedCache: { token: string; buf: Buffer } | null = null;

export function tokenMatches(expected: string, given: string | null | undefined): boolean {
  if (!given) return false;
  if (expectedCache?.token !== expected) expectedCache = { token: expected, buf: Buffer.from(expected) };
  const a = expectedCache.buf;
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function bearer(req: IncomingMessage): string | null {
  const h = req.headers.authorization;
  if (!h) return null;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(h);
  return m ? m[1]! : null;
}

/** Deeper JSON is refused: every later walk (privacy stripping, redaction, stringify) recurses. */
const MAX_JSON_DEPTH = 256;

/**
 * Whether `text` has more than `max` opening brackets at all (a bound on its nesting): counted with
 * indexOf, which is far cheaper than walking every character, so most bodies skip nestingDepth.
 */
function hasManyBrackets(text: string, max: number): boolean {
  let n = 0;
  for (const c of ['{', '[']) {
    for (let i = text.indexOf(c); i !== -1; i = text.indexOf(c, i + 1)) if (++n > max) return true;
  }
  return false;
}

/** Maximum `[`/`{` nesting of JSON text (strings skipped), in one linear pass. */
function nestingDepth(text: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92)
        i++; // backslash: skip the escaped character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 || c === 91) {
      if (++depth > max) max = depth;
    } else if (c === 125 || c === 93) depth--;
  }
  return max;
}

/** Collects the body with plain stream events (cheaper than async iteration on the hot path). */
function collectBody(req: IncomingMessage, limit: number): Promise<{ chunks: Buffer[]; size: number }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > limit) {
        cleanup();
        reject(new HttpError(413, `body exceeds ${limit} bytes`));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = (): void => {
      cleanup();
      resolve({ chunks, size });
    };
    const onError = (err: Error): void => {
      cleanup();
      reject(err);
    };
    const onAborted = (): void => {
      cleanup();
      reject(new HttpError(400, 'request body was cut off'));
    };
    const cleanup = (): void => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('close', onClose);
    };
    const onClose = (): void => {
      if (!req.complete) onAborted();
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('close', onClose);
  });
}

/**
 * Reads a JSON body as text: content type (415), size (413 past `limit`), not empty, strict UTF-8.
 */
export async function readBodyText(req: IncomingMessage, limit: number): Promise<string> {
  const type = req.headers['content-type'];
  if (type !== undefined && !/^application\/(?:[\w.+-]*\+)?json\s*(?:;|$)/i.test(type)) {
    throw new HttpError(415, `content-type must be application/json, got '${type.slice(0, 100)}'`);
  }
  const declared = Number(req.headers['content-length'] ?? NaN);
  if (Number.isFinite(declared) && declared > limit) throw new HttpError(413, `body exceeds ${limit} bytes`);
  const { chunks, size } = await collectBody(req, limit);
  if (size === 0) throw new HttpError(400, 'request body is empty; expected JSON');
  const buf = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size);
  if (!isUtf8(buf)) throw new HttpError(400, 'request body is not valid UTF-8');
  const text = buf.toString('utf8');
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text; // a leading BOM is not JSON
}

/** A `\uD800`-`\uDFFF` escape: the only way valid UTF-8 JSON text can denote a lone surrogate. */
const SURROGATE_ESCAPE = /\\u[dD][89a-fA-F]/;

/**
 * Parses JSON body text; nesting past MAX_JSON_DEPTH or invalid JSON is a 400 that says which. Lone
 * surrogates in strings and keys become U+FFFD (`onNormalised` is called when one did).
 */
export function parseJsonText(text: string, onNormalised?: () => void): unknown {
  if (hasManyBrackets(text, MAX_JSON_DEPTH) && nestingDepth(text) > MAX_JSON_DEPTH)
    throw new HttpError(400, `invalid JSON: nested deeper than ${MAX_JSON_DEPTH} levels`);
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch (err) {
    throw new HttpError(400, `invalid JSON: ${(err as Error).message.slice(0, 200)}`);
  }
  return SURROGATE_ESCAPE.test(text) ? wellFormedDeep(value, onNormalised) : value;
}

/** Reads the body (see readBodyText) and parses it (see parseJsonText). */
export async function readJsonBody(req: IncomingMessage, limit: number): Promise<unknown> {
  return parseJsonText(await readBodyText(req, limit));
}

/** Validates with zod; a failure becomes a 400 that names the first offending fields. */
export function validate<S extends z.ZodType>(schema: S, value: unknown, what = 'body'): z.infer<S> {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  const msgs = r.error.issues.slice(0, 5).map((i) => {
    const path = i.path.length > 0 ? i.path.map(String).join('.') : what;
    return `${path}: ${i.message}`;
  });
  throw new HttpError(400, `invalid ${what}: ${msgs.join('; ')}`);
}

const EMPTY_BODY = z.object({}).strict();

/**
 * A POST that takes no input: no body, or an empty JSON object (`schema`, when the contract names
 * one); anything else is a 400 like every other route's bad body.
 */
export function noBody(body: unknown, schema: z.ZodType = EMPTY_BODY): void {
  validate(schema, body === undefined ? {} : body);
}

export function sendJson(res: ServerResponse, status: number, value: unknown): void {
  const body = JSON.stringify(value);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  });
  res.end(body);
}

/** An integer query parameter within its limits; `limits.default` when it is absent. */
export function intParam(
  q: URLSearchParams,
  name: string,
  { default: def, min, max }: { default: number; min: number; max: number },
): number {
  const raw = q.get(name);
  if (raw === null || raw === '') return def;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new HttpError(400, `invalid query: ${name} must be an integer between ${min} and ${max}`);
  }
  return n;
}

export function idParam(params: Record<string, string>, name = 'id'): number {
  const n = Number(params[name]);
  if (!Number.isSafeInteger(n) || n <= 0)
    throw new HttpError(400, `invalid path: ${name} must be a positive integer`);
  return n;
}
