/**
 * Runs MemTray starts itself (the `claude-code` compression provider) must never be captured.
 * They run with their working directory in a folder named `INTERNAL_DIR` (inside the data dir) and
 * with `INTERNAL_ENV=1`: the hook program exits at once when it sees the variable, and ingest
 * drops any event, prompt or transcript line whose cwd lies in such a folder (whatever data dir it
 * belongs to), before anything is stored or counted.
 */
import { join } from 'node:path';

export const INTERNAL_ENV = 'MEMTRAY_INTERNAL';
const INTERNAL_DIR = '.memtray-internal';

/** Where a provider's runs start (`<dataDir>/.memtray-internal/<name>`). */
export function internalRunDir(dataDir: string, name: string): string {
  return join(dataDir, INTERNAL_DIR, name);
}

/** True when `cwd` is, or lies below, a `.memtray-internal` folder. */
export function isInternalCwd(cwd: string): boolean {
  return cwd.split(/[\\/]+/).includes(INTERNAL_DIR);
}
