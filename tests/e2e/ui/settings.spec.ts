/** Settings in one place, and a navigation that fits one row of the 420 px popup. */
import { expect, openTab, test } from './fixtures';

test('six views in one row; header and tabs leave the popup to the view', async ({ app }) => {
  const tabs = app.getByRole('tablist', { name: 'Views' }).getByRole('tab');
  await expect(tabs).toHaveCount(6);
  const tops = await tabs.evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().top)));
  expect(new Set(tops).size, 'every tab on one row').toBe(1);
  const nav = await app.getByRole('tablist', { name: 'Views' }).boundingBox();
  expect(nav!.y + nav!.height, 'header and tabs end high in a 620 px popup').toBeLessThan(80);
});

test('Settings holds privacy, provider, embeddings, context, sync, export and the app; Health holds none', async ({
  app,
}) => {
  await openTab(app, 'Settings');
  const sections = app.getByRole('tablist', { name: 'Settings sections' });
  await expect(sections.getByRole('tab')).toHaveText([
    'Privacy',
    'Provider',
    'Embeddings',
    'Context',
    'Sync',
    'Export',
    'App',
  ]);
  await expect(app.getByRole('region', { name: 'Privacy' })).toBeVisible();
  const sectionTops = await sections
    .getByRole('tab')
    .evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().top)));
  expect(new Set(sectionTops).size, 'the sections in one row').toBe(1);
  await openTab(app, 'Embeddings');
  await expect(
    app
      .getByRole('region', { name: 'Embeddings' })
      .getByRole('heading', { name: 'Embeddings (semantic search)' }),
  ).toBeVisible();
  await openTab(app, 'Sync');
  await expect(app.getByRole('region', { name: 'Sync' })).toBeVisible();
  await openTab(app, 'Export');
  await expect(app.getByRole('region', { name: 'Export and import' })).toBeVisible();
  // In the browser the Electron global shortcut does nothing: only the editor is offered.
  await openTab(app, 'App');
  await expect(app.getByLabel('Open file paths in')).toBeVisible();
  await expect(app.getByLabel('Global shortcut that opens Search')).toHaveCount(0);
  await expect(app.getByRole('region', { name: 'App' })).not.toContainText('shortcut');

  await openTab(app, 'Health');
  const health = app.getByRole('region', { name: 'Health' });
  await expect(health.getByRole('heading', { name: 'Service' })).toBeVisible();
  await expect(health.getByRole('heading', { name: /Shortcut|Sync|Export/ })).toHaveCount(0);
  await openTab(app, 'Logs');
  await expect(app.getByRole('region', { name: 'Logs' })).toBeVisible();
  expect(new URL(app.url()).hash).toBe('#logs');
});
