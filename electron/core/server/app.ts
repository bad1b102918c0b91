import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { Logger } from '../util/logger.js';
import {
  bearer,
  compileRoutes,
  HttpError,
  matchRoute,
  readBodyText,
  readJsonBody,
  sendJson,
  tokenMatches,
  type Route,
} from './http.js';
import { answerThenDrain } from './refuse-body.js';
import { serveStatic } from './static.js';
import { classifyStorageError } from '../db/storage.js';
import { MAX_EVENT_BYTES } from '../ingest/limits.js';

interface AppOptions {
  token: string;
  routes: Route[];
  logger: Logger;
  /** The port actually bound; the Host header must name it (DNS-rebinding guard). */
  port: () => number;
  /** Built renderer to serve at `/` (headless UI); null to serve none. */
  uiDir?: string | null;
  bodyLimitBytes?: number;
  /** Waits until journaled hook events are projected (read-your-writes for every other route). */
  settle?: () => Promise<void>;
}

/** The hook endpoint's limit is every path's limit (spool, transcripts): see ingest/limits.ts. */
const DEFAULT_BODY_LIMIT = MAX_EVENT_BYTES;

function allowedHost(host: string | undefined, port: number): boolean {
  return host === `127.0.0.1:${port}` || host === `localhost:${port}`;
}

/** Builds the request listener (apart from listening, so tests and hosts choose the socket). */
export function createApp(opts: AppOptions): RequestListener {
  const routes = compileRoutes(opts.routes);
  const limit = opts.bodyLimitBytes ?? DEFAULT_BODY_LIMIT;

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const port = opts.port();
    guardHostAndOrigin(req, port);
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);
    const method = req.method ?? 'GET';
    const match = matchRoute(routes, method, url.pathname);
    if (!match) {
      if ((method === 'GET' || method === 'HEAD') && opts.uiDir && !url.pathname.startsWith('/api/')) {
        if (await serveStatic(opts.uiDir, url.pathname, res)) return;
      }
      throw new HttpError(404, `no route for ${method} ${url.pathname.slice(0, 200)}`);
    }
    if ('allowed' in match) {
      res.setHeader('allow', match.allowed.join(', '));
      throw new HttpError(405, `method ${method} not allowed for ${url.pathname.slice(0, 200)}`);
    }
    const { route, params } = match;
    if (route.auth !== false) checkToken(req, url, route, opts.token);
    const hasBody = method === 'POST' || method === 'PUT' || method === 'PATCH';
    const body = !hasBody
      ? undefined
      : route.rawBody
        ? await readBodyText(req, route.bodyLimitBytes ?? limit)
        : await readJsonBody(req, route.bodyLimitBytes ?? limit);
    if (opts.settle && route.settled !== false) await opts.settle();
    const result = await route.handler({ req, res, url, params, query: url.searchParams, body });
    if ('handled' in result) return;
    if ('json' in result) sendJson(res, result.status ?? 200, result.json);
    else {
      res.writeHead(result.status ?? 200, {
        'content-type': result.contentType,
        'cache-control': 'no-store',
      });
      res.end(result.text);
    }
  };

  return (req, res) => {
    handle(req, res).catch((err: unknown) => answerError(req, res, err, opts.logger));
  };
}

/** DNS-rebinding and cross-site guard: the Host must name this port, an Origin must be this service. */
function guardHostAndOrigin(req: IncomingMessage, port: number): void {
  if (!allowedHost(req.headers.host, port))
    throw new HttpError(403, 'forbidden host: MemTray only answers 127.0.0.1 and localhost');
  const origin = req.headers.origin;
  if (
    origin !== undefined &&
    origin !== `http://127.0.0.1:${port}` &&
    origin !== `http://localhost:${port}`
  ) {
    throw new HttpError(403, 'forbidden origin');
  }
}

function checkToken(req: IncomingMessage, url: URL, route: Route, token: string): void {
  const given = bearer(req) ?? (route.queryToken ? url.searchParams.get('access_token') : null);
  if (!tokenMatches(token, given))
    throw new HttpError(401, 'missing or wrong token: send Authorization: Bearer <token>');
}

/** A failed request's answer: its HTTP error, 503 for storage trouble, else 500 (logged). */
function answerError(req: IncomingMessage, res: ServerResponse, err: unknown, logger: Logger): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  if (err instanceof HttpError) {
    const body = { error: err.message, status: err.status };
    // A body left unread is drained before the connection closes, so the client reads the answer.
    if (req.complete) sendJson(res, err.status, body);
    else answerThenDrain(req, res, err.status, body);
    return;
  }
  const storage = classifyStorageError(err);
  if (storage) {
    // Locked, read-only, disk full: say so (503, retryable; the hook spools on 5xx).
    logger.warn('request failed: storage', {
      path: (req.url ?? '').split('?')[0],
      code: storage.code,
    });
    sendJson(res, 503, { error: storage.message, status: 503, problem: storage.problem });
    if (!req.complete) req.resume();
    return;
  }
  logger.error('request failed', {
    method: req.method,
    path: (req.url ?? '').split('?')[0],
    err: err as Error,
  });
  sendJson(res, 500, { error: 'internal error', status: 500 });
}
