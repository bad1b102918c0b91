// `npm install` (root postinstall): download the Electron binary where it can be downloaded, and
// carry on with one plain sentence where it cannot.
//
// Why here and not in Electron's own postinstall: that script fails the whole `npm install` when
// its download fails (it only reads the ELECTRON_SKIP_BINARY_DOWNLOAD environment variable), so
// package.json denies it (`allowScripts: { "electron": false }`, npm >= 11) and runs the same
// installer here, where a failure is tolerated. Everything without the binary still works: the
// build, the type-check, `npm test` (the Electron smoke test skips with a reason) and `npm start`
// (which falls back to the headless service). npm 10 ignores `allowScripts` and still runs
// Electron's own postinstall: there, set ELECTRON_SKIP_BINARY_DOWNLOAD=1 where the download fails.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const installer = join(root, 'node_modules', 'electron', 'install.js');

if (existsSync(installer)) {
  const r = spawnSync(process.execPath, [installer], {
    cwd: dirname(installer),
    stdio: ['ignore', 'inherit', 'pipe'],
    timeout: 10 * 60_000,
  });
  if (r.status !== 0) {
    const why =
      r.error?.message ?? (r.stderr?.toString().trim().split('\n')[0] || `exit ${r.status ?? r.signal}`);
    process.stdout.write(
      `memtray: the Electron binary could not be downloaded (${why}); continuing without it — ` +
        '`npm start` runs the headless service and the Electron smoke test is skipped.\n',
    );
  }
}
