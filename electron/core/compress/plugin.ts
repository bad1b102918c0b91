/**
 * Compression as a service plugin (queue worker + routes) and as core options (redaction, the
 * rule extractor, the LLM job policy). Wired in `features.ts`.
 */
import type { Core, CoreOptions } from '../core.js';
import { redactSecrets } from '../privacy/redact.js';
import type { ServicePlugin } from '../server/service-plugin.js';
import { providerRoutes } from './provider-routes.js';
import { ProviderStatus } from './provider-status.js';
import { KeyCheck } from './key-check.js';
import { keyRoutes } from './key-routes.js';
import { compressRoutes } from './routes.js';
import { extractRules } from './rules.js';
import { UsageLedger } from './usage.js';
import { QueueWorker, type WorkerOptions } from './worker.js';

export interface CompressPluginOptions extends WorkerOptions {
  /** Messages API / chat completions request timeout (default 60 s). */
  timeoutMs?: number;
  /** A `claude` CLI run's timeout, start-up included (default 120 s); the process is killed then. */
  cliTimeoutMs?: number;
}

export function compressCoreOptions(): Pick<CoreOptions, 'redact' | 'extractRules' | 'wantsLlmJob'> {
  return {
    redact: (text, settings) => redactSecrets(text, settings),
    extractRules,
    wantsLlmJob: (settings) => {
      const kind = settings.providerKind();
      return kind === 'anthropic' ? settings.apiKey() !== null : kind !== 'rules';
    },
  };
}

export function compressPlugin(opts: CompressPluginOptions = {}): (core: Core) => ServicePlugin {
  return (core) => {
    const queue = core.jobs;
    const usage = new UsageLedger(core.sqlite, core.clock);
    const status = new ProviderStatus(core.clock, () => {
      const p = core.settings.get().provider;
      return JSON.stringify([core.settings.providerKind(), p.model, p.baseUrl, p.claudePath]);
    });
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
        cliTimeoutMs: opts.cliTimeoutMs ?? 120_000,
        dataDir: core.paths.root,
        status,
        onCallError: (err) => keyCheck.noteError(err),
      },
      opts,
    );
    return {
      name: 'compress',
      routes: [
        ...compressRoutes(core, queue, usage, () => worker.pump()),
        ...providerRoutes(core, status),
        ...keyRoutes(keyCheck),
      ],
      start: () => worker.start(),
      stop: () => worker.stop(),
      worker,
    } as ServicePlugin & { worker: QueueWorker };
  };
}
