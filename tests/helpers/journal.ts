/**
 * A core with a real SQLite file for the journal and projector tests, and journaling the way the
 * hook endpoint does it.
 */
import { createCore, type Core } from '../../electron/core/core.js';
import { featureCoreOptions } from '../../electron/core/features.js';
import { prepareHook } from '../../electron/core/server/hook-prep.js';
import { MIGRATIONS_DIR, tempDir } from './service.js';

/** Makes cores on a data dir (a new one by default) with a stepping clock, closed by `cleanups`. */
export function journalCores(
  cleanups: Array<() => unknown>,
): (dataDir?: string, extra?: Partial<Parameters<typeof createCore>[0]>) => Core {
  return (dataDir = tempDir(), extra = {}) => {
    let t = 1_700_000_000_000;
    const c = createCore({
      dataDir,
      migrationsDir: MIGRATIONS_DIR,
      clock: () => (t += 7),
      ...featureCoreOptions(),
      ...extra,
    });
    cleanups.push(() => c.close());
    return c;
  };
}

/** Journals a hook the way the endpoint does: prepared (parsed, cleaned, serialized), then stored. */
export function journal(c: Core, event: string, payload: unknown): ReturnType<Core['ingest']['journalHook']> {
  const p = prepareHook(event, JSON.stringify(payload), (v, changed) => c.ingest.clean(v, changed));
  return c.ingest.journalHook(event, p, { source: 'http' });
}

export const count = (c: Core, sql: string): number => (c.sqlite.prepare(sql).get() as { n: number }).n;
