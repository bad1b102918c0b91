/**
 * The MemTray service: the core plus its HTTP server on 127.0.0.1. Hosted by `memtray serve`, by
 * the Electron main process, and by the tests.
 */
import { createServer, type Server } from 'node:http';
import { randomBytes } from 'node:crypto';
import { ensureDataDir, removeServerInfo, writeServerInfo } from './config/data-dir.js';
import { acquireServeLock, ServeLockHeld, type ServeLock } from './config/serve-lock.js';
import { pingRoute } from './server/ping.js';
import { createCore, type Core, type CoreOptions } from './core.js';
import { startCheckpointer } from './db/checkpointer.js';
import { releaseHeap } from './util/heap.js';
import { createApp } from './server/app.js';
import type { Route } from './server/http.js';
import { DEFAULT_PORT, listen } from './server/listen.js';
import type { ServicePlugin } from './server/service-plugin.js';
import { hookRoutes } from './server/routes/hooks.js';
import { claudeMemRoutes } from './server/routes/claude-mem.js';
import { readRoutes } from './server/routes/read.js';
import { logsRoute } from './server/routes/logs.js';
import { SseHub } from './server/sse.js';
import { classifyStorageError } from './db/storage.js';
import { Quarantine } from './store/quarantine.js';

export interface ServiceOptions extends CoreOptions {
  /** Port to try first (default 37777); if busy, the next free ones. 0 picks any free port. */
  port?: number;
  /** Built renderer to serve at `/`. */
  uiDir?: string | null;
  bodyLimitBytes?: number;
  plugins?: Array<(core: Core) => ServicePlugin>;
  /** Write server.json (default true). */
  writeServerJson?: boolean;
  /** WAL checkpoints on a background thread (default true; see db/checkpointer.ts). */
  backgroundCheckpoints?: boolean;
  /** How long the checkpoint thread outlives the last write (default 30 s; tests make it short). */
  checkpointIdleMs?: number;
}

export interface Service {
  core: Core;
  port: number;
  url: string;
  /** URL that opens the UI in a browser, carrying the token once. */
  uiUrl: string;
  server: Server;
  /** Every route the service answers (the tests' API helper parses answers with their `response`). */
  routes: readonly Route[];
  stop(): Promise<void>;
}

/**
 * Starts one plugin. A plugin whose start throws (a bug, a bad file it reads) is logged, quarantined
 * (shown in Health) and left out, so it cannot put the service into a crash loop; storage errors
 * stay fatal (the database itself is unusable).
 */
async function startPlugin(core: Core, p: ServicePlugin, port: number): Promise<void> {
  const q = new Quarantine(core.sqlite, core.clock, core.logger);
  try {
    await p.start?.({ port });
    q.release('plugin', p.name);
  } catch (err) {
    if (classifyStorageError(err)) throw err;
    core.logger.error('plugin failed to start; the service runs without it', {
      plugin: p.name,
      err: err as Error,
    });
    q.add('plugin', p.name, `start failed: ${(err as Error).message ?? String(err)}`);
  }
}

export async function startService(opts: ServiceOptions): Promise<Service> {
  const { core, lock } = openLockedCore(opts);
  /** Random per start: server.json names it, `GET /api/ping` proves it (see server/ping.ts). */
  const instance = randomBytes(16).toString('hex');
  const checkpoints = startCheckpoints(core, opts);
  const startedAt = core.clock();
  const plugins = (opts.plugins ?? []).map((p) => p(core));
  const sse = new SseHub(core.bus);
  let boundPort = 0;
  const port = (): number => boundPort;
  const routes = serviceRoutes({ core, plugins, sse, instance, startedAt, port });
  const server = httpServer(core, routes, opts, port);
  const closeStore = async (): Promise<void> => {
    await checkpoints.stop();
    core.close();
    lock.release();
  };
  try {
    boundPort = await listenOnPort(server, core, opts.port ?? DEFAULT_PORT);
    for (const p of plugins) await startPlugin(core, p, boundPort);
  } catch (err) {
    server.close();
    sse.close();
    await closeStore();
    throw err;
  }
  if (opts.writeServerJson !== false) {
    writeServerInfo(core.paths, {
      port: boundPort,
      pid: process.pid,
      instance,
      version: core.version,
      startedAt: new Date(startedAt).toISOString(),
    });
  }
  const url = `http://127.0.0.1:${boundPort}`;
  core.logger.info('MemTray service listening', { url });
  let stopped: Promise<void> | null = null;
  return {
    core,
    port: boundPort,
    url,
    uiUrl: `${url}/?token=${core.token}`,
    server,
    routes,
    stop() {
      stopped ??= (async () => {
        for (const p of [...plugins].reverse()) await p.stop?.();
        sse.close();
        await closeServer(server);
        if (opts.writeServerJson !== false) removeServerInfo(core.paths);
        drainJournal(core);
        await closeStore();
      })();
      return stopped;
    },
  };
}

