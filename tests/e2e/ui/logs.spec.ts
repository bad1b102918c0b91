/** the service log in the UI, filtered by level. */
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { logPageSchema } from '../../../electron/shared/contract/logs';
import { expect, openTab, test } from './fixtures';

test('Logs: warnings and errors by default, everything on demand, newest first', async ({ app, svc }) => {
  const s = svc.current;
  // What the service itself wrote (its start-up line), plus one warning and one error in its format.
  const now = Date.now();
  const at = (ms: number) => new Date(ms).toISOString();
  appendFileSync(
    join(s.dataDir, 'memtray.log'),
    `${at(now)} WARN compression call failed {"kind":"observe","error":"HTTP 401: invalid x-api-key"}\n` +
      `${at(now + 1)} ERROR e2e logs check: the newest line\n`,
  );
  await openTab(app, 'Logs');
  const list = app.getByRole('list', { name: 'Log entries' });
  await expect(list.getByRole('listitem').first()).toContainText('e2e logs check: the newest line');
  await expect(list).toContainText('HTTP 401: invalid x-api-key');
  await expect(list).not.toContainText('MemTray service listening');
  await app.getByRole('combobox', { name: 'Level' }).selectOption('info');
  await expect(list).toContainText('MemTray service listening');
  await app.getByRole('combobox', { name: 'Level' }).selectOption('error');
  await expect(list.getByRole('listitem')).toHaveCount(1);

  const page = logPageSchema.parse((await s.api('GET', '/api/logs?level=warn&limit=5')).json);
  expect(page.entries[0]!.level).toBe('error');
  expect(JSON.stringify(page)).not.toContain(s.token);
  expect((await s.api('GET', '/api/logs?level=debug')).status).toBe(400);
});
