// `npm start`: the desktop app (electron-vite dev) where Electron can run; otherwise — binary not
// downloaded, no display, WSL without a display, or a binary that fails to launch — one plain
// sentence saying so, then the headless service (`memtray serve`, building first if needed), which
// prints the UI URL. Arguments after `--` go to `memtray serve` (e.g. `npm start -- --port 0`).
//
// MEMTRAY_ELECTRON_BIN overrides the Electron binary (tests use it to exercise each decision).
import { spawn, spawnSync } from 'node:child_process';
import { clearInterval, setInterval } from 'node:timers';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const require = createRequire(import.meta.url);
const args = process.argv.slice(2);
const env = { ...process.env, ELECTRON_SKIP_BINARY_DOWNLOAD: '1' };

function isWsl() {
  if (process.platform !== 'linux') return false;
  if (process.env.WSL_DISTRO_NAME) return true;
  try {
    return /microsoft/i.test(readFileSync('/proc/version', 'utf8'));
  } catch {
    return false;
  }
}

/** Why Electron cannot start here, or null if it can. */
function electronProblem() {
  let bin = process.env.MEMTRAY_ELECTRON_BIN;
  if (!bin) {
    try {
      bin = require('electron'); // the binary's path; throws when it was never downloaded
    } catch {
      return 'the Electron binary is not installed';
    }
  }
  if (!existsSync(bin)) return `the Electron binary is missing (${bin})`;
  if (process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) {
    return isWsl()
      ? 'this is WSL without a display'
      : 'there is no display (neither DISPLAY nor WAYLAND_DISPLAY is set)';
  }
  const probe = spawnSync(bin, ['-e', 'process.exit(0)'], {
    env: { ...env, ELECTRON_RUN_AS_NODE: '1' },
    timeout: 20_000,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  if (probe.error || probe.status !== 0) {
    const why =
      probe.error?.message ??
      (probe.stderr?.toString().trim().split('\n')[0] || `exit ${probe.status ?? probe.signal}`);
    return `the Electron binary fails to launch (${why})`;
  }
  return null;
}

function run(cmd, cmdArgs) {
  const r = spawnSync(cmd, cmdArgs, { cwd: root, stdio: 'inherit', env });
  if (r.status !== 0) {
    console.error(`\`${cmd} ${cmdArgs.join(' ')}\` failed (exit ${r.status ?? r.signal}).`);
    process.exit(r.status ?? 1);
  }
}

/**
 * Runs a long-lived child in the foreground: signals go to it (exactly once: it has its own
 * process group, so a terminal's Ctrl+C reaches it only through us), its exit code is ours.
 */
function foreground(cmd, cmdArgs, childEnv = env) {
  const child = spawn(cmd, cmdArgs, {
    cwd: root,
    stdio: 'inherit',
    env: childEnv,
    detached: process.platform !== 'win32',
  });
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(sig, () => child.kill(sig));
  // npm runs this script under `sh -c`, which a SIGTERM to npm ends without passing it on: when the
  // parent goes (this process is handed to another), the child is stopped as if signalled.
  const parent = process.ppid;
  const orphaned = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(orphaned);
    child.kill('SIGTERM');
  }, 250);
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
}

function serve(reason) {
  process.stdout.write(
    `Electron cannot start here (${reason}), so MemTray runs headless with \`memtray serve\` instead.\n`,
  );
  if (!existsSync(join(root, 'dist', 'cli.mjs'))) run(process.execPath, ['scripts/build-node.mjs']);
  if (!existsSync(join(root, 'out', 'renderer', 'index.html'))) {
    run(process.execPath, [join(root, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js'), 'build']);
  }
  foreground(process.execPath, [join(root, 'bin', 'memtray.mjs'), 'serve', ...args]);
}

async function desktop() {
  const electronVersion = JSON.parse(
    readFileSync(join(root, 'node_modules', 'electron', 'package.json'), 'utf8'),
  ).version;
  const { buildElectronNative, devNativeBinding } = await import('../build/native.mjs');
  const native = devNativeBinding(root, electronVersion);
  if (!existsSync(native)) {
    try {
      await buildElectronNative({ root, electronVersion, outFile: native, log: (m) => console.log(m) });
    } catch (err) {
      const why = String(err?.message ?? err).split('\n')[0];
      return serve(`better-sqlite3 could not be built for Electron ${electronVersion}: ${why}`);
    }
  }
  if (!existsSync(join(root, 'dist', 'cli.mjs'))) run(process.execPath, ['scripts/build-node.mjs']);
  const childEnv = process.env.MEMTRAY_ELECTRON_BIN
    ? { ...env, ELECTRON_EXEC_PATH: process.env.MEMTRAY_ELECTRON_BIN }
    : env;
  foreground(
    process.execPath,
    [join(root, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js'), 'dev'],
    childEnv,
  );
}

const problem = electronProblem();
if (problem) serve(problem);
else await desktop();
