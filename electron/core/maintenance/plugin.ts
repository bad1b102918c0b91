/**
 * Maintenance as a service plugin: a storage probe (every `probeMs`, and live on
 * `GET /api/health/storage`), and a periodic run (every `intervalMs`, first after `firstRunMs`, or on
 * `POST /api/maintenance/run`) of retention, WAL checkpoint and VACUUM-when-worth-it. Electron-free.
 */
import { statSync } from 'node:fs';
import { z } from 'zod';
import type { Core } from '../core.js';
import { validate } from '../server/http.js';
import type { ServicePlugin } from '../service.js';
import { compact, type CompactResult } from './compact.js';
import { applyRetention, type RetentionResult } from './retention.js';
import { classifyStorageError, probeStorage, type StorageStatus } from './storage.js';

export interface MaintenanceOptions {
  intervalMs?: number;
  firstRunMs?: number;
  probeMs?: number;
}

export interface MaintenanceRun {
  at: number;
  ms: number;
  retention: RetentionResult | null;
  compact: CompactResult | null;
  error: string | null;
}

export interface FileSizes {
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

export function fileSizes(core: Core): FileSizes {
  const p = core.paths;
  return {
    db: size(p.db),
    wal: size(`${p.db}-wal`),
    log: size(p.log),
    logRotated: size(`${p.log}.1`),
    spool: size(p.spool),
  };
}

export class Maintenance {
  storage: StorageStatus | null = null;
  lastRun: MaintenanceRun | null = null;

  constructor(private readonly core: Core) {}

  probe(): StorageStatus {
    const prev = this.storage;
    this.storage = probeStorage(this.core.sqlite, this.core.paths.root, this.core.clock());
    if (!this.storage.ok && prev?.code !== this.storage.code)
      this.core.logger.warn('storage problem', { problem: this.storage.problem, code: this.storage.code });
    else if (this.storage.ok && prev && !prev.ok) this.core.logger.info('storage recovered');
    return this.storage;
  }

  run(opts: { vacuum?: boolean } = {}): MaintenanceRun {
    const at = this.core.clock();
    const t0 = performance.now();
    let retention: RetentionResult | null = null;
    let compacted: CompactResult | null = null;
    let error: string | null = null;
    try {
      const rawDays = this.core.settings.get().retention.rawDays;
      if (rawDays !== null) retention = applyRetention(this.core.sqlite, { rawDays, now: at });
      compacted = compact(this.core.sqlite, opts.vacuum ? { vacuum: true } : {});
    } catch (err) {
      error = classifyStorageError(err)?.message ?? (err as Error).message;
      this.core.logger.warn('maintenance failed', { err: err as Error });
    }
    this.lastRun = { at, ms: Math.round(performance.now() - t0), retention, compact: compacted, error };
    return this.lastRun;
  }
}

const runSchema = z.object({ vacuum: z.boolean().optional() }).strict();

export function maintenancePlugin(opts: MaintenanceOptions = {}): (core: Core) => ServicePlugin {
  return (core) => {
    const m = new Maintenance(core);
    const timers: NodeJS.Timeout[] = [];
    return {
      name: 'maintenance',
      routes: [
        {
          method: 'GET',
          path: '/api/health/storage',
          handler: () => {
            const s = m.probe();
            return { status: s.ok ? 200 : 503, json: { ...s, sizes: fileSizes(core) } };
          },
        },
        {
          method: 'GET',
          path: '/api/maintenance',
          handler: () => ({
            json: {
              storage: m.storage,
              lastRun: m.lastRun,
              sizes: fileSizes(core),
              retention: core.settings.get().retention,
            },
          }),
        },
        {
          method: 'POST',
          path: '/api/maintenance/run',
          handler: ({ body }) => {
            const b = validate(runSchema, body);
            const run = m.run({ vacuum: b.vacuum === true });
            return { status: run.error ? 503 : 200, json: { ...run, sizes: fileSizes(core) } };
          },
        },
      ],
      start() {
        m.probe();
        const probe = setInterval(() => m.probe(), opts.probeMs ?? 5 * 60_000);
        const first = setTimeout(
          () => {
            m.run();
            const every = setInterval(() => m.run(), opts.intervalMs ?? 6 * 3_600_000);
            every.unref();
            timers.push(every);
          },
          opts.firstRunMs ?? 5 * 60_000,
        );
        for (const t of [probe, first]) {
          t.unref();
          timers.push(t);
        }
      },
      stop() {
        for (const t of timers) clearTimeout(t);
      },
      maintenance: m,
    } as ServicePlugin & { maintenance: Maintenance };
  };
}
