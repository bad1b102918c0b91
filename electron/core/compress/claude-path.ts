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

/**
 * The user's own `claude` on PATH, or null: a `node_modules/.bin` folder (npm puts the project's on
 * PATH for `npm start`, and MemTray's devDependencies hold a `claude`) is not where the user's is.
 */
export function findUserClaude(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
): string | null {
  const dirs = (env.PATH ?? '').split(delimiter).filter((d) => !/node_modules[\\/]\.bin[\\/]?$/.test(d));
  return findClaude(null, { ...env, PATH: dirs.join(delimiter) }, platform);
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
