/**
 * The MemTray core: database, settings, ingest and read stores wired together. No HTTP and no
 * Electron here; the service (HTTP), the Electron main process and the tests all build on this.
 */
import { machineId } from './config/machine.js';
import type Database from 'better-sqlite3';
import { openDatabase, type Drizzle } from './db/open.js';
import { ensureDataDir, loadOrCreateToken, type DataDirPaths } from './config/data-dir.js';
import { GroupCommit } from './ingest/group-commit.js';
import { WalSync } from './db/wal-sync.js';
import { Ingestor, type IngestDeps } from './ingest/ingestor.js';
import { Projector } from './ingest/projector.js';
import { SessionsRepo } from './ingest/sessions-repo.js';
import { fileSecretStores, type SecretStores } from './settings/secrets.js';
import { SettingsStore } from './settings/store.js';
import { ReadStore } from './store/read.js';
import { ProjectStore } from './projects/store.js';
import { JobQueue } from './jobs/queue.js';
import { adoptLegacyProjects } from './projects/adopt.js';
import { Bus } from './util/bus.js';
import { systemClock, type Clock } from './util/clock.js';
import { silentLogger, type Logger } from './util/logger.js';
import { onCustomPatternDisabled } from './privacy/custom-patterns.js';

const VERSION = '0.1.0';

export interface CoreOptions {
  dataDir: string;
  migrationsDir: string;
  clock?: Clock;
  logger?: Logger;
  /** Where every secret is kept, by name (default: `<dataDir>/<name>`, mode 0600; settings/secrets.ts). */
  secretStore?: SecretStores;
  env?: NodeJS.ProcessEnv;
  /**
   * Default FULL: every commit (each group commit of acknowledged hooks) fsyncs the WAL, so a 2xx
   * survives a power loss, not only a process crash (NORMAL). See docs/explanation/durability.md.
   */
  synchronous?: 'NORMAL' | 'FULL';
  /** better-sqlite3 addon built for this runtime's ABI (the Electron app passes its own build). */
  nativeBinding?: string;
  /** Plug-ins from compression (secret redaction, rule extractor, LLM job policy). */
  redact?: IngestDeps['redact'];
  extractRules?: IngestDeps['extractRules'];
  wantsLlmJob?: IngestDeps['wantsLlmJob'];
}

export interface Core {
  paths: DataDirPaths;
  token: string;
  version: string;
  sqlite: Database.Database;
  db: Drizzle;
  bus: Bus;
  clock: Clock;
  logger: Logger;
  settings: SettingsStore;
  ingest: Ingestor;
  /** Batches concurrent ingest writes into shared commits (used by the HTTP ingest routes). */
  groupCommit: GroupCommit;
  /** Derives rows from the events the hook endpoint journaled (see ingest/projector.ts). */
  projector: Projector;
  read: ReadStore;
  /** The projects table's one writer: identity, names, capture switches (projects/store.ts). */
  projects: ProjectStore;
  /** The durable job queue, the jobs table's one writer (jobs/queue.ts). */
  jobs: JobQueue;
  close(): void;
}

export function createCore(opts: CoreOptions): Core {
  const paths = ensureDataDir(opts.dataDir);
  const token = loadOrCreateToken(paths);
  const clock = opts.clock ?? systemClock;
  const logger = opts.logger ?? silentLogger;
  const { sqlite, db, close } = openDatabase(paths.db, {
    migrationsDir: opts.migrationsDir,
    synchronous: opts.synchronous ?? 'FULL',
    ...(opts.nativeBinding ? { nativeBinding: opts.nativeBinding } : {}),
  });
  try {
    const bus = new Bus((err) => logger.error('bus listener failed', { err: err as Error }));
    const settings = openSettings(db, { root: paths.root, opts, clock, logger });
    const projects = new ProjectStore(sqlite, bus);
    const adopted = adoptLegacyProjects(sqlite, projects, SessionsRepo.of(sqlite), clock());
    if (adopted.adopted + adopted.split + adopted.merged > 0)
      logger.info('projects: identity adopted', { ...adopted });
    const jobs = new JobQueue(sqlite, clock, bus);
    const { walSync, groupCommit, ingest, projector } = startIngest({
      opts,
      dbFile: paths.db,
      sqlite,
      projects,
      jobs,
      bus,
      clock,
      logger,
      settings,
      machine: machineId(paths.root),
    });
    return {
      paths,
      token,
      version: VERSION,
      sqlite,
      db,
      bus,
      clock,
      logger,
      settings,
      ingest,
      groupCommit,
      projector,
      read: new ReadStore(db),
      projects,
      jobs,
      close: () => {
        projector.stop();
        // Before SQLite closes (and deletes the WAL): on Windows an open handle would keep it.
        walSync?.close();
        close();
      },
    };
  } catch (err) {
    close();
    throw err;
  }
}

/** The settings store (secrets in the data dir unless a store is given), its problems logged. */
function openSettings(
  db: Core['db'],
  { root, opts, clock, logger }: { root: string; opts: CoreOptions; clock: Clock; logger: Logger },
): SettingsStore {
  const settings = new SettingsStore(
    db,
    opts.secretStore ?? fileSecretStores(root),
    clock,
    opts.env ?? process.env,
  );
  // A custom redaction pattern too costly to run is disabled (custom-patterns.ts): say so, by
  // index (the pattern itself may hold the very secret it is meant to hide).
  onCustomPatternDisabled((pattern, reason) =>
    logger.warn('redaction: custom pattern disabled', {
      index: settings.get().customRedactPatterns.indexOf(pattern),
      reason,
    }),
  );
  return settings;
}

interface IngestWiring {
  opts: CoreOptions;
  dbFile: string;
  sqlite: Core['sqlite'];
  projects: ProjectStore;
  jobs: JobQueue;
  bus: Bus;
  clock: Clock;
  logger: Logger;
  settings: SettingsStore;
  /** This install's machine id (config/machine.ts). */
  machine: string;
}

/** The write path: group commit (fsynced off the event loop where it pays), the Ingestor, the projector. */
function startIngest(w: IngestWiring) {
  const { opts, sqlite, logger } = w;
  // Hook commits are fsynced off the event loop (db/wal-sync.ts) when the connection would fsync
  // each commit anyway (FULL) and journals to a WAL.
  const walSync =
    sqlite.pragma('synchronous', { simple: true }) === 2 &&
    sqlite.pragma('journal_mode', { simple: true }) === 'wal'
      ? new WalSync(`${w.dbFile}-wal`)
      : undefined;
  const groupCommit = new GroupCommit(sqlite, 256, walSync);
  const ingest = new Ingestor({
    projects: w.projects,
    jobs: w.jobs,
    sqlite,
    groupCommit,
    logger,
    bus: w.bus,
    clock: w.clock,
    settings: w.settings,
    redact: opts.redact ?? ((s) => s),
    machine: w.machine,
    ...(opts.extractRules ? { extractRules: opts.extractRules } : {}),
    ...(opts.wantsLlmJob ? { wantsLlmJob: opts.wantsLlmJob } : {}),
  });
  const projector = new Projector(ingest, {
    logger,
    afterAnswers: (resume) => groupCommit.whenAnswered(resume),
  });
  return { walSync, groupCommit, ingest, projector };
}
