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
import { seedRoutes } from './server/routes/seed.js';
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
  // One service per data dir: an OS lock the kernel drops whatever way this process dies. When the
  // lock file cannot even be opened (a read-only data dir), opening the database says why better.
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
  const held: ServeLock = lock;
  /** Random per start: server.json names it, `GET /api/ping` proves it (see server/ping.ts). */
  const instance = randomBytes(16).toString('hex');
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
  // A deletion is a privacy action: its pages (zeroed by secure_delete) are checkpointed into the
  // database file at once, not when later writes add up (docs/explanation/privacy-and-security.md, Forgetting).
  const unflush = [
    core.bus.on('session', (e) => {
      if (e.status === 'deleted') checkpointer?.flush();
    }),
    core.bus.on('project', () => checkpointer?.flush()),
  ];
  const startedAt = core.clock();
  const plugins = (opts.plugins ?? []).map((p) => p(core));
  const sse = new SseHub(core.bus);
  // The SessionStart context comes from a plugin (recall); the service itself builds none.
  const contextFor = plugins.find((p) => p.contextFor)?.contextFor ?? (() => null);
  let boundPort = 0;
  const routes: Route[] = [
    // The hook endpoint first: every tool call of every session is matched against this table.
    ...hookRoutes(core, { contextFor }),
    ...seedRoutes(core),
    pingRoute(core.token, instance, () => boundPort),
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
  const server = createServer(
    { keepAlive: true, requestTimeout: 30_000 } as Parameters<typeof createServer>[0],
    createApp({
      token: core.token,
      routes,
      logger: core.logger,
      port: () => boundPort,
      uiDir: opts.uiDir ?? null,
      settle: () => core.projector.settled(),
      ...(opts.bodyLimitBytes ? { bodyLimitBytes: opts.bodyLimitBytes } : {}),
    }),
  );
  server.keepAliveTimeout = 5_000;
  try {
    const first = opts.port ?? DEFAULT_PORT;
    boundPort = await listen(server, first);
    if (first !== 0 && boundPort !== first)
      core.logger.warn('port taken; listening on the next free one', { wanted: first, port: boundPort });
    for (const p of plugins) await startPlugin(core, p, boundPort);
  } catch (err) {
    server.close();
    sse.close();
    for (const u of unflush) u();
    await checkpointer?.stop();
    core.close();
    held.release();
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
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        });
        if (opts.writeServerJson !== false) removeServerInfo(core.paths);
        // Leave the database consistent: derive rows for whatever the hook endpoint journaled.
        try {
          core.projector.drain();
        } catch (err) {
          core.logger.warn('journaled hook events left for the next start', { err: err as Error });
        }
        for (const u of unflush) u();
        await checkpointer?.stop();
        core.close();
        held.release();
      })();
      return stopped;
    },
  };
}
