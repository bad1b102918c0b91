/* global require, module */
/* eslint-disable @typescript-eslint/no-require-imports -- electron-builder loads hooks as CommonJS */
// electron-builder `beforePack` hook: builds better-sqlite3 for the target Electron version and
// arch into build/native/<platform>-<arch>/better_sqlite3.node, which electron-builder.yml ships
// as resources/native/better_sqlite3.node (see build/native.mjs for why it is a separate copy).
const { join } = require('node:path');

// electron-builder's Arch enum: ia32 0, x64 1, armv7l 2, arm64 3, universal 4.
const ARCH = ['ia32', 'x64', 'armv7l', 'arm64', 'universal'];

module.exports = async function beforePack(context) {
  const root = context.packager.projectDir;
  const arch = ARCH[context.arch] ?? process.arch;
  const platform = context.electronPlatformName;
  const electronVersion =
    context.packager.config.electronVersion ??
    require(join(root, 'node_modules/electron/package.json')).version;
  if (platform !== process.platform) {
    throw new Error(
      `better-sqlite3 must be built on the target platform: packaging ${platform} on ${process.platform}`,
    );
  }
  const { buildElectronNative } = await import('./native.mjs');
  await buildElectronNative({
    root,
    electronVersion,
    arch,
    outFile: join(root, 'build', 'native', `${platform}-${arch}`, 'better_sqlite3.node'),
    log: (m) => console.log(`  • ${m}`),
  });
};
