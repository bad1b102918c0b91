/** The search query and the sessions filter outlive a trip to another view; the filter asks the service. */
import { expect, openTab, test } from './fixtures';

test('the sessions filter finds a session by a later prompt; query and filter survive switching views', async ({
  app,
  svc,
}) => {
  const sid = `e2e-kept-${Date.now()}`;
  for (const prompt of ['Kept check: start here', 'then rename the zebrafish module'])
    expect(
      (
        await svc.current.api('POST', '/api/hooks/UserPromptSubmit', {
          session_id: sid,
          transcript_path: '/tmp/none.jsonl',
          cwd: '/work/e2e-kept',
          hook_event_name: 'UserPromptSubmit',
          prompt,
        })
      ).status,
    ).toBe(200);
  await openTab(app, 'Search');
  await app.getByLabel('Search memories').fill('pricebook');
  await openTab(app, 'Sessions');
  await app.getByLabel('Filter sessions').fill('zebrafish');
  const list = app.getByRole('list', { name: 'Sessions list' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).toContainText('Kept check: start here');
  await openTab(app, 'Recent');
  await openTab(app, 'Search');
  await expect(app.getByLabel('Search memories')).toHaveValue('pricebook');
  await openTab(app, 'Sessions');
  await expect(app.getByLabel('Filter sessions')).toHaveValue('zebrafish');
  await expect(list.getByRole('listitem')).toHaveCount(1);
});
