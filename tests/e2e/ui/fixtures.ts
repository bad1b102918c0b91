/** Playwright fixtures: one seeded `memtray serve` per test file, and a page opened through its link. */
import { test as base, expect, type Page } from '@playwright/test';
import { seedCorpus, serve, type Served } from './serve';

export const test = base.extend<{ app: Page }, { svc: { current: Served } }>({
  svc: [
    // Playwright needs the (empty) fixtures object pattern here.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const s = await serve();
      await seedCorpus(s);
      const holder = { current: s };
      await use(holder);
      await holder.current.stop();
    },
    { scope: 'worker' },
  ],
  app: async ({ page, svc }, use) => {
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
    page.on('console', (m) => {
      // A 404 from a route another issue has not landed yet is reported by the view itself; a refused
      // connection is the live stream retrying while a test restarts the service on purpose.
      if (m.type() === 'error' && !/status of 404|ERR_CONNECTION_REFUSED/.test(m.text()))
        problems.push(`console: ${m.text()}`);
    });
    await page.goto(svc.current.uiUrl);
    await expect(page.getByRole('tablist', { name: 'Views' })).toBeVisible();
    await use(page);
    expect(problems, 'no page errors, no CSP violations').toEqual([]);
  },
});

export { expect };

export async function openTab(page: Page, name: string): Promise<void> {
  await page.getByRole('tab', { name }).click();
  await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
}
