/** Issue 14: a session reads as a story — prompts with their tool calls and times, edits as diffs. */
import { expect, openTab, test } from './fixtures';

test('a live session: the prompt, then its Edit shown as a diff with an editor link', async ({
  app,
  svc,
}) => {
  const s = svc.current;
  const sid = `e2e-story-${Date.now()}`;
  const base = { session_id: sid, transcript_path: '/tmp/none.jsonl', cwd: '/work/e2e-story' };
  const post = async (event: string, body: Record<string, unknown>) =>
    expect(
      (await s.api('POST', `/api/hooks/${event}`, { ...base, hook_event_name: event, ...body })).status,
    ).toBe(200);
  await post('UserPromptSubmit', { prompt: 'Story check: bump the retry count' });
  await post('PostToolUse', {
    tool_name: 'Edit',
    tool_use_id: `toolu_${sid}`,
    tool_input: {
      file_path: '/work/e2e-story/src/retry.ts',
      old_string: 'export const RETRIES = 3;\nexport const DELAY = 100;',
      new_string: 'export const RETRIES = 5;\nexport const DELAY = 100;',
    },
    tool_response: { filePath: '/work/e2e-story/src/retry.ts' },
  });
  await openTab(app, 'Sessions');
  await app.getByRole('button', { name: /Story check: bump the retry count/ }).click();
  const story = app.getByRole('list', { name: 'Story' });
  await expect(story).toContainText('Story check: bump the retry count');
  const item = story.getByRole('listitem').filter({ hasText: 'Story check' }).getByRole('button');
  await expect(item).toHaveCount(1);
  await expect(story.locator('time').first()).toHaveText(/\d\d:\d\d/);
  await item.click();
  const diff = app.getByLabel('Diff 1 of /work/e2e-story/src/retry.ts');
  await expect(diff.locator('.diff-del')).toHaveText('- export const RETRIES = 3;');
  await expect(diff.locator('.diff-add')).toHaveText('+ export const RETRIES = 5;');
  await expect(diff.locator('.diff-same')).toHaveText('  export const DELAY = 100;');
  const link = app.getByRole('link', { name: '/work/e2e-story/src/retry.ts' }).first();
  await expect(link).toHaveAttribute('href', 'vscode://file/work/e2e-story/src/retry.ts');
});
