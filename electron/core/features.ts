/**
 * The features every host wires into the core and the service: compression's redaction and
 * extractors (core options) and the service plugins (queue worker, recall, capture). The headless
 * `serve`, the Electron main process and the test harness all take them from here, so the three
 * hosts run the same thing.
 */
import type { Core, CoreOptions } from './core.js';
import type { ServicePlugin } from './server/service-plugin.js';
import { recallPlugin } from './recall/plugin.js';
import { capturePlugin } from './capture/plugin.js';
import { compressCoreOptions, compressPlugin } from './compress/plugin.js';
import { packageRoot } from './config/env.js';
import { maintenancePlugin } from './maintenance/plugin.js';
import { syncPlugin } from './sync/plugin.js';
import type { SyncOptions } from './sync/engine.js';

type FeatureCoreOptions = Pick<CoreOptions, 'redact' | 'extractRules' | 'wantsLlmJob'>;

export function featureCoreOptions(): FeatureCoreOptions {
  return { ...compressCoreOptions() };
}

/**
 * `root`: where `dist/memtray-hook*` lives (the packaged app passes its resources dir);
 * `nativeBinding`: the better-sqlite3 addon the worker threads load (maintenance, coarse vectors;
 *   the app's Electron build);
 * `sync`: segment and compaction bounds (tests make them small).
 */
export function featurePlugins(
  root: string = packageRoot(),
  nativeBinding?: string | null,
  sync: SyncOptions = {},
): Array<(core: Core) => ServicePlugin> {
  return [
    (core) => capturePlugin(core, { packageRoot: root }),
    (core) => recallPlugin(core, nativeBinding ? { nativeBinding } : {}),
    compressPlugin(),
    maintenancePlugin(nativeBinding ? { nativeBinding } : {}),
    syncPlugin(sync),
  ];
}
