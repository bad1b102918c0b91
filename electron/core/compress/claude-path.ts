/** Finding the user's `claude` CLI: `provider.claudePath` when set, else the first on PATH. */
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, isAbsolute, join } from 'node:path';

function executable(file: string): boolean {
  try {
    if (!statSync(file).isFile()) return false;
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The CLI's path, or null when there is none (no spawn: PATH is searched on disk). */
export function findClaude(
  configured: string | null,
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
): string | null {
  if (configured) return isAbsolute(configured) && executable(configured) ? configured : null;
  const names = platform === 'win32' ? ['claude.exe', 'claude.cmd', 'claude'] : ['claude'];
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    for (const n of names) {
      const f = join(dir, n);
      if (executable(f)) return f;
    }
  }
  return null;
}
