// better-sqlite3 for Electron, built beside (never over) the Node build in node_modules.
//
// `npm test` and `memtray serve` run under Node and load node_modules/better-sqlite3 as npm
// installed it (Node ABI). The desktop app loads a second copy of the addon compiled for Electron's
// ABI through better-sqlite3's `nativeBinding` option (CoreOptions.nativeBinding). This file builds
// that copy: it stages a private copy of the package, runs @electron/rebuild on the stage (prebuilt
// binary if one exists for this Electron, else node-gyp against Electron's headers), and copies the
// resulting `better_sqlite3.node` to `outFile`. node_modules/better-sqlite3 is never touched, so
// there is no NODE_MODULE_VERSION mismatch in either direction.
//
// Used by scripts/start.mjs (development) and build/before-pack.cjs (packaging).
import { cpSync, existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** Where the development build lives (mirrors electron/main/paths.ts `devNativeBinding`). */
export function devNativeBinding(root, electronVersion, platform = process.platform, arch = process.arch) {
  return join(
    root,
    'node_modules',
    '.cache',
    'memtray',
    `electron-${electronVersion}-${platform}-${arch}`,
    'better_sqlite3.node',
  );
}

export async function buildElectronNative({
  root,
  electronVersion,
  arch = process.arch,
  outFile,
  log = () => {},
}) {
  const stage = join(dirname(outFile), 'stage');
  rmSync(stage, { recursive: true, force: true });
  mkdirSync(join(stage, 'node_modules'), { recursive: true });
  writeFileSync(
    join(stage, 'package.json'),
    JSON.stringify({
      name: 'memtray-native-stage',
      version: '0.0.0',
      private: true,
      dependencies: { 'better-sqlite3': '*' },
    }),
  );
  const src = join(root, 'node_modules', 'better-sqlite3');
  cpSync(src, join(stage, 'node_modules', 'better-sqlite3'), {
    recursive: true,
    filter: (p) => !p.includes(`${join('better-sqlite3', 'build')}`),
  });
  // Its own dependencies (bindings, prebuild-install) resolve from the real node_modules above.
  log(`building better-sqlite3 for Electron ${electronVersion} (${process.platform}-${arch})…`);
  const { rebuild } = await import('@electron/rebuild');
  await rebuild({ buildPath: stage, electronVersion, arch, onlyModules: ['better-sqlite3'], force: true });
  const built = join(stage, 'node_modules', 'better-sqlite3', 'build', 'Release', 'better_sqlite3.node');
  if (!existsSync(built)) throw new Error(`@electron/rebuild finished but ${built} is missing`);
  mkdirSync(dirname(outFile), { recursive: true });
  const tmp = `${outFile}.${process.pid}.tmp`;
  cpSync(built, tmp);
  renameSync(tmp, outFile);
  rmSync(stage, { recursive: true, force: true });
  return outFile;
}
