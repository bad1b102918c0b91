/** The recall feature as a service plugin: `GET /api/search` and the SessionStart digest. */
import type { Core } from '../core.js';
import type { ServicePlugin } from '../server/service-plugin.js';
import { ContextBuilder } from './context.js';
import { contextPreviewRoute } from './preview-route.js';
import { searchRoutes } from './routes.js';
import { SearchEngine } from './search.js';

export function recallPlugin(core: Core): ServicePlugin {
  const engine = new SearchEngine(core.sqlite, core.clock);
  const context = new ContextBuilder(core.sqlite, () => core.settings.get());
  return {
    name: 'recall',
    routes: [...searchRoutes(engine), contextPreviewRoute(context, () => core.settings.get())],
    contextFor: (project) => context.build(project),
  };
}
