/**
 * Capture status from what the service receives and from every settings file hooks can live in:
 * a project-scope install counts, Install and Uninstall in Health move the banner without a reload,
 * and events arriving are never contradicted by an "off" banner.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test } from './fixtures';
import type { Served } from './serve';

const hooksCli = (s: Served, cwd: string, ...args: string[]): string =>
  execFileSync(process.execPath, [resolve('bin/memtray.mjs'), 'hooks', ...args, '--data-dir', s.dataDir], {
    cwd,
    env: { ...process.env, HOME: join(s.dataDir, 'home') },
    encoding: 'utf8',
  });

let n = 0;
const prompt = (s: Served, cwd: string) =>
  s.api('POST', '/api/hooks/UserPromptSubmit', {
    session_id: `truth-${++n}`,
    transcript_path: '/tmp/none.jsonl',
    cwd,
    hook_event_name: 'UserPromptSubmit',
    prompt: `prompt ${n}`,
  });

test('the banner follows the hooks in any scope and what is received, live', async ({ page, ownServe }) => {
  const project = realpathSync(mkdtempSync(join(tmpdir(), 'memtray-truth-')));
  try {
    const s = await ownServe(undefined, 0, { cwd: project });
    await page.goto(s.uiUrl);
    const banner = page.getByRole('complementary', { name: 'Capture status' });
    await expect(banner).toContainText("Capture is off: Claude Code's hooks are not installed.");

    // A project-scope install from the CLI: the API and the UI both see it.
    hooksCli(s, project, 'install', '--scope', 'project');
    const h = (await s.api('GET', '/api/capture/hooks')).json as { installed: boolean; settingsPath: string };
    expect(h).toMatchObject({
      installed: true,
      settingsPath: join(project, '.claude', 'settings.local.json'),
    });
    await page.reload();
    await expect(page.getByRole('tablist', { name: 'Views' })).toBeVisible();
    await expect(banner).toBeHidden();

    // Uninstall and Install in Health: the card and the banner agree at once.
    await page.getByRole('tab', { name: 'Health' }).click();
    const card = page
      .locator('.card')
      .filter({ has: page.getByRole('heading', { name: 'Claude Code hooks' }) });
    await expect(card).toContainText('project scope');
    await card.getByRole('button', { name: 'Uninstall' }).click();
    await expect(card).toContainText('not installed');
    await expect(banner).toContainText("Claude Code's hooks are not installed");
    await card.getByRole('button', { name: 'Install hooks' }).click();
    await expect(card.getByText('installed', { exact: true })).toBeVisible();
    await expect(banner).toBeHidden();
    await expect(card).toContainText('Hooks installed, nothing received yet');

    // An event arrives: the card says so, live.
    expect((await prompt(s, project)).status).toBe(200);
    await expect(card).toContainText(/Receiving from Claude Code — last event (just now|1 min ago)/);

    // Uninstalled after that event: off. Then an event still arrives (hooks somewhere MemTray does
    // not read): the banner goes, since the service is receiving.
    await card.getByRole('button', { name: 'Uninstall' }).click();
    await expect(banner).toContainText("Claude Code's hooks are not installed (last event just now)");
    expect((await prompt(s, project)).status).toBe(200);
    await expect(banner).toBeHidden();
  } finally {
    rmSync(project, { recursive: true, force: true });
  }
});
