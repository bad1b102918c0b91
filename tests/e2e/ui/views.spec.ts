/** Every view against real seeded data in a real browser; saves docs/screenshots/<view>.png. */
import { mkdirSync } from 'node:fs';
import { expect, openTab, test } from './fixtures';
import { hasRoute } from './serve';

const SHOTS = 'docs/screenshots';
mkdirSync(SHOTS, { recursive: true });

test('the token is taken from the link, kept in sessionStorage and stripped from the address bar', async ({
  app,
  svc,
}) => {
  expect(new URL(app.url()).searchParams.get('token')).toBeNull();
  expect(await app.evaluate("sessionStorage.getItem('memtray.token')")).toBe(svc.current.token);
  await app.reload();
  await expect(app.getByRole('tab', { name: 'Sessions' })).toBeVisible();
  await openTab(app, 'Sessions');
  await expect(app.getByRole('list', { name: 'Sessions list' }).getByRole('listitem').first()).toBeVisible();
});

test('without a token the page says how to open it', async ({ page, svc }) => {
  await page.goto(svc.current.base + '/');
  await expect(page.getByText('Open MemTray from its link')).toBeVisible();
});

test('Sessions: newest first, open one with summary, prompts, observations and state', async ({ app }) => {
  await openTab(app, 'Sessions');
  const list = app.getByRole('list', { name: 'Sessions list' });
  await expect(list.getByRole('listitem').first()).toBeVisible();
  await app.screenshot({ path: `${SHOTS}/sessions.png` });
  await list.getByRole('button').first().click();
  await expect(app.getByRole('heading', { name: 'Prompts' })).toBeVisible();
  await expect(app.getByRole('heading', { name: 'Session state' })).toBeVisible();
  await expect(app.getByRole('heading', { name: /Files touched/ })).toBeVisible();
  await app.screenshot({ path: `${SHOTS}/session-detail.png`, fullPage: false });
  await app.keyboard.press('Escape');
  await expect(list).toBeVisible();
});

test('Projects: every project with counts and a capture switch', async ({ app, svc }) => {
  await openTab(app, 'Projects');
  const projects = (await svc.current.api('GET', '/api/projects')).json as { items: Array<{ name: string }> };
  expect(projects.items.length).toBeGreaterThan(0);
  for (const p of projects.items)
    await expect(app.getByRole('switch', { name: `Capture ${p.name}` })).toBeVisible();
  await expect(app.getByRole('switch', { name: 'Pause all capture' })).not.toBeChecked();
  await app.screenshot({ path: `${SHOTS}/projects.png` });
});

test('Privacy: explains <private> and shows the current lists', async ({ app }) => {
  await openTab(app, 'Privacy');
  await expect(app.getByText('<private>…</private>')).toBeVisible();
  await expect(app.getByRole('group', { name: 'Tools never captured' }).getByText('TodoWrite')).toBeVisible();
  await expect(app.getByRole('switch', { name: /Redact API keys/ })).toBeChecked();
  await app.screenshot({ path: `${SHOTS}/privacy.png` });
});

test('Provider: key state, model, budget and usage', async ({ app, svc }) => {
  await openTab(app, 'Provider');
  await expect(app.getByText('no key', { exact: true })).toBeVisible();
  await expect(app.getByLabel('Model')).toHaveValue('claude-haiku-4-5');
  const usage = await hasRoute(svc.current, '/api/usage?days=30');
  if (usage) await expect(app.getByText(/Today: /)).toBeVisible();
  else await expect(app.getByRole('alert').filter({ hasText: 'does not offer this yet' })).toBeVisible();
  await app.screenshot({ path: `${SHOTS}/provider.png` });
  test.fixme(!usage, 'GET /api/usage is not served yet (issue 4): the view shows its inline error');
});

test('Health: service, queue, hooks and import', async ({ app, svc }) => {
  await openTab(app, 'Health');
  await expect(app.getByRole('heading', { name: 'Service' })).toBeVisible();
  await expect(app.getByText('live updates')).toBeVisible();
  await app.screenshot({ path: `${SHOTS}/health.png`, fullPage: true });
  const missing: string[] = [];
  for (const p of ['/api/queue', '/api/capture/hooks', '/api/capture/imports'])
    if (!(await hasRoute(svc.current, p))) missing.push(p);
  test.fixme(missing.length > 0, `not served yet (issues 3/4): ${missing.join(', ')}`);
  await expect(app.getByRole('heading', { name: 'Compression queue' })).toBeVisible();
  await expect(app.getByText(/^(installed|not installed|needs repair)$/)).toBeVisible();
});
