/**
 * Imported sessions get their summary queued with the import, and an import that finds no
 * transcripts says where it looked and why nothing was found.
 */
import { copyFileSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { FIXTURE_TRANSCRIPTS } from '../../helpers/corpus';
import { expect, test } from './fixtures';
import type { Served } from './serve';
import { copyWithFreshSessionIds } from './transcripts';
import type { Page } from '@playwright/test';

type Sessions = { items: Array<{ id: number; status: string }> };

async function importFolder(page: Page, dir: string): Promise<void> {
  const link = page.getByRole('button', { name: 'Import from another folder…' });
  if (await link.isVisible()) await link.click();
  await page.getByLabel('Transcripts folder').fill(dir);
  await page.getByRole('button', { name: 'Import folder' }).click();
}

async function lastRun(s: Served) {
  return ((await s.api('GET', '/api/capture/imports')).json as { items: Array<{ status: string }> }).items[0];
}

test('imported sessions get a summary; the history says which folder each run read', async ({
  page,
  ownServe,
}) => {
  const s = await ownServe();
  const dir = join(s.dataDir, 'elsewhere');
  copyWithFreshSessionIds(FIXTURE_TRANSCRIPTS, join(dir, '-work-pricebook'));
  await page.goto(s.uiUrl);
  await page.getByRole('tab', { name: 'Health' }).click();
  await importFolder(page, dir);
  const history = page.getByRole('list', { name: 'Import history' });
  await expect(history).toContainText(`Read ${dir}`);
  await expect.poll(async () => (await lastRun(s))?.status, { timeout: 30_000 }).toBe('done');

  const sessions = ((await s.api('GET', '/api/sessions')).json as Sessions).items;
  expect(sessions.length).toBeGreaterThan(0);
  expect(sessions.every((x) => x.status === 'completed')).toBe(true);
  await page.getByRole('tab', { name: 'Sessions' }).click();
  await page.locator('.session-card').first().click();
  await expect(page.getByRole('heading', { name: 'Summary' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('No summary yet')).toBeHidden();
  for (const x of sessions) {
    await expect
      .poll(
        async () => ((await s.api('GET', `/api/sessions/${x.id}`)).json as { summary: unknown }).summary,
        {
          timeout: 30_000,
        },
      )
      .not.toBeNull();
  }
});

test('a folder of hook logs: the UI and the CLI say where they looked and that these are not transcripts', async ({
  page,
  ownServe,
}) => {
  const s = await ownServe();
  const dir = join(s.dataDir, 'hook-logs');
  mkdirSync(dir);
  copyFileSync(resolve('tests/fixtures/hooks/pricebook.hooks.jsonl'), join(dir, 'hooks.jsonl'));
  await page.goto(s.uiUrl);
  await page.getByRole('tab', { name: 'Health' }).click();
  await importFolder(page, dir);
  const note = page.getByRole('status').filter({ hasText: 'found no Claude Code transcripts in' });
  await expect(note).toContainText(dir);
  await expect(note).toContainText('these are hook logs, not transcripts');

  const { execFileSync } = await import('node:child_process');
  const missing = join(s.dataDir, 'nowhere');
  const out = execFileSync(
    process.execPath,
    [resolve('bin/memtray.mjs'), 'import', missing, '--data-dir', s.dataDir],
    { encoding: 'utf8', env: { ...process.env, HOME: join(s.dataDir, 'home') } },
  );
  expect(out).toContain(`Looked in ${missing}: no such folder.`);
});
