/**
 * Maintenance as a service plugin: a storage probe (every `probeMs`, and live on
 * `GET /api/health/storage`), an integrity check (`quick_check`, `firstCheckMs` after start), and a
 * periodic run (every `intervalMs`, first after `firstRunMs`, or on `POST /api/maintenance/run`) of
 * retention, incremental vacuum, WAL checkpoint, a size sample and the integrity check again. Runs
 * and checks go to a worker thread with its own connection (maintenance/runner.ts), never the
 * service's event loop. Electron-free.
 */
import { statSync } from 'node:fs';
import {
  maintenanceRunRequest,
  maintenanceRunResponse,
  storageHealth,
  type MaintenanceRun,
} from '../../shared/contract/maintenance.js';
import { VERBS } from '../../shared/contract/verbs.js';
import type { Core } from '../core.js';
import { jsonRoute, validate, verbRoute } from '../server/http.js';
import type { ServicePlugin } from '../server/service-plugin.js';
import { growth, type Growth } from './growth.js';
import { CORRUPT_ADVICE, type IntegrityResult } from './integrity.js';
import { runJob, type JobRequest, type JobResult } from './job.js';
import { runInWorker, WorkerUnavailable, type WorkerRun } from './runner.js';
import { createTraffic } from './traffic.js';
import { setMergeHold } from '../db/index-merge.js';
import { probeStorage, type StorageStatus } from '../db/storage.js';

interface MaintenanceOptions {
  intervalMs?: number;
  firstRunMs?: number;
  probeMs?: number;
  /** The integrity check after start (default 10 s; the runs check again). */
  firstCheckMs?: number;
}

interface FileSizes {
  db: number;
  wal: number;
  log: number;
  logRotated: number;
  spool: number;
}

const size = (p: string): number => {
  try {
    return statSync(p).size;
  } catch {
    return 0;
  }
};

function fileSizes(core: Core): FileSizes {
  const p = core.paths;
  return {
    db: size(p.db),
    wal: size(`${p.db}-wal`),
    log: size(p.log),
    logRotated: size(`${p.log}.1`),
    spool: size(p.spool),
  };
}

class Maintenance {
  storage: StorageStatus | null = null;
  lastRun: MaintenanceRun | null = null;
  integrity: IntegrityResult | null = null;
  private busy: Promise<JobResult> | null = null;
  private current: WorkerRun | null = null;
  private stopped = false;

  /** When the service last acknowledged a hook, shared with the worker (it yields to hooks). */
  private readonly traffic = createTraffic();
  private readonly offTraffic: () => void;

  constructor(
    private readonly core: Core,
    private readonly nativeBinding?: string,
  ) {
    const offEvents = core.bus.on('event', () => this.traffic.mark(Date.now()));
    core.projector.onInflight = (n) => this.traffic.inflight(n);
    this.offTraffic = () => {
      offEvents();
      core.projector.onInflight = undefined;
    };
  }

  private lastProbe: StorageStatus | null = null;

  /** The live write probe, with a failed integrity check reported as `corrupt`. */
  probe(): StorageStatus {
    this.lastProbe = probeStorage(this.core.sqlite, this.core.paths.root, this.core.clock());
    return this.report();
  }

  /** The last probe merged with the last integrity check (no write), logged when it changes. */
  private report(): StorageStatus {
    const prev = this.storage;
    let s = this.lastProbe;
    if (!s) return prev as StorageStatus;
    if (s.ok && this.integrity && !this.integrity.ok)
      s = {
        ...s,
        ok: false,
        problem: 'corrupt',
        code: 'SQLITE_CORRUPT',
        message: `storage damaged: ${CORRUPT_ADVICE}`,
      };
    this.storage = s;
    if (!s.ok && prev?.code !== s.code)
      this.core.logger.warn('storage problem', { problem: s.problem, code: s.code });
    else if (s.ok && prev && !prev.ok) this.core.logger.info('storage recovered');
    return s;
  }

  growth(): Growth | null {
    try {
      return growth(this.core.sqlite, this.core.clock());
    } catch {
      return null;
    }
  }

