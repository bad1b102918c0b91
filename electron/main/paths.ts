/**
 * Where the shell finds things, in development (`npm start`: the source tree) and packaged
 * (electron-builder: `process.resourcesPath` holds migrations, the hook binary and the
 * Electron-ABI better-sqlite3 addon; the renderer is inside app.asar). Electron-free.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { findMigrationsDir } from '../core/db/open.js';
import { packageRoot } from '../core/config/env.js';

interface ShellPathInput {
  packaged: boolean;
  resourcesPath: string;
  /** `app.getAppPath()`: the project root in development, app.asar when packaged. */
  appPath: string;
  /** Directory of the built main bundle (out/main). */
  mainDir: string;
  electronVersion: string;
  platform: NodeJS.Platform;
  arch: string;
}

export interface ShellPaths {
  migrationsDir: string;
  rendererRoot: string;
  preload: string;
  /** Holds dist/memtray-hook* (capture's installer). */
  hookRoot: string;
  /** The better-sqlite3 addon built for Electron, or null to use the default (Node-ABI) one. */
  nativeBinding: string | null;
  /** The built UI for the HTTP server's `/` (browser access while the app runs). */
  uiDir: string | null;
}

/** Where `scripts/start.mjs` builds better-sqlite3 for Electron (development only). */
function devNativeBinding(root: string, electronVersion: string, platform: string, arch: string): string {
  return join(
    root,
    'node_modules',
    '.cache',
    'memtray',
    `electron-${electronVersion}-${platform}-${arch}`,
    'better_sqlite3.node',
  );
}

export function shellPaths(i: ShellPathInput): ShellPaths {
  const rendererRoot = join(i.appPath, 'out', 'renderer');
  const preload = join(i.mainDir, '..', 'preload', 'index.cjs');
  const uiDir = existsSync(join(rendererRoot, 'index.html')) ? rendererRoot : null;
  if (i.packaged) {
    const native = join(i.resourcesPath, 'native', 'better_sqlite3.node');
    return {
      migrationsDir: findMigrationsDir(i.resourcesPath),
      rendererRoot,
      preload,
      hookRoot: i.resourcesPath,
      nativeBinding: existsSync(native) ? native : null,
      uiDir,
    };
  }
  const root = packageRoot(i.mainDir);
  const native = devNativeBinding(root, i.electronVersion, i.platform, i.arch);
  return {
    migrationsDir: findMigrationsDir(root),
    rendererRoot,
    preload,
    hookRoot: root,
    nativeBinding: existsSync(native) ? native : null,
    uiDir,
  };
}
