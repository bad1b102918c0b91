/**
 * The recall feature as a service plugin: `GET /api/search`, the SessionStart digest (and its
 * preview, `GET /api/context/preview`) and the Recent feed (`GET /api/recent`).
 */
import type { Core } from '../core.js';
import type { ServicePlugin } from '../server/service-plugin.js';
import { ContextBuilder } from './context.js';
import { contextPreviewRoute } from './preview-route.js';
import { RecentFeed, recentRoute } from './recent.js';
import { searchRoutes } from './routes.js';
import { SearchEngine } from './search.js';

export function recallPlugin(core: Core): ServicePlugin {
  const engine = new SearchEngine(core.sqlite, core.clock);
  const context = new ContextBuilder(core.sqlite, () => core.settings.get());
  return {
    name: 'recall',
    routes: [
      ...searchRoutes(engine),
      contextPreviewRoute(context, () => core.settings.get()),
      recentRoute(new RecentFeed(core.sqlite)),
    ],
    contextFor: (project) => context.build(project),
  };
}
