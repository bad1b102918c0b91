/** The user paths, end to end: real browser, real `memtray serve`, real seeded corpus. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FIXTURE_TRANSCRIPTS } from '../../helpers/corpus';
import { expect, openTab, test } from './fixtures';
import { hasRoute } from './serve';
import { copyWithFreshSessionIds } from './transcripts';

interface SessionsPage {
  items: Array<{ id: number; claudeSessionId: string; project: string; firstPrompt: string | null }>;
}
interface ProjectsPage {
  items: Array<{
    name: string;
    rootPath: string | null;
    captureEnabled: boolean;
    skippedEvents: number;
    lastActivityAt: number | null;
  }>;
}

test('search as you type, open a result with the keyboard, Esc back', async ({ app, svc }) => {
  test.fixme(!(await hasRoute(svc.current, '/api/search?q=x')), 'GET /api/search is not served yet');
  // The popup lands on Recent; Search is one keystroke away.
  await expect(app.getByRole('tab', { name: 'Recent' })).toHaveAttribute('aria-selected', 'true');
  await app.keyboard.press('/');
  const box = app.getByRole('combobox', { name: 'Search memories' });
  await expect(box).toBeFocused();
  await box.pressSequentially('invoice', { delay: 20 });
  const results = app.getByRole('listbox', { name: 'Results' });
  await expect(results.getByRole('option').first()).toBeVisible();
  await expect(results.locator('mark').first()).toBeVisible();
  await box.press('Enter');
  await expect(app.getByRole('button', { name: '← Back' })).toBeVisible();
  await expect(app.getByRole('heading', { level: 2 })).toBeVisible();
  await app.keyboard.press('Escape');
  await expect(box).toBeFocused();
  await expect(box).toHaveValue('invoice');
});

test('the selected result shows its whole snippet; the others show three lines', async ({ app }) => {
  await app.keyboard.press('/');
  const box = app.getByRole('combobox', { name: 'Search memories' });
  await box.pressSequentially('why did the invoice total change and how was it tested', { delay: 5 });
  const options = app.getByRole('listbox', { name: 'Results' }).getByRole('option');
  await expect(options.first()).toBeVisible();
  // How far each result's snippet runs past its box (0: all of it is on screen).
  const hidden = () =>
    options.locator('.snippet').evaluateAll((ps) => ps.map((p) => p.scrollHeight - p.clientHeight));
  const n = Math.min(await options.count(), 5);
  let clipped = 0;
  for (let i = 0; i < n; i++) {
    await expect(options.nth(i)).toHaveAttribute('aria-selected', 'true');
    const over = await hidden();
    expect(over[i]).toBeLessThanOrEqual(1);
    clipped += over.filter((px, j) => j !== i && px > 1).length;
    await box.press('ArrowDown');
  }
  // The query's snippets are long enough for three lines to cut some of them.
  expect(clipped).toBeGreaterThan(0);
});

test('search ranks the project worked in last first, and a click ranks every project alike', async ({
  app,
  svc,
}) => {
  const projects = (await svc.current.api('GET', '/api/projects')).json as ProjectsPage;
  const recent = projects.items
    .filter((p) => p.lastActivityAt !== null)
    .sort((a, b) => b.lastActivityAt! - a.lastActivityAt!)[0]!.name;
  const asked = (prefer: boolean) =>
    app.waitForRequest((r) => {
      const u = new URL(r.url());
      return u.pathname === '/api/search' && u.searchParams.get('prefer') === (prefer ? recent : null);
    });
  await app.keyboard.press('/');
  const box = app.getByRole('combobox', { name: 'Search memories' });
  const preferred = asked(true);
  await box.pressSequentially('test', { delay: 20 });
  await preferred;
  const toggle = app.getByRole('button', { name: `${recent} first` });
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(app.getByRole('listbox', { name: 'Results' }).getByRole('option').first()).toBeVisible();
  const alike = asked(false);
  await toggle.click();
  await alike;
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
});

test('turn a project off: the next event for it is not stored', async ({ app, svc }) => {
  const s = svc.current;
  await openTab(app, 'Projects');
  const sw = app.getByRole('switch', { name: 'Capture pricebook' });
  await expect(sw).toBeChecked();
  await sw.click();
  await expect(sw).not.toBeChecked();
  const projects = (await s.api('GET', '/api/projects')).json as ProjectsPage;
  const pricebook = projects.items.find((p) => p.name === 'pricebook')!;
  expect(pricebook.captureEnabled).toBe(false);
  await expect(app.getByText('capture off')).toBeVisible();

  const before = ((await s.api('GET', '/api/status')).json as { counts: { events: number } }).counts.events;
  const sid = `e2e-off-${Date.now()}`;
  const r = await s.api('POST', '/api/hooks/UserPromptSubmit', {
    session_id: sid,
    transcript_path: '/tmp/none.jsonl',
    cwd: pricebook.rootPath,
    hook_event_name: 'UserPromptSubmit',
    prompt: 'this must not be stored',
  });
  expect(r.status).toBe(200);
  const after = ((await s.api('GET', '/api/status')).json as { counts: { events: number } }).counts.events;
  expect(after).toBe(before);
  const sessions = (await s.api('GET', '/api/sessions?project=pricebook&limit=200')).json as SessionsPage;
  expect(sessions.items.some((x) => x.claudeSessionId === sid)).toBe(false);
  await app.reload();
  await expect(app.getByText(/events? skipped while off/)).toBeVisible();

  await app.getByRole('switch', { name: 'Capture pricebook' }).click();
  await expect(app.getByRole('switch', { name: 'Capture pricebook' })).toBeChecked();
  expect(
    ((await s.api('GET', '/api/projects')).json as ProjectsPage).items.find((p) => p.name === 'pricebook')!
      .captureEnabled,
  ).toBe(true);
});

test('delete a session after confirming', async ({ app, svc }) => {
  const s = svc.current;
  await openTab(app, 'Sessions');
  const first = ((await s.api('GET', '/api/sessions?limit=1')).json as SessionsPage).items[0]!;
  await app.getByRole('list', { name: 'Sessions list' }).getByRole('button').first().click();
  await app.getByRole('button', { name: 'Delete this session' }).click();
  await expect(app.getByRole('group', { name: /Delete this session/ })).toBeVisible();
  await app.getByRole('button', { name: 'Delete session', exact: true }).click();
  await expect(app.getByRole('list', { name: 'Sessions list' })).toBeVisible();
  expect((await s.api('GET', `/api/sessions/${first.id}`)).status).toBe(404);
});

test('a new event appears live, without reloading', async ({ app, svc }) => {
  const s = svc.current;
  await openTab(app, 'Sessions');
  await expect(app.getByText('Live', { exact: true })).toBeVisible();
  const sid = `e2e-live-${Date.now()}`;
  const prompt = `Live e2e prompt ${sid}`;
  const base = { session_id: sid, transcript_path: '/tmp/none.jsonl', cwd: '/work/e2e-live' };
  expect(
    (
      await s.api('POST', '/api/hooks/SessionStart', {
        ...base,
        hook_event_name: 'SessionStart',
        source: 'startup',
      })
    ).status,
  ).toBe(200);
  expect(
    (
      await s.api('POST', '/api/hooks/UserPromptSubmit', {
        ...base,
        hook_event_name: 'UserPromptSubmit',
        prompt,
      })
    ).status,
  ).toBe(200);
  await expect(app.getByRole('button', { name: new RegExp(prompt) })).toBeVisible();
  await app.getByRole('button', { name: new RegExp(prompt) }).click();
  await expect(app.getByText('No tool calls for this prompt.')).toBeVisible();
  expect(
    (
      await s.api('POST', '/api/hooks/PostToolUse', {
        ...base,
        hook_event_name: 'PostToolUse',
        tool_name: 'Read',
        tool_use_id: `toolu_${sid}`,
        tool_input: { file_path: '/work/e2e-live/README.md' },
        tool_response: { type: 'text', file: { filePath: '/work/e2e-live/README.md', content: 'hello' } },
      })
    ).status,
  ).toBe(200);
  await expect(app.getByText('No tool calls for this prompt.')).toBeHidden();
  await expect(app.getByText('/work/e2e-live/README.md')).toBeVisible();
});

test('settings persist after a restart; the API key is never sent back', async ({ app, ownServe }) => {
  // A service of its own: this test changes settings and restarts it.
  const svc = { current: await ownServe() };
  test.info().attach('data dir', { body: svc.current.dataDir });
  await app.goto(svc.current.uiUrl);
  await openTab(app, 'Privacy');
  const excluded = app.getByRole('group', { name: 'Excluded paths (globs)' });
  await excluded.getByRole('textbox').fill('**/secrets/**');
  await excluded.getByRole('button', { name: 'Add' }).click();
  const patterns = app.getByRole('group', { name: /Custom redaction patterns/ });
  await patterns.getByRole('textbox').fill('ACME-[0-9');
  await patterns.getByRole('button', { name: 'Add' }).click();
  await expect(patterns.getByRole('alert')).toContainText('Not a valid regular expression');
  await patterns.getByRole('textbox').fill('ACME-[0-9]{6}');
  await patterns.getByRole('button', { name: 'Add' }).click();
  await app.getByRole('switch', { name: /Redact API keys/ }).click();
  await app.getByRole('button', { name: 'Save privacy settings' }).click();
  await expect(app.getByText('Saved.')).toBeVisible();

  await openTab(app, 'Provider');
  // Rules only (no key yet): no model, no budget to set.
  await expect(app.getByText(/no model runs and no tokens are spent/)).toBeVisible();
  const secret = 'sk-ant-e2e-0123456789abcdef';
  await app.getByLabel('API key').fill(secret);
  await app.getByRole('button', { name: 'Save key' }).click();
  await expect(app.getByText('key set', { exact: true })).toBeVisible();
  // With the key the Anthropic API writes the memories: its Claude model and its budget.
  await app.getByLabel('Daily token budget').fill('123000');
  await app.getByLabel('Claude model').fill('claude-sonnet-4-5');
  await app.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(app.getByText('Saved.')).toBeVisible();

  // Restart the service over the same data dir (new port, same token file).
  const dataDir = svc.current.dataDir;
  await svc.current.stop();
  svc.current = await ownServe(dataDir);
  const raw = await svc.current.api('GET', '/api/settings');
  expect(JSON.stringify(raw.json)).not.toContain(secret);
  await app.goto(svc.current.uiUrl);

  await openTab(app, 'Privacy');
  await expect(excluded.getByText('**/secrets/**')).toBeVisible();
  await expect(patterns.getByText('ACME-[0-9]{6}')).toBeVisible();
  await expect(app.getByRole('switch', { name: /Redact API keys/ })).not.toBeChecked();
  await openTab(app, 'Provider');
  await expect(app.getByLabel('Daily token budget')).toHaveValue('123000');
  await expect(app.getByLabel('Claude model')).toHaveValue('claude-sonnet-4-5');
  await expect(app.getByText('key set', { exact: true })).toBeVisible();
  await expect(app.getByText('stored on this machine (never shown again)')).toBeVisible();
  await expect(app.getByLabel('Replace the key')).toHaveValue('');
});

test('import past transcripts from Health and watch the run finish', async ({ app, svc }) => {
  const s = svc.current;
  test.fixme(!(await hasRoute(s, '/api/capture/imports')), 'transcript import is not served yet');
  // The service runs with a private HOME: put the recorded transcripts where Claude Code keeps them.
  // The recorded pricebook transcripts, under fresh session ids (the seed already holds those sessions).
  const root = join(s.dataDir, 'home', '.claude', 'projects', '-work-pricebook');
  copyWithFreshSessionIds(FIXTURE_TRANSCRIPTS, root);
  const before = ((await s.api('GET', '/api/status')).json as { counts: { sessions: number } }).counts
    .sessions;

  await openTab(app, 'Health');
  await app.getByRole('button', { name: 'Import transcripts' }).click();
  const history = app.getByRole('list', { name: 'Import history' });
  await expect(history.getByText('done', { exact: true }).first()).toBeVisible({ timeout: 30_000 });
  await expect(app.getByRole('button', { name: 'Import transcripts' })).toBeEnabled();
  const runs = (await s.api('GET', '/api/capture/imports')).json as {
    items: Array<{ status: string; filesTotal: number; filesDone: number; sessions: number }>;
  };
  const run = runs.items[0]!;
  expect(run.status).toBe('done');
  expect(run.filesTotal).toBeGreaterThan(0);
  expect(run.filesDone).toBe(run.filesTotal);
  await expect(history.getByText(`${run.filesDone} / ${run.filesTotal} files`).first()).toBeVisible();
  const after = ((await s.api('GET', '/api/status')).json as { counts: { sessions: number } }).counts
    .sessions;
  expect(after).toBeGreaterThan(before);
});

test('install the Claude Code hooks in one click (into the private HOME)', async ({ app, svc }) => {
  const s = svc.current;
  test.fixme(!(await hasRoute(s, '/api/capture/hooks')), 'hook install is not served yet');
  await openTab(app, 'Health');
  await expect(app.getByText('not installed', { exact: true })).toBeVisible();
  await app.getByRole('button', { name: 'Install hooks' }).click();
  await expect(app.getByText('installed', { exact: true })).toBeVisible();
  await expect(app.getByRole('button', { name: 'Uninstall' })).toBeVisible();
  const hooks = (await s.api('GET', '/api/capture/hooks')).json as {
    installed: boolean;
    settingsPath: string;
  };
  expect(hooks.installed).toBe(true);
  expect(hooks.settingsPath.startsWith(join(s.dataDir, 'home'))).toBe(true);
  expect(readFileSync(hooks.settingsPath, 'utf8')).toContain('PostToolUse');
});
