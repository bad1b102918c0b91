/** Provider health describes the provider in force: a failure of the previous one is not carried over. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MessagesApiServer } from '../../helpers/messages-api/server';
import { expect, test } from './fixtures';

test('a failed provider is not "failing" once another provider is in force', async ({ page, ownServe }) => {
  const fake = new MessagesApiServer();
  await fake.start();
  const cwd = mkdtempSync(join(tmpdir(), 'memtray-provider-'));
  try {
    const s = await ownServe();
    const put = await s.api('PUT', '/api/settings', {
      provider: { kind: 'anthropic', baseUrl: fake.url, maxAttempts: 1 },
      apiKey: 'sk-ant-e2e-provider-0000',
    });
    expect(put.status).toBe(200);
    const refusal = {
      kind: 'status' as const,
      status: 400,
      body: { type: 'error', error: { type: 'invalid_request_error', message: 'bad request' } },
    };
    fake.next(refusal, refusal, refusal);
    const common = { session_id: 'prov-1', transcript_path: '/tmp/none.jsonl', cwd };
    await s.api('POST', '/api/hooks/UserPromptSubmit', { ...common, prompt: 'list the files' });
    await s.api('POST', '/api/hooks/PostToolUse', {
      ...common,
      tool_name: 'Bash',
      tool_use_id: 'toolu_prov_1',
      tool_input: { command: 'ls -la' },
      tool_response: { stdout: 'a\nb', stderr: '', interrupted: false },
    });

    await page.goto(s.uiUrl);
    await page.getByRole('tab', { name: 'Health' }).click();
    const card = page.getByRole('region', { name: 'Compression provider' });
    await expect(card.getByText('failing', { exact: true })).toBeVisible({ timeout: 20_000 });

    // The user switches to the rules: the card speaks of them, not of the failed API.
    expect((await s.api('PUT', '/api/settings', { provider: { kind: 'rules' } })).status).toBe(200);
    await expect(card).toContainText('Rules');
    await expect(card.getByText('ok', { exact: true })).toBeVisible();
    await expect(card).not.toContainText('failing');
    await expect(card).not.toContainText('bad request');
  } finally {
    await fake.stop();
    rmSync(cwd, { recursive: true, force: true });
  }
});
