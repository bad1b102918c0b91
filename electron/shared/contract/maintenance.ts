/**
 * Storage and maintenance: `GET /api/maintenance`, `GET /api/health/storage`,
 * `POST /api/maintenance/run` (maintenance/plugin.ts).
 */
import { z } from 'zod';
import { epochMs } from './common';

const count = z.number().int().nonnegative();
const bytes = z.number().nonnegative();

const STORAGE_PROBLEMS = ['locked', 'readonly', 'full', 'io', 'corrupt', 'cantopen'] as const;

const storageStatus = z.strictObject({
  ok: z.boolean(),
  problem: z.enum(STORAGE_PROBLEMS).nullable(),
  code: z.string().nullable(),
  message: z.string().nullable(),
  checkedAt: epochMs,
  /** Free bytes on the data dir's file system (null where statfs is unavailable). */
  freeBytes: bytes.nullable(),
  lowDisk: z.boolean(),
});

const integrityResult = z.strictObject({
  ok: z.boolean(),
  checkedAt: epochMs,
  ms: z.number().nonnegative(),
  /** The first problems SQLite reports (at most 10), when not ok. */
  problems: z.array(z.string()),
});

const fileSizes = z.strictObject({
  db: bytes,
  wal: bytes,
  log: bytes,
  logRotated: bytes,
  spool: bytes,
});

const growth = z.strictObject({
  bytesPerDay: z.number().nullable(),
  eventsPerDay: z.number().nullable(),
  days: z.number().nonnegative(),
  samples: count,
});

/** The retention settings (settings.retention; the settings schema owns their keys). */
const retentionSetting = z.looseObject({ rawDays: z.number().int().positive().nullable() });

const retentionResult = z.strictObject({
  cutoff: epochMs,
  observations: count,
  events: count,
  bytesDropped: bytes,
  /** Rows looked at: those after each table's mark (rows settled by earlier runs are not read again). */
  scanned: count,
});

const compactResult = z.strictObject({
  checkpoint: z.strictObject({
    busy: z.number().int(),
    log: z.number().int(),
    checkpointed: z.number().int(),
  }),
  vacuumed: z.boolean(),
  pagesFreed: count,
  autoVacuum: z.enum(['none', 'full', 'incremental']),
  needsVacuum: z.boolean(),
  freePagesBefore: count,
  pagesBefore: count,
  pageSize: count,
});

/** One search index: merged into one segment when it had fragmented (maintenance/optimize.ts). */
const indexResult = z.strictObject({
  index: z.string(),
  segmentsBefore: count,
  segmentsAfter: count,
  /** Merge steps run (0: it was compact enough). */
  steps: count,
  ms: z.number().nonnegative(),
  maxStepMs: z.number().nonnegative(),
  unfinished: z.boolean(),
  /** Why it was not merged: compact enough, or too little free disk (null: merged). */
  skipped: z.enum(['compact', 'low-disk']).nullable(),
});

/** How a run left room for the service's writes. */
const yields = z.strictObject({
  waits: count,
  waitedMs: z.number().nonnegative(),
  truncateSkipped: z.boolean(),
});

const maintenanceRun = z.strictObject({
  at: epochMs,
  ms: z.number().nonnegative(),
  retention: retentionResult.nullable(),
  indexes: z.array(indexResult).nullable(),
  compact: compactResult.nullable(),
  integrity: integrityResult.nullable(),
  error: z.string().nullable(),
  yields: yields.optional(),
});
/** One maintenance run's result (`lastRun`; `POST /api/maintenance/run` adds the sizes). */
export type MaintenanceRun = z.infer<typeof maintenanceRun>;

const report = {
  sizes: fileSizes,
  growth: growth.nullable(),
  integrity: integrityResult.nullable(),
  retention: retentionSetting,
};

/** `GET /api/maintenance`: storage probe, integrity check, sizes and growth, the last run. */
export const storageReport = z.strictObject({
  storage: storageStatus.nullable(),
  lastRun: maintenanceRun.nullable(),
  ...report,
});
export type StorageReport = z.infer<typeof storageReport>;

/** `GET /api/health/storage` (503 when the probe fails): the probe and the report. */
export const storageHealth = storageStatus.extend(report);

export const maintenanceRunRequest = z.strictObject({ vacuum: z.boolean().optional() });
/** `POST /api/maintenance/run` (503 when the run failed). */
export const maintenanceRunResponse = maintenanceRun.extend({ sizes: fileSizes });
