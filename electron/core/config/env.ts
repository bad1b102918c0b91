/** Where the package's own files are (migrations, the built UI), for the CLI, the features and the shell. */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findMigrationsDir } from '../db/open.js';

/** Where this code runs from (source tree, dist/ bundle) — used to find migrations and the UI. */
export function packageRoot(from: string = dirname(fileURLToPath(import.meta.url))): string {
  let dir = from;
  for (;;) {
    if (existsSync(join(dir, 'package.json')) && existsSync(join(dir, 'drizzle'))) return dir;
    const parent = dirname(dir);
    if (parent === dir) return from;
    dir = parent;
  }
}

export function migrationsDir(): string {
  return findMigrationsDir(packageRoot());
}

/** The built renderer, if it has been built (`npm run build`). */
export function uiDir(): string | null {
  const dir = join(packageRoot(), 'out', 'renderer');
  return existsSync(join(dir, 'index.html')) ? dir : null;
}
