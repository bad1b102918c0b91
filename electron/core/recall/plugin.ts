/**
 * The recall feature as a service plugin: search (lexical, or hybrid with embeddings), the
 * SessionStart digest (and its preview, `GET /api/context/preview`) and the Recent feed (`GET /api/recent`).
 */
import type { Core } from '../core.js';
import type { ServicePlugin } from '../server/service-plugin.js';
import { ContextBuilder } from './context.js';
import { contextPreviewRoute } from './preview-route.js';
import { RecentFeed, recentRoute } from './recent.js';
import { searchRoutes } from './routes.js';
import { SearchEngine } from './search.js';
import { HybridSearch, type HybridOptions } from './vectors/hybrid.js';
import { Indexer } from './vectors/indexer.js';
import { embeddingsRoutes } from './vectors/routes.js';

interface RecallOptions extends HybridOptions {
  /** Per embeddings request of the indexer (default 30 s). */
  embedTimeoutMs?: number;
  /** Delay between a write and the pass that embeds it (default 250 ms). */
  embedDebounceMs?: number;
  /** The better-sqlite3 addon for the coarse-vector loading thread (the Electron app's build). */
  nativeBinding?: string | undefined;
}

export function recallPlugin(core: Core, opts: RecallOptions = {}): ServicePlugin & { indexer: Indexer } {
  const engine = new SearchEngine(core.sqlite, core.clock);
  const context = new ContextBuilder(core.sqlite, () => core.settings.get(), core.projects);
  const indexer = new Indexer({
    db: core.sqlite,
    settings: core.settings,
    bus: core.bus,
    clock: core.clock,
    logger: core.logger,
    ...(opts.embedTimeoutMs !== undefined ? { timeoutMs: opts.embedTimeoutMs } : {}),
    ...(opts.embedDebounceMs !== undefined ? { debounceMs: opts.embedDebounceMs } : {}),
    nativeBinding: opts.nativeBinding,
  });
  const hybrid = new HybridSearch(engine, indexer, { clock: core.clock, ...opts });
  return {
    name: 'recall',
    routes: [
      ...searchRoutes(hybrid),
      ...embeddingsRoutes(indexer),
      contextPreviewRoute(context, () => core.settings.get()),
      recentRoute(new RecentFeed(core.sqlite)),
    ],
    contextFor: (project) => context.build(project),
    start: () => indexer.start(),
    stop: () => indexer.stop(),
    indexer,
  };
}
