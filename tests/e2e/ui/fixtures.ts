/** Playwright fixtures: one seeded `memtray serve` per test file, and a page opened through its link. */
import { test as base, expect, type Page } from '@playwright/test';
import { seedCorpus, serve, type Served } from './serve';

type Holder = { current: Served };

/** One seeded service per test file (files may change data; screenshots want a pristine corpus). */
export const test = base.extend<{ app: Page; svc: Holder }, { services: Map<string, Promise<Holder>> }>({
  services: [
    // Playwright needs the (empty) fixtures object pattern here.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const all = new Map<string, Promise<Holder>>();
      await use(all);
      for (const h of all.values()) await (await h).current.dispose();
    },
    { scope: 'worker' },
  ],
  svc: async ({ services }, use, info) => {
    let h = services.get(info.file);
    if (!h) {
      h = serve().then(async (s) => {
        await seedCorpus(s);
        return { current: s };
      });
      services.set(info.file, h);
    }
    await use(await h);
  },
  app: async ({ page, svc }, use) => {
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
    page.on('console', (m) => {
      // A 404 is the view's to report (it shows what it could not load); a refused
      // connection is the live stream retrying while a test restarts the service on purpose, and a
      // reset one a request that stop cut off (a slow machine still loads the views when it comes).
      if (m.type() === 'error' && !/status of 404|ERR_CONNECTION_(?:REFUSED|RESET)/.test(m.text()))
        problems.push(`console: ${m.text()}`);
    });
    await page.goto(svc.current.uiUrl);
    await expect(page.getByRole('tablist', { name: 'Views' })).toBeVisible();
    await use(page);
    expect(problems, 'no page errors, no CSP violations').toEqual([]);
  },
});

export { expect };

/** The sections inside a view (Settings, Health), opened through their view. */
const SECTION_OF: Record<string, string> = {
  Privacy: 'Settings',
  Provider: 'Settings',
  Embeddings: 'Settings',
  Context: 'Settings',
  Sync: 'Settings',
  Export: 'Settings',
  App: 'Settings',
  Status: 'Health',
  Logs: 'Health',
};

/** Opens a view, or a section of one ("Privacy" opens Settings, then its Privacy section). */
export async function openTab(page: Page, name: string): Promise<void> {
  const view = SECTION_OF[name];
  if (view) await openTab(page, view);
  const tab = (view ? page.getByRole('tablist', { name: `${view} sections` }) : page).getByRole('tab', {
    name,
    exact: true,
  });
  await tab.click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
}
