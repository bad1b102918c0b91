/** First run: an import that finds no ~/.claude/projects says so and takes another folder. */
import { join } from 'node:path';
import { FIXTURE_TRANSCRIPTS } from '../../helpers/corpus';
import { expect, openTab, test } from './fixtures';
import { copyWithFreshSessionIds } from './transcripts';

test('no transcripts in ~/.claude/projects: the UI says so, and imports a folder given instead', async ({
  app,
  svc,
}) => {
  const s = svc.current;
  await openTab(app, 'Health');
  await app.getByRole('button', { name: 'Import transcripts' }).click();
  await expect(app.getByText(/found no Claude Code transcripts in/)).toBeVisible({ timeout: 30_000 });

  const elsewhere = join(s.dataDir, 'elsewhere', '-work-pricebook');
  copyWithFreshSessionIds(FIXTURE_TRANSCRIPTS, elsewhere);
  await app.getByLabel('Transcripts folder').fill(join(s.dataDir, 'elsewhere'));
  await app.getByRole('button', { name: 'Import folder' }).click();
  const runs = async () =>
    (
      (await s.api('GET', '/api/capture/imports')).json as {
        items: Array<{ status: string; filesTotal: number }>;
      }
    ).items;
  await expect.poll(async () => (await runs())[0]?.filesTotal ?? 0, { timeout: 30_000 }).toBeGreaterThan(0);
  await expect.poll(async () => (await runs())[0]?.status, { timeout: 30_000 }).toBe('done');
  await expect(app.getByText(/found no Claude Code transcripts in/)).toBeHidden();
});
