/**
 * Hash navigation, recovery after a real service restart, keyboard and
 * scroll, the unsaved-changes guard — in Debian chromium at popup size against a real service.
 */
import { expect, openTab, test } from './fixtures';

test('the tray menu navigates an already loaded popup (#hash changes)', async ({ app }) => {
  await openTab(app, 'Projects');
  await app.evaluate("location.hash = '#health'");
  await expect(app.getByRole('tab', { name: 'Health' })).toHaveAttribute('aria-selected', 'true');
  await app.evaluate("location.hash = '#search'");
  await expect(app.getByRole('tab', { name: 'Search' })).toHaveAttribute('aria-selected', 'true');
  await expect(app.getByRole('combobox', { name: 'Search memories' })).toBeVisible();
});

test('after an outage: "Offline — retrying", one Health message, every panel reloads on reconnect', async ({
  app,
  ownServe,
}) => {
  const svc = { current: await ownServe() };
  await app.goto(svc.current.uiUrl);
  await expect(app.getByRole('status').filter({ hasText: 'Live' })).toBeVisible();
  const { dataDir, port } = svc.current;
  await svc.current.stop();

  await expect(app.getByText('Offline — retrying')).toBeVisible();
  await openTab(app, 'Health');
  await expect(app.getByRole('alert')).toHaveCount(1);
  await expect(app.getByRole('alert')).toContainText('To restart it');
  await expect(app.getByRole('alert')).toContainText('memtray serve');
  await openTab(app, 'Projects');
  await expect(app.getByRole('alert')).toContainText('Cannot reach the MemTray service');

  // The same data dir and port: the page's stream reconnects by itself, nobody clicks "Try again".
  svc.current = await ownServe(dataDir, port);
  await expect(app.getByText('Offline — retrying')).toBeHidden();
  await expect(app.getByRole('alert')).toHaveCount(0);
  await expect(app.getByText('Pause capture:')).toBeVisible();
  await openTab(app, 'Health');
  await expect(app.getByRole('heading', { name: 'Compression queue' })).toBeVisible();
});

test('↓ keeps the highlighted result in view under a sticky search box', async ({ app }) => {
  await openTab(app, 'Search');
  const box = app.getByRole('combobox', { name: 'Search memories' });
  await box.fill('invoice');
  const options = app.getByRole('option');
  await expect(options.first()).toBeVisible();
  const n = await options.count();
  expect(n, 'enough results to scroll').toBeGreaterThan(8);
  for (let i = 0; i < n - 1; i++) await box.press('ArrowDown');
  const active = app.locator('[role=option][aria-selected=true]');
  await expect(active).toHaveId(/-\d+$/);
  await expect(active).toBeInViewport();
  await expect(box).toBeInViewport();
  expect(await app.locator('main.panel').evaluate((e) => e.scrollTop)).toBeGreaterThan(0);
  // And back up to the first one, still visible below the box.
  for (let i = 0; i < n - 1; i++) await box.press('ArrowUp');
  await expect(options.first()).toBeInViewport({ ratio: 1 });
});

test('back from a session restores the list scroll and the focus', async ({ app }) => {
  // A short popup, so the list scrolls whatever the seed holds (a bare clone has few sessions).
  await app.setViewportSize({ width: 420, height: 360 });
  await openTab(app, 'Sessions');
  const cards = app.getByRole('list', { name: 'Sessions list' }).getByRole('button');
  await expect(cards.first()).toBeVisible();
  const n = await cards.count();
  const card = cards.nth(Math.min(n - 1, 6));
  await card.scrollIntoViewIfNeeded();
  const panel = app.locator('main.panel');
  const top = await panel.evaluate((e) => e.scrollTop);
  expect(top).toBeGreaterThan(0);
  const title = await card.textContent();
  await card.focus();
  await app.keyboard.press('Enter');
  await expect(app.getByRole('button', { name: /Back/ })).toBeVisible();
  await app.keyboard.press('Escape');
  await expect(cards.first()).toBeVisible();
  await expect.poll(() => panel.evaluate((e) => e.scrollTop)).toBe(top);
  await expect(app.locator(':focus')).toHaveText(title ?? '');
});

test('Privacy keeps the save bar in view while dirty and asks before leaving', async ({ app }) => {
  await openTab(app, 'Privacy');
  const excluded = app.getByRole('group', { name: 'Excluded paths (globs)' });
  await excluded.getByRole('textbox').fill('**/unsaved/**');
  await excluded.getByRole('button', { name: 'Add' }).click();
  await expect(app.getByRole('button', { name: 'Save privacy settings' })).toBeInViewport();
  await expect(app.getByText('Unsaved changes')).toBeVisible();

  const questions: string[] = [];
  let accept = false;
  app.on('dialog', (d) => {
    questions.push(d.message());
    void (accept ? d.accept() : d.dismiss());
  });
  await app.getByRole('tab', { name: 'Search' }).click();
  await expect.poll(() => questions.length).toBe(1);
  expect(questions[0]).toContain('unsaved');
  await expect(app.getByRole('tab', { name: 'Privacy' })).toHaveAttribute('aria-selected', 'true');
  await app.evaluate("location.hash = '#health'");
  await expect.poll(() => questions.length).toBe(2);
  await expect(app.getByRole('tab', { name: 'Privacy' })).toHaveAttribute('aria-selected', 'true');
  await expect(excluded.getByText('**/unsaved/**')).toBeVisible();

  accept = true;
  await app.getByRole('tab', { name: 'Search' }).click();
  await expect(app.getByRole('tab', { name: 'Search' })).toHaveAttribute('aria-selected', 'true');
});

test('a wrong token says "Not authorised", not "Offline"; the page has a favicon', async ({ page, svc }) => {
  await page.goto(`${svc.current.base}/?token=not-the-token`);
  await expect(page.getByRole('status').filter({ hasText: 'Not authorised' })).toBeVisible();
  await expect(page.getByText('Offline — retrying')).toHaveCount(0);
  await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', /^data:image\/svg\+xml,/);
});
