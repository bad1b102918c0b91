import type { Core } from '../core.js';
import type { ServicePlugin } from '../service.js';

/** The features the headless service and the app host (compression, recall, capture). */
export function servicePlugins(): Array<(core: Core) => ServicePlugin> {
  return [];
}
