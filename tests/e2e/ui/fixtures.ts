/**
 * Playwright fixtures: one seeded `memtray serve` per test file, a page opened through its link, and
 * the services a test starts itself. Every service is stopped and its data dir removed by the
 * fixture's teardown, which runs when the test fails too.
 */
import { test as base, expect, type Page } from '@playwright/test';
import { seedCorpus, serve, type Served } from './serve';

type Holder = { current: Served };

/** Disposes services, newest first (a restart's service before the one it replaced); every one, then the first error. */
async function disposeAll(services: Served[]): Promise<void> {
  const errors: unknown[] = [];
  for (const s of [...services].reverse()) await s.dispose().catch((err: unknown) => errors.push(err));
  if (errors.length > 0) throw errors[0];
}

/** One seeded service per test file (files may change data; screenshots want a pristine corpus). */
export const test = base.extend<
  { app: Page; svc: Holder; ownServe: typeof serve },
  { services: Map<string, Promise<Holder>> }
>({
  services: [
    // Playwright needs the (empty) fixtures object pattern here.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const all = new Map<string, Promise<Holder>>();
      await use(all);
      const started = await Promise.allSettled(all.values());
      await disposeAll(started.flatMap((r) => (r.status === 'fulfilled' ? [r.value.current] : [])));
    },
    { scope: 'worker' },
  ],
  svc: async ({ services }, use, info) => {
    let h = services.get(info.file);
    if (!h) {
      h = serve().then(async (s) => {
        try {
          await seedCorpus(s);
        } catch (err) {
          await s.dispose();
          throw err;
        }
        return { current: s };
      });
      services.set(info.file, h);
    }
    await use(await h);
  },
  /** `serve` for a service of the test's own (a restart included): disposed when the test ends. */
  // Playwright needs the (empty) fixtures object pattern here.
  // eslint-disable-next-line no-empty-pattern
  ownServe: async ({}, use) => {
    const started: Served[] = [];
    await use(async (...args) => {
      const s = await serve(...args);
      started.push(s);
      return s;
    });
    await disposeAll(started);
  },
  app: async ({ page, svc }, use) => {
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
    page.on('console', (m) => {
      // A 404 is the view's to report (it shows what it could not load); a refused
      // connection is the live stream retrying while a test restarts the service on purpose, and a
      // reset or never-connected one a request that stop cut off (a slow machine still loads the
      // views when it comes; which of the two Chromium names depends on when the socket closed).
      const expected = /status of 404|ERR_CONNECTION_(?:REFUSED|RESET)|ERR_SOCKET_NOT_CONNECTED/;
      if (m.type() === 'error' && !expected.test(m.text())) problems.push(`console: ${m.text()}`);
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
