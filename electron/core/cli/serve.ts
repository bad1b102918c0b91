import { parseArgs } from 'node:util';
import { dataDirPaths, resolveDataDir } from '../config/data-dir.js';
import { startService } from '../service.js';
import { consoleLogger, fileLogger } from '../util/logger.js';
import { migrationsDir, uiDir } from '../config/env.js';
import { featureCoreOptions, featurePlugins } from '../features.js';
import { findUserClaude } from '../compress/claude-path.js';
import { releaseYoungGeneration } from '../util/heap.js';

export async function runServe(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string' },
      'data-dir': { type: 'string' },
      quiet: { type: 'boolean' },
      synchronous: { type: 'string' },
    },
    strict: true,
  });
  const dataDir = values['data-dir'] ?? resolveDataDir();
  const port = values.port !== undefined ? Number(values.port) : undefined;
  if (port !== undefined && (!Number.isInteger(port) || port < 0 || port > 65535)) {
    throw new Error(`--port must be an integer 0-65535, got '${values.port}'`);
  }
  // No server.json check: startService takes the serve lock (config/serve-lock.ts), which refuses a
  // second service on this data dir and ignores a stale server.json whatever pid it names.
  const sync = values.synchronous?.toUpperCase();
  if (sync !== undefined && sync !== 'FULL' && sync !== 'NORMAL') {
    throw new Error(`--synchronous must be full or normal, got '${values.synchronous}'`);
  }
  const logger = fileLogger(dataDirPaths(dataDir).log, undefined, values.quiet ? undefined : consoleLogger());
  const service = await startService({
    dataDir,
    migrationsDir: migrationsDir(),
    logger,
    uiDir: uiDir(),
    ...featureCoreOptions(),
    plugins: featurePlugins(),
    ...(port !== undefined ? { port } : {}),
    ...(sync !== undefined ? { synchronous: sync } : {}),
  });
  // Start-up is over: V8 may grow its young generation again (bin/memtray.mjs held it).
  releaseYoungGeneration();
  process.stdout.write(`MemTray is running at ${service.url}\n`);
  process.stdout.write(`Open the UI: ${service.uiUrl}\n`);
  if (!uiDir()) process.stdout.write('(the UI is not built yet: run `npm run build` to serve it)\n');
  process.stdout.write(`Data dir: ${dataDir}. Press Ctrl+C to stop.\n`);
  const settings = service.core.settings;
  if (settings.get().provider.kind === null && !settings.apiKey() && findUserClaude()) {
    // First run, headless: the same offer as the app's dialog and the Provider view's card.
    process.stdout.write(
      'Claude Code is installed: MemTray can write its memories with your Claude login, no API key (Provider view).\n',
    );
  }
  await new Promise<void>((resolve) => {
    const shutdown = (sig: string): void => {
      logger.info('shutting down', { signal: sig });
      void service.stop().then(resolve, resolve);
    };
    process.once('SIGINT', () => shutdown('SIGINT'));
    process.once('SIGTERM', () => shutdown('SIGTERM'));
  });
  return 0;
}
