/**
 * `npm start` on a machine where Electron cannot start (this one: the binary is never downloaded):
 * runs the real scripts/start.mjs, which must say why in one sentence, run `memtray serve`, print
 * the UI URL, serve it, and stop cleanly. Also each other "cannot start" reason, with a stand-in
 * binary (MEMTRAY_ELECTRON_BIN).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { rawRequest, tempDir } from '../helpers/service.js';
import { waitFor } from './helpers.js';

const dirs: string[] = [];
const running: ChildProcess[] = [];
afterEach(async () => {
  for (const c of running.splice(0)) await stop(c);
});
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function stop(c: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (c.exitCode !== null || c.signalCode !== null) return resolve(c.exitCode);
    c.once('exit', (code) => resolve(code));
    c.kill('SIGTERM');
  });
}

function start(env: NodeJS.ProcessEnv, cmd = process.execPath, args = ['scripts/start.mjs'], group = false) {
  const dataDir = tempDir('memtray-start-');
  dirs.push(dataDir);
  const child = spawn(cmd, [...args, '--port', '0', '--data-dir', dataDir], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: group,
  });
  running.push(child);
  const out = { text: '' };
  child.stdout!.on('data', (c: Buffer) => (out.text += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (out.text += c.toString()));
  return { child, out, dataDir };
}

async function expectServing(out: { text: string }, dataDir: string): Promise<void> {
  const m = await waitFor(
    () => /Open the UI: (http:\/\/127\.0\.0\.1:(\d+)\/\?token=[0-9a-f]{64})/.exec(out.text),
    `the UI URL (output so far: ${out.text})`,
    60_000,
  );
  const port = Number(m[2]);
  const health = await rawRequest(port, { path: '/api/health' });
  expect(health.json).toMatchObject({ ok: true });
  const ui = await rawRequest(port, { path: '/' });
  expect(ui.status).toBe(200);
  expect(ui.text).toContain('<div id="root">');
  expect(existsSync(join(dataDir, 'server.json'))).toBe(true);
}

describe('npm start without a usable Electron', () => {
  it('says why in one sentence, runs memtray serve, prints the UI URL, stops on SIGTERM', async () => {
    const { child, out, dataDir } = start({ MEMTRAY_ELECTRON_BIN: '' });
    await expectServing(out, dataDir);
    const first = out.text.split('\n')[0]!;
    expect(first).toBe(
      'Electron cannot start here (the Electron binary is not installed), so MemTray runs headless with `memtray serve` instead.',
    );
    expect(await stop(child)).toBe(0);
    expect(existsSync(join(dataDir, 'server.json'))).toBe(false); // the service shut down cleanly
  });

  it('through npm itself (`npm start -- …`), stopped by Ctrl+C', async () => {
    const { child, out, dataDir } = start(
      { MEMTRAY_ELECTRON_BIN: '' },
      'npm',
      ['start', '--silent', '--'],
      true,
    );
    await expectServing(out, dataDir);
    expect(out.text).toContain('Electron cannot start here (the Electron binary is not installed)');
    // A terminal's Ctrl+C: SIGINT to the whole foreground process group (npm, sh, start.mjs).
    const exited = new Promise((r) => child.once('exit', r));
    process.kill(-child.pid!, 'SIGINT');
    await exited;
    await waitFor(() => !existsSync(join(dataDir, 'server.json')), 'serve to stop after Ctrl+C');
  });

  it("through npm: SIGTERM to npm alone leaves no process behind; MemTray's own claude is not the user's", async () => {
    // No claude of the user's on PATH: only the one npm adds from this project's node_modules/.bin.
    const PATH = ['/usr/local/bin', '/usr/bin', '/bin', join(process.execPath, '..')].join(':');
    const { child, out, dataDir } = start({ MEMTRAY_ELECTRON_BIN: '', PATH }, 'npm', [
      'start',
      '--silent',
      '--',
    ]);
    await expectServing(out, dataDir);
    expect(out.text).not.toContain('Claude Code is installed');
    const server = JSON.parse(readFileSync(join(dataDir, 'server.json'), 'utf8')) as { pid: number };
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM'); // npm only, as a process manager or `kill <pid>` does
    await exited;
    await waitFor(() => !existsSync(join(dataDir, 'server.json')), 'serve to stop after npm got SIGTERM');
    await waitFor(() => !alive(server.pid), 'the service process to exit');
    const left = spawnSync('pgrep', ['-f', `start.mjs .*${dataDir}`], { encoding: 'utf8' }).stdout.trim();
    expect(left, 'scripts/start.mjs still running').toBe('');
  });

  it('names the other reasons: no display, and a binary that fails to launch', async () => {
    const bin = join(tempDir('memtray-fake-electron-'), 'electron');
    dirs.push(join(bin, '..'));
    writeFileSync(
      bin,
      '#!/bin/sh\necho "error while loading shared libraries: libgtk-3.so.0" >&2\nexit 127\n',
    );
    chmodSync(bin, 0o755);

    const noDisplay = start({
      MEMTRAY_ELECTRON_BIN: bin,
      DISPLAY: '',
      WAYLAND_DISPLAY: '',
      WSL_DISTRO_NAME: '',
    });
    await expectServing(noDisplay.out, noDisplay.dataDir);
    expect(noDisplay.out.text.split('\n')[0]).toBe(
      'Electron cannot start here (there is no display (neither DISPLAY nor WAYLAND_DISPLAY is set)), so MemTray runs headless with `memtray serve` instead.',
    );
    await stop(noDisplay.child);

    const wsl = start({
      MEMTRAY_ELECTRON_BIN: bin,
      DISPLAY: '',
      WAYLAND_DISPLAY: '',
      WSL_DISTRO_NAME: 'Ubuntu',
    });
    await expectServing(wsl.out, wsl.dataDir);
    expect(wsl.out.text).toContain('Electron cannot start here (this is WSL without a display)');
    await stop(wsl.child);

    const broken = start({ MEMTRAY_ELECTRON_BIN: bin, DISPLAY: ':99' });
    await expectServing(broken.out, broken.dataDir);
    expect(broken.out.text.split('\n')[0]).toBe(
      'Electron cannot start here (the Electron binary fails to launch (error while loading shared libraries: libgtk-3.so.0)), so MemTray runs headless with `memtray serve` instead.',
    );
    await stop(broken.child);
  });
});
