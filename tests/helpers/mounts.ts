/** Size-limited tmpfs mounts for the disk tests (needs root / CAP_SYS_ADMIN; null when not allowed). */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TmpfsMount {
  dir: string;
  readOnly(ro: boolean): void;
  unmount(): void;
}

/** Whether this process may mount (root with CAP_SYS_ADMIN): probed once with a 1 MiB tmpfs. */
export function canMount(): boolean {
  const m = mountTmpfs(1024 * 1024);
  m?.unmount();
  return m !== null;
}

export function mountTmpfs(sizeBytes: number): TmpfsMount | null {
  const dir = mkdtempSync(join(tmpdir(), 'memtray-tmpfs-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeBytes},mode=0700`, 'tmpfs', dir], {
      stdio: 'pipe',
    });
  } catch {
    rmSync(dir, { recursive: true, force: true });
    return null;
  }
  let mounted = true;
  return {
    dir,
    readOnly(ro) {
      execFileSync('mount', ['-o', `remount,${ro ? 'ro' : 'rw'}`, dir], { stdio: 'pipe' });
    },
    unmount() {
      if (!mounted) return;
      execFileSync('umount', ['-l', dir], { stdio: 'pipe' });
      mounted = false;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
