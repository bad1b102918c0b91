/**
 * Export, import and sync as a service plugin: `/api/data/*` and `/api/sync*` routes, and the sync
 * engine, which runs only while `sync.folder` is set. Wired in `features.ts`. See docs/explanation/sync.md.
 */
import type { Core } from '../core.js';
import type { ServicePlugin } from '../server/service-plugin.js';
import { SyncEngine, type SyncOptions } from './engine.js';
import { machineId } from '../config/machine.js';
import { RecordSource } from './records.js';
import { syncRoutes } from './routes.js';

export function syncPlugin(opts: SyncOptions = {}): (core: Core) => ServicePlugin {
  return (core) => {
    const machine = machineId(core.paths.root);
    const engine = new SyncEngine(
      {
        sqlite: core.sqlite,
        settings: core.settings,
        bus: core.bus,
        clock: core.clock,
        logger: core.logger,
        machine,
        owners: { jobs: core.jobs, projects: core.projects },
        clean: (v, changed) => core.ingest.clean(v, changed),
      },
      opts,
    );
    const src = new RecordSource(
      core.sqlite,
      () => core.settings.get(),
      machine,
      (v, changed) => core.ingest.clean(v, changed),
    );
    return {
      name: 'sync',
      routes: syncRoutes({
        sqlite: core.sqlite,
        machine,
        clock: core.clock,
        src,
        engine,
        owners: { jobs: core.jobs, projects: core.projects },
      }),
      start: () => engine.start(),
      stop: () => engine.stop(),
      engine,
    } as ServicePlugin & { engine: SyncEngine };
  };
}
