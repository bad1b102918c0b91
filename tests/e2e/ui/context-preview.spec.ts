/** "What Claude will see": the preview is exactly `GET /api/context/inject`, settings editable. */
import { contextPreviewSchema } from '../../../electron/shared/contract/context';
import { expect, openTab, test } from './fixtures';

async function injected(base: string, token: string, project: string): Promise<string> {
  const r = await fetch(`${base}/api/context/inject?project=${encodeURIComponent(project)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(r.status).toBe(200);
  return r.text();
}

test('the preview equals what SessionStart injects; a smaller budget shrinks it as typed, before saving', async ({
  app,
  svc,
}) => {
  const s = svc.current;
  await openTab(app, 'Context');
  // The project list arrives after the tab opens: wait for a project to be chosen, then read it.
  await expect(app.getByLabel('Project')).not.toHaveValue('');
  const project = await app.getByLabel('Project').inputValue();
  const pre = app.getByLabel('Injected context');
  await expect(pre).toContainText('<memtray-context>');
  const want = await injected(s.base, s.token, project);
  expect(await pre.textContent()).toBe(want);

  const api = contextPreviewSchema.parse(
    (await s.api('GET', `/api/context/preview?project=${project}`)).json,
  );
  expect(api.text).toBe(want);
  await expect(app.getByLabel('Token count')).toContainText(
    `${api.tokens.toLocaleString('en-US')} of 1,500 tokens`,
  );

  // Before saving, the preview follows the form; SessionStart still gets the saved settings.
  await app.getByLabel('Token budget').fill('300');
  await app.getByLabel('Session summaries').fill('0');
  await expect(app.getByLabel('Token count')).toContainText('of 300 tokens');
  await expect(app.getByLabel('Token count')).toContainText('not saved yet');
  const draft = contextPreviewSchema.parse(
    (await s.api('GET', `/api/context/preview?project=${project}&tokenBudget=300&maxSummaries=0`)).json,
  );
  await expect(pre).toHaveText(draft.text);
  expect(draft.text.length).toBeLessThan(want.length);
  expect(await injected(s.base, s.token, project)).toBe(want);

  await app.getByRole('button', { name: 'Save context settings' }).click();
  await expect(app.getByLabel('Token count')).not.toContainText('not saved yet');
  await expect(app.getByLabel('Token count')).toContainText('of 300 tokens');
  const small = await injected(s.base, s.token, project);
  expect(small).toBe(draft.text);
  expect(small.length).toBeLessThan(want.length);
  await expect(pre).toHaveText(small);
  const after = contextPreviewSchema.parse(
    (await s.api('GET', `/api/context/preview?project=${project}`)).json,
  );
  expect(after.tokens).toBeLessThanOrEqual(300);
  expect(after.settings).toEqual({ tokenBudget: 300, maxSummaries: 0 });
});

test('a bad project name is refused with 400', async ({ svc }) => {
  const r = await svc.current.api('GET', '/api/context/preview?project=');
  expect(r.status).toBe(400);
});
