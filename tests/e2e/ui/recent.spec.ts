/** the Recent landing view — a live feed in time order, per project, with the queue's activity. */
import { recentPageSchema } from '../../../electron/shared/contract/recent';
import { expect, openTab, test } from './fixtures';

const SHOTS = process.env.MEMTRAY_SCREENSHOTS === '1' ? 'docs/screenshots' : 'test-results/screenshots';

test('Recent: newest first, live, filtered by project, opens an item; the queue activity shows', async ({
  app,
  svc,
}) => {
  const s = svc.current;
  await expect(app.getByRole('tab', { name: 'Recent' })).toHaveAttribute('aria-selected', 'true');
  const feed = app.getByRole('list', { name: 'Recent activity' });
  await expect(feed.getByRole('listitem').first()).toBeVisible();
  await expect(app.getByLabel('Compression queue activity')).toContainText(/Compression idle|Compressing/);

  const page1 = recentPageSchema.parse((await s.api('GET', '/api/recent?limit=40')).json);
  const times = page1.items.map((i) => i.at);
  expect(times).toEqual([...times].sort((a, b) => b - a));
  expect(new Set(page1.items.map((i) => i.kind)).size).toBeGreaterThan(1);
  await expect(feed.getByRole('listitem').first()).toContainText(page1.items[0]!.title.slice(0, 30));
  await app.screenshot({ path: `${SHOTS}/recent.png` });

  // A new prompt arrives live at the top, without a reload.
  const sid = `e2e-recent-${Date.now()}`;
  const r = await s.api('POST', '/api/hooks/UserPromptSubmit', {
    session_id: sid,
    transcript_path: '/tmp/none.jsonl',
    cwd: '/work/e2e-recent',
    hook_event_name: 'UserPromptSubmit',
    prompt: 'Recent feed live check: rename the invoice totals',
  });
  expect(r.status).toBe(200);
  await expect(feed.getByRole('listitem').first()).toContainText('Recent feed live check');

  // Filter by project: every item is that project's.
  await app.getByRole('combobox', { name: 'Project' }).selectOption('e2e-recent');
  await expect(feed.getByRole('listitem')).toHaveCount(1);
  await app.getByRole('combobox', { name: 'Project' }).selectOption('');

  // Open the prompt: its session; Esc comes back with the focus on it.
  const first = feed.getByRole('button').first();
  await first.focus();
  await app.keyboard.press('Enter');
  await expect(app.getByRole('button', { name: /Back/ })).toBeVisible();
  await app.keyboard.press('Escape');
  await expect(first).toBeFocused();
});

test('Recent pages further back with "Older"', async ({ app, svc }) => {
  const p1 = recentPageSchema.parse((await svc.current.api('GET', '/api/recent?limit=40')).json);
  test.skip(p1.nextBefore === null, 'the corpus has fewer than 40 items');
  const feed = app.getByRole('list', { name: 'Recent activity' });
  await expect(feed.getByRole('listitem')).toHaveCount(40);
  await app.getByRole('button', { name: 'Older' }).click();
  await expect.poll(() => feed.getByRole('listitem').count()).toBeGreaterThan(40);
});

test('Context view screenshot', async ({ app }) => {
  await openTab(app, 'Context');
  await expect(app.getByLabel('Injected context')).toBeVisible();
  await app.screenshot({ path: `${SHOTS}/context.png` });
});
