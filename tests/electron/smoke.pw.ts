/**
 * Electron smoke test (Playwright `_electron`): the app launches on a fresh data dir, the tray
 * popup opens (as a left click on the tray does) with the renderer on `window.memtray`, and search
 * over captured events works through the IPC bridge. Runs where an Electron binary exists and a
 * display is available; otherwise it skips and says why.
 */
import { _electron as electron, expect, test } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

function electronBinary(): { path: string } | { skip: string } {
  let path: string;
  try {
    path =
      process.env.MEMTRAY_ELECTRON_BIN || (createRequire(join(root, 'package.json'))('electron') as string);
  } catch {
    return { skip: 'the Electron binary is not installed (node_modules/electron/dist is missing)' };
  }
  if (!existsSync(path)) return { skip: `the Electron binary is missing (${path})` };
  if (process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY)
    return { skip: 'no display (run under xvfb-run)' };
  return { path };
}

const bin = electronBinary();

test('launches, opens the tray popup, searches', async () => {
  test.skip('skip' in bin, 'skip' in bin ? `Electron cannot run here: ${bin.skip}` : '');
  if ('skip' in bin) return;
  if (
    !existsSync(join(root, 'out', 'main', 'index.js')) ||
    !existsSync(join(root, 'out', 'renderer', 'index.html'))
  )
    spawnSync(
      process.execPath,
      [join(root, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js'), 'build'],
      {
        cwd: root,
        stdio: 'inherit',
      },
    );
  const dataDir = mkdtempSync(join(tmpdir(), 'memtray-electron-'));
  const home = mkdtempSync(join(tmpdir(), 'memtray-electron-home-'));
  // A first-run record, so the consent dialog does not block the smoke test.
  writeFileSync(
    join(dataDir, 'first-run.json'),
    JSON.stringify({
      version: 1,
      completedAt: Date.now(),
      choice: { installHooks: false, importHistory: false },
    }),
  );
  const app = await electron.launch({
    executablePath: bin.path,
    args: [root, ...(process.platform === 'linux' ? ['--no-sandbox'] : [])],
    env: { ...process.env, MEMTRAY_DATA_DIR: dataDir, HOME: home, ELECTRON_RENDERER_URL: '' },
  });
  try {
    const popup = await app.firstWindow();
    await popup.waitForLoadState('domcontentloaded');
    expect(popup.url()).toMatch(/^app:\/\/memtray\//);
    // The tray's left click: the main process shows the popup next to the tray.
    await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]!.show());
    await expect
      .poll(() => app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]!.isVisible()))
      .toBe(true);
    expect(await popup.evaluate(() => typeof (globalThis as unknown as { memtray?: unknown }).memtray)).toBe(
      'object',
    );
    expect(await popup.evaluate(() => 'ipcRenderer' in globalThis || 'require' in globalThis)).toBe(false);

    // Capture one prompt through the service, then find it from the popup's Search view.
    const server = JSON.parse(readFileSync(join(dataDir, 'server.json'), 'utf8')) as { port: number };
    const token = readFileSync(join(dataDir, 'token'), 'utf8').trim();
    const post = (event: string, body: object) =>
      fetch(`http://127.0.0.1:${server.port}/api/hooks/${event}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const base = { session_id: 'smoke-1', transcript_path: '/tmp/none.jsonl', cwd: '/work/smoke' };
    expect(
      (await post('SessionStart', { ...base, hook_event_name: 'SessionStart', source: 'startup' })).ok,
    ).toBe(true);
    expect(
      (
        await post('UserPromptSubmit', {
          ...base,
          hook_event_name: 'UserPromptSubmit',
          prompt: 'teach the zeppelin parser',
        })
      ).ok,
    ).toBe(true);
    const hits = await popup.evaluate(async () => {
      const api = (
        globalThis as unknown as { memtray: { search(q: { q: string }): Promise<{ items: unknown[] }> } }
      ).memtray;
      return (await api.search({ q: 'zeppelin' })).items.length;
    });
    expect(hits).toBeGreaterThan(0);
    const box = popup.getByRole('searchbox').or(popup.locator('input[type="search"]')).first();
    await box.fill('zeppelin');
    await expect(popup.locator('mark', { hasText: /zeppelin/i }).first()).toBeVisible();
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(home, { recursive: true, force: true });
  }
});