  /** Runs one job on a worker, after the job in progress if there is one (they never overlap). */
  private job(req: Omit<JobRequest, 'now'>): Promise<JobResult> {
    const go = async (): Promise<JobResult> => {
      const full: JobRequest = {
        ...req,
        now: this.core.clock(),
        traffic: this.traffic.buffer,
        mergeHold: this.core.ingest.mergeHold,
      };
      if (this.stopped) throw new Error('the service is stopping');
      try {
        this.current = runInWorker({ file: this.core.paths.db, nativeBinding: this.nativeBinding }, full);
        return await this.current.result;
      } catch (err) {
        if (!(err instanceof WorkerUnavailable) || this.stopped) throw err;
        this.core.logger.warn('maintenance runs on the service thread', { err });
        // On the service's own thread, waiting for quiet would only wait for itself, and merging
        // the search indexes would stop the event loop for as long as it takes.
        const { traffic: _t, mergeHold: _h, ...here } = full;
        return runJob(this.core.sqlite, { ...here, pauseMs: 0, mergeIndexes: false });
      } finally {
        this.current = null;
        // A worker ended mid-merge (the service stopping) leaves no hold behind.
        setMergeHold(this.core.ingest.mergeHold, false);
      }
    };
    const prev = this.busy;
    const mine: Promise<JobResult> = (prev ? prev.then(go, go) : go()).finally(() => {
      if (this.busy === mine) this.busy = null;
    });
    this.busy = mine;
    return mine;
  }

  private noteIntegrity(r: IntegrityResult | null): void {
    if (!r) return;
    if (!r.ok && (this.integrity?.ok ?? true))
      this.core.logger.error('database integrity check failed', { problems: r.problems.slice(0, 3) });
    this.integrity = r;
    this.report();
  }

  async check(): Promise<IntegrityResult | null> {
    try {
      const r = await this.job({ op: 'check' });
      this.noteIntegrity(r.integrity);
      return r.integrity;
    } catch (err) {
      if (!this.stopped) this.core.logger.warn('integrity check failed to run', { err: err as Error });
      return null;
    }
  }

  async run(opts: { vacuum?: boolean } = {}): Promise<MaintenanceRun> {
    const at = this.core.clock();
    let r: JobResult;
    try {
      r = await this.job({
        op: 'run',
        rawDays: this.core.settings.get().retention.rawDays,
        ...(opts.vacuum ? { vacuum: true } : {}),
      });
    } catch (err) {
      r = {
        retention: null,
        indexes: null,
        compact: null,
        integrity: null,
        error: (err as Error).message,
        ms: 0,
      };
    }
    if (r.error) this.core.logger.warn('maintenance failed', { error: r.error });
    this.noteIntegrity(r.integrity);
    this.lastRun = { at, ...r };
    return this.lastRun;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.offTraffic();
    await this.current?.cancel();
  }
}

export function maintenancePlugin(
  opts: MaintenanceOptions & { nativeBinding?: string } = {},
): (core: Core) => ServicePlugin {
  return (core) => {
    const m = new Maintenance(core, opts.nativeBinding);
    const timers = new Set<NodeJS.Timeout>();
    let stopped = false;
    const later = (ms: number, fn: () => void): void => {
      if (stopped) return;
      const t = setTimeout(() => {
        timers.delete(t);
        fn();
      }, ms);
      t.unref();
      timers.add(t);
    };
    const report = () => ({
      sizes: fileSizes(core),
      growth: m.growth(),
      integrity: m.integrity,
      retention: core.settings.get().retention,
    });
    return {
      name: 'maintenance',
      routes: [
        jsonRoute({
          method: 'GET',
          path: '/api/health/storage',
          response: storageHealth,
          handler: () => {
            const s = m.probe();
            return { status: s.ok ? 200 : 503, json: { ...s, ...report() } };
          },
        }),
        verbRoute(VERBS.getStorage, {
          handler: () => ({ json: { storage: m.storage, lastRun: m.lastRun, ...report() } }),
        }),
        jsonRoute({
          method: 'POST',
          path: '/api/maintenance/run',
          response: maintenanceRunResponse,
          handler: async ({ body }) => {
            const b = validate(maintenanceRunRequest, body);
            const run = await m.run({ vacuum: b.vacuum === true });
            return { status: run.error ? 503 : 200, json: { ...run, sizes: fileSizes(core) } };
          },
        }),
      ],
      start() {
        m.probe();
        const probe = setInterval(() => m.probe(), opts.probeMs ?? 5 * 60_000);
        probe.unref();
        timers.add(probe);
        later(opts.firstCheckMs ?? 10_000, () => void m.check());
        const every = (): void => {
          void m.run().finally(() => later(opts.intervalMs ?? 6 * 3_600_000, every));
        };
        later(opts.firstRunMs ?? 5 * 60_000, every);
      },
      async stop() {
        stopped = true;
        for (const t of timers) clearTimeout(t);
        await m.stop();
      },
      maintenance: m,
    } as ServicePlugin & { maintenance: Maintenance };
  };
}
