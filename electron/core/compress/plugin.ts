/**
 * Compression as a service plugin (queue worker + routes) and as core options (redaction, the
 * rule extractor, the LLM job policy). Wired in `features.ts`.
 */
import type { Core, CoreOptions } from '../core.js';
import { redactSecrets } from '../privacy/redact.js';
import type { ServicePlugin } from '../server/service-plugin.js';
import { JobQueue } from './queue.js';
import { KeyCheck } from './key-check.js';
import { keyRoutes } from './key-routes.js';
import { compressRoutes } from './routes.js';
import { extractRules } from './rules.js';
import { UsageLedger } from './usage.js';
import { QueueWorker, type WorkerOptions } from './worker.js';

export interface CompressPluginOptions extends WorkerOptions {
  /** Messages API request timeout (default 60 s). */
  timeoutMs?: number;
}

export function compressCoreOptions(): Pick<CoreOptions, 'redact' | 'extractRules' | 'wantsLlmJob'> {
  return {
    redact: (text, settings) => redactSecrets(text, settings),
    extractRules,
    wantsLlmJob: (settings) => settings.apiKey() !== null,
  };
}

export function compressPlugin(opts: CompressPluginOptions = {}): (core: Core) => ServicePlugin {
  return (core) => {
    const queue = new JobQueue(core.sqlite, core.clock);
    const usage = new UsageLedger(core.sqlite, core.clock);
    const keyCheck = new KeyCheck({
      settings: core.settings,
      bus: core.bus,
      clock: core.clock,
      redact: (text) => redactSecrets(text, core.settings.get()),
      timeoutMs: opts.timeoutMs ?? 60_000,
    });
    const worker = new QueueWorker(
      {
        db: core.sqlite,
        bus: core.bus,
        clock: core.clock,
        logger: core.logger,
        settings: core.settings,
        queue,
        usage,
        // Whatever the storage setting, nothing leaves the machine unredacted.
        redact: (text) => redactSecrets(text, core.settings.get()),
        timeoutMs: opts.timeoutMs ?? 60_000,
        onCallError: (err) => keyCheck.noteError(err),
      },
      opts,
    );
    return {
      name: 'compress',
      routes: [...compressRoutes(core, queue, usage, () => worker.pump()), ...keyRoutes(keyCheck)],
      start: () => worker.start(),
      stop: () => worker.stop(),
      worker,
    } as ServicePlugin & { worker: QueueWorker };
  };
}
