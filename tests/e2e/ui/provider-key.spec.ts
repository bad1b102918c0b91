/** "Test key" sends one cheap request through the service; a rejected key shows where the key is. */
import { MessagesApiServer } from '../../helpers/messages-api/server';
import { expect, openTab, test } from './fixtures';

test('Test key: a 401 shows "key rejected" beside the key; a good answer "key works"', async ({
  app,
  svc,
}) => {
  const fake = new MessagesApiServer();
  await fake.start();
  try {
    const s = svc.current;
    expect((await s.api('PUT', '/api/settings', { provider: { baseUrl: fake.url } })).status).toBe(200);
    await openTab(app, 'Provider');
    await app.getByLabel('API key').fill('sk-ant-e2e-revoked-0000');
    await app.getByRole('button', { name: 'Save key' }).click();
    await expect(app.getByText('key set', { exact: true })).toBeVisible();

    fake.next({
      kind: 'status',
      status: 401,
      body: { type: 'error', error: { type: 'authentication_error', message: 'invalid x-api-key' } },
    });
    await app.getByRole('button', { name: 'Test key' }).click();
    await expect(app.getByText('key rejected', { exact: true })).toBeVisible();
    await expect(app.getByRole('alert')).toContainText('wrong, revoked or expired');
    expect(fake.requests).toHaveLength(1);

    await app.getByRole('button', { name: 'Test key' }).click();
    await expect(app.getByText('key works', { exact: true })).toBeVisible();
    await expect(app.getByRole('alert')).toHaveCount(0);
    expect(fake.requests).toHaveLength(2);
    await app.getByRole('button', { name: 'Remove the stored key' }).click();
    await expect(app.getByText('no key', { exact: true })).toBeVisible();
  } finally {
    await fake.stop();
  }
});
