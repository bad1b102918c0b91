/** Capture status everywhere: banner in every view, timed pause, the live skipped count. */
import { expect, openTab, test } from './fixtures';

type Projects = { items: Array<{ name: string; rootPath: string | null; skippedEvents: number }> };

test('a timed pause from the UI: its end time, a banner in every view, Resume', async ({ app, svc }) => {
  await openTab(app, 'Projects');
  await app.getByRole('group', { name: 'Pause capture' }).getByRole('button', { name: 'For 1 hour' }).click();
  const banner = app.getByRole('complementary', { name: 'Capture status' });
  // "until 14:05", or "until Fri 00:35" when the hour ends tomorrow (run in the last hour of a day).
  await expect(banner).toContainText(/Capture paused until (?:[A-Z][a-z]{2} )?\d\d:\d\d/);
  await expect(app.getByRole('status').filter({ hasText: 'Paused' })).toBeVisible();
  const s = (await svc.current.api('GET', '/api/settings')).json as { paused: boolean; pausedUntil: number };
  expect(s.paused).toBe(false);
  expect(s.pausedUntil).toBeGreaterThan(Date.now() + 50 * 60_000);
  for (const tab of ['Search', 'Sessions', 'Privacy', 'Provider', 'Health']) {
    await openTab(app, tab);
    await expect(banner).toBeVisible();
  }
  await banner.getByRole('button', { name: 'Resume' }).click();
  // The seeded service received events minutes ago: capture is not off, so no banner stays (its
  // private HOME has no hooks installed, which alone does not make capture off: capture-truth.spec.ts).
  await expect(banner).toBeHidden();
  await expect(app.getByRole('status').filter({ hasText: 'Live' })).toBeVisible();
  expect(((await svc.current.api('GET', '/api/settings')).json as { pausedUntil: unknown }).pausedUntil).toBe(
    null,
  );
});

test('the "skipped while off" count moves live, without a reload', async ({ app, svc }) => {
  const s = svc.current;
  await openTab(app, 'Projects');
  const sw = app.getByRole('switch', { name: 'Capture pricebook' });
  await sw.click();
  await expect(sw).not.toBeChecked();
  const root = ((await s.api('GET', '/api/projects')).json as Projects).items.find(
    (p) => p.name === 'pricebook',
  )!;
  const card = app.getByRole('listitem').filter({ has: app.getByRole('heading', { name: 'pricebook' }) });
  for (let i = 1; i <= 2; i++) {
    const r = await s.api('POST', '/api/hooks/UserPromptSubmit', {
      session_id: `e2e-skip-${i}`,
      transcript_path: '/tmp/none.jsonl',
      cwd: root.rootPath,
      hook_event_name: 'UserPromptSubmit',
      prompt: 'not stored',
    });
    expect(r.status).toBe(200);
    await expect(card).toContainText(
      `${root.skippedEvents + i} event${root.skippedEvents + i === 1 ? '' : 's'} skipped while off`,
    );
  }
  await sw.click();
  await expect(sw).toBeChecked();
});
