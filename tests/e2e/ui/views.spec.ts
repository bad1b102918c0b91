/** Every view against real seeded data in a real browser; saves a screenshot of each (see SHOTS). */
import { mkdirSync } from 'node:fs';
import { expect, openTab, test } from './fixtures';
import { hasRoute } from './serve';

// Screenshots go to test-results/ on every run; MEMTRAY_SCREENSHOTS=1 refreshes the committed ones
// in docs/screenshots (they change with every run: timestamps, uptime).
const SHOTS = process.env.MEMTRAY_SCREENSHOTS === '1' ? 'docs/screenshots' : 'test-results/screenshots';
mkdirSync(SHOTS, { recursive: true });

test('the token is taken from the link, kept in sessionStorage and stripped from the address bar', async ({
  app,
  svc,
}) => {
  expect(new URL(app.url()).searchParams.get('token')).toBeNull();
  expect(await app.evaluate("sessionStorage.getItem('memtray.token')")).toBe(svc.current.token);
  // The list's counts agree with the session itself.
  const listed = (await svc.current.api('GET', '/api/sessions?limit=50')).json as {
    items: Array<{ id: number; observationCount: number }>;
  };
  for (const it of listed.items.slice(0, 5)) {
    const d = (await svc.current.api('GET', `/api/sessions/${it.id}`)).json as { observations: unknown[] };
    expect(it.observationCount, `session ${it.id}`).toBe(d.observations.length);
  }
  await app.reload();
  await expect(app.getByRole('tab', { name: 'Sessions' })).toBeVisible();
  await openTab(app, 'Sessions');
  await expect(app.getByRole('list', { name: 'Sessions list' }).getByRole('listitem').first()).toBeVisible();
});

test('without a token the page says how to open it', async ({ page, svc }) => {
  await page.goto(svc.current.base + '/');
  await expect(page.getByText('Open MemTray from its link')).toBeVisible();
});

test('Sessions: newest first, open one with summary, prompts, observations and state', async ({
  app,
  svc,
}) => {
  await openTab(app, 'Sessions');
  const list = app.getByRole('list', { name: 'Sessions list' });
  await expect(list.getByRole('listitem').first()).toBeVisible();
  // The project filter narrows the list (and gives the screenshot the busiest project).
  await app.getByRole('combobox', { name: 'Project' }).selectOption('pricebook');
  await expect(list.getByRole('listitem').first()).toContainText('pricebook');
  await expect(list.getByText('attio-mcp-server')).toHaveCount(0);
  await app.screenshot({ path: `${SHOTS}/sessions.png` });
  await app.getByRole('combobox', { name: 'Project' }).selectOption('');
  // Open a session that has a summary and several observations (the richest view). Summaries are
  // written by the compression worker in the background, so wait for one.
  type Row = {
    id: number;
    summaryRequest: string | null;
    firstPrompt: string | null;
    observationCount: number;
  };
  let title: string | undefined;
  await expect
    .poll(
      async () => {
        const r = (await svc.current.api('GET', '/api/sessions?limit=50')).json as { items: Row[] };
        const titles = r.items.map((x) => x.summaryRequest ?? x.firstPrompt);
        for (const x of r.items) {
          const t = x.summaryRequest ?? x.firstPrompt;
          if (!t || x.observationCount < 3 || titles.filter((y) => y === t).length > 1) continue;
          const d = (await svc.current.api('GET', `/api/sessions/${x.id}`)).json as {
            summary: unknown;
            observations: unknown[];
          };
          expect(x.observationCount, `list count of session ${x.id}`).toBe(d.observations.length);
          if (d.summary) {
            title = t;
            return true;
          }
        }
        return false;
      },
      { message: 'a summarised session in the seeded corpus', timeout: 30_000 },
    )
    .toBe(true);
  await app.reload();
  await list.getByRole('button', { name: title!.slice(0, 60) }).click();
  await expect(app.getByRole('heading', { name: 'Summary' })).toBeVisible();
  await expect(app.getByRole('heading', { name: 'Story' })).toBeVisible();
  await expect(app.getByRole('heading', { name: 'Session state' })).toBeVisible();
  await expect(app.getByRole('heading', { name: /Files touched/ })).toBeVisible();
  await app.screenshot({ path: `${SHOTS}/session-detail.png`, fullPage: false });
  // The story: each prompt with its outcome, runs of like steps folded into one line.
  await app.getByRole('button', { name: 'Story', exact: true }).click();
  await expect(app.getByRole('list', { name: 'Story' })).toBeInViewport();
  await app.screenshot({ path: `${SHOTS}/session-story.png`, fullPage: false });
  // The state card is one click away, however long the story.
  await app.getByRole('button', { name: 'Files, tools, agents, errors' }).click();
  await expect(app.getByRole('heading', { name: 'Session state' })).toBeInViewport();
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
  await expect(app.getByText(/Rules only: no model runs/)).toBeVisible();
  const usage = await hasRoute(svc.current, '/api/usage?days=30');
  if (usage) await expect(app.getByText(/Today: /)).toBeVisible();
  else await expect(app.getByRole('alert').filter({ hasText: 'does not offer this yet' })).toBeVisible();
  await app.screenshot({ path: `${SHOTS}/provider.png` });
  test.fixme(!usage, 'GET /api/usage is not served yet: the view shows its inline error');
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

test('Search: results with highlighted hits, an observation opened (screenshots)', async ({ app, svc }) => {
  test.fixme(!(await hasRoute(svc.current, '/api/search?q=x')), 'GET /api/search is not served yet');
  await openTab(app, 'Search');
  const box = app.getByRole('combobox', { name: 'Search memories' });
  await box.fill('invoice');
  const options = app.getByRole('listbox', { name: 'Results' }).getByRole('option');
  await expect(options.first()).toBeVisible();
  await expect(options.first().locator('mark').first()).toBeVisible();
  await app.screenshot({ path: `${SHOTS}/search.png` });
  const firstObservation = options.filter({ hasNotText: /^prompt|^summary/ }).first();
  await firstObservation.click();
  await expect(app.getByRole('button', { name: '← Back' })).toBeVisible();
  await expect(app.getByRole('button', { name: 'Open the session →' })).toBeVisible();
  await app.screenshot({ path: `${SHOTS}/observation.png` });
});

test('dark mode and a wide browser window', async ({ app, page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await openTab(app, 'Sessions');
  await expect(app.getByRole('list', { name: 'Sessions list' }).getByRole('listitem').first()).toBeVisible();
  const bg = await app.evaluate('getComputedStyle(document.documentElement).backgroundColor');
  expect(bg).toBe('rgb(21, 23, 28)');
  await app.screenshot({ path: `${SHOTS}/sessions-dark.png` });
  await page.setViewportSize({ width: 1024, height: 700 });
  await openTab(app, 'Projects');
  await expect(app.getByRole('switch', { name: 'Pause all capture' })).toBeVisible();
  await app.screenshot({ path: `${SHOTS}/projects-wide.png` });
});
