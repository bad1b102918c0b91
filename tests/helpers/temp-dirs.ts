/**
 * Temp folders for tests. Each folder `tempDir` makes is recorded; `removeTempDirs` deletes them, and
 * `tests/helpers/temp-dirs-setup.ts` (a `setupFiles` entry of every vitest config that runs these
 * tests) calls it when the test file ends. Nothing made here outlives its test file.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const made = new Set<string>();

/** A new empty folder under the OS temp dir, removed when the test file ends. */
export function tempDir(prefix = 'memtray-test-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.add(dir);
  return dir;
}

/** Codes of a folder another process still holds open on Windows; there removal is best effort. */
const HELD_OPEN = new Set(['EBUSY', 'EPERM', 'ENOTEMPTY']);

/**
 * Deletes every folder `tempDir` made so far. On Windows a folder still held open is logged and left;
 * anywhere else a folder that cannot be removed fails the test file, after the others are removed.
 */
export function removeTempDirs(): void {
  const failures: Error[] = [];
  for (const dir of made) {
    made.delete(dir);
    try {
      rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code ?? '';
      if (process.platform === 'win32' && HELD_OPEN.has(code))
        console.warn(`temp folder left: ${dir} (${code})`);
      else failures.push(err as Error);
    }
  }
  if (failures.length === 1) throw failures[0]!;
  if (failures.length > 1) throw new AggregateError(failures, `${failures.length} temp folders not removed`);
}