/**
 * The core, holding the data dir's serve lock: one service per data dir, an OS lock the kernel drops
 * whatever way this process dies. When the lock file cannot even be opened (a read-only data dir),
 * opening the database says why better, so that error comes first.
 */
function openLockedCore(opts: ServiceOptions): { core: Core; lock: ServeLock } {
  let lock: ServeLock | null = null;
  let lockError: unknown = null;
  try {
    lock = acquireServeLock(ensureDataDir(opts.dataDir), opts.nativeBinding);
  } catch (err) {
    if (err instanceof ServeLockHeld) throw err;
    lockError = err;
  }
  let core: Core;
  try {
    core = createCore(opts);
  } catch (err) {
    lock?.release();
    throw err;
  }
  if (!lock) {
    core.close();
    throw lockError;
  }
  return { core, lock };
}

/**
 * WAL checkpoints on a background thread (unless turned off). A deletion is a privacy action: its
 * pages (zeroed by secure_delete) are checkpointed into the database file at once, not when later
 * writes add up (docs/explanation/privacy-and-security.md, Forgetting). `stop` ends both.
 */
function startCheckpoints(core: Core, opts: ServiceOptions): { stop(): Promise<void> } {
  const checkpointer =
    opts.backgroundCheckpoints === false
      ? null
      : startCheckpointer(core.sqlite, {
          file: core.paths.db,
          logger: core.logger,
          // 30 s without a write after a burst: give V8's grown heaps back (util/heap.ts).
          onIdle: () => void releaseHeap(),
          ...(opts.checkpointIdleMs !== undefined ? { idleExitMs: opts.checkpointIdleMs } : {}),
          ...(opts.nativeBinding ? { nativeBinding: opts.nativeBinding } : {}),
        });
  const unsubscribe = [
    core.bus.on('session', (e) => {
      if (e.status === 'deleted') checkpointer?.flush();
    }),
    core.bus.on('project', () => checkpointer?.flush()),
  ];
  return {
    async stop() {
      for (const u of unsubscribe) u();
      await checkpointer?.stop();
    },
  };
}

interface RouteWiring {
  core: Core;
  plugins: ServicePlugin[];
  sse: SseHub;
  instance: string;
  startedAt: number;
  /** The port the server is bound to (0 until it listens). */
  port: () => number;
}

/** The service's own routes, then the plugins'. */
function serviceRoutes({ core, plugins, sse, instance, startedAt, port }: RouteWiring): Route[] {
  // The SessionStart context comes from a plugin (recall); the service itself builds none.
  const contextFor = plugins.find((p) => p.contextFor)?.contextFor ?? (() => null);
  return [
    // The hook endpoint first: every tool call of every session is matched against this table.
    ...hookRoutes(core, { contextFor }),
    ...claudeMemRoutes(core),
    pingRoute(core.token, instance, port),
    ...readRoutes(core, sse, startedAt),
    logsRoute(core.paths.log),
    {
      method: 'GET',
      path: '/api/context/inject',
      handler: ({ query }) => {
        const project = query.get('project') ?? 'unknown';
        const session = query.get('session') ?? undefined;
        return { text: contextFor(project, session) ?? '', contentType: 'text/markdown; charset=utf-8' };
      },
    },
    ...plugins.flatMap((p) => p.routes ?? []),
  ];
}

function httpServer(core: Core, routes: Route[], opts: ServiceOptions, port: () => number): Server {
  const server = createServer(
    { keepAlive: true, requestTimeout: 30_000 } as Parameters<typeof createServer>[0],
    createApp({
      token: core.token,
      routes,
      logger: core.logger,
      port,
      uiDir: opts.uiDir ?? null,
      settle: () => core.projector.settled(),
      ...(opts.bodyLimitBytes ? { bodyLimitBytes: opts.bodyLimitBytes } : {}),
    }),
  );
  server.keepAliveTimeout = 5_000;
  return server;
}

/** Listens on `first`, or the next free port when it is taken (said in the log); 0 picks any. */
async function listenOnPort(server: Server, core: Core, first: number): Promise<number> {
  const bound = await listen(server, first);
  if (first !== 0 && bound !== first)
    core.logger.warn('port taken; listening on the next free one', { wanted: first, port: bound });
  return bound;
}

function closeServer(server: Server): Promise<void> {
  return new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

/** Leaves the database consistent: derives rows for whatever the hook endpoint journaled. */
function drainJournal(core: Core): void {
  try {
    core.projector.drain();
  } catch (err) {
    core.logger.warn('journaled hook events left for the next start', { err: err as Error });
  }
}
