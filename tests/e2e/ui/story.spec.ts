/** A session reads as a story — prompts with their tool calls and times, edits as diffs. */
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

test('a long turn reads as runs of like steps under its prompt, its outcome in view; the episode says each thing once', async ({
  app,
  svc,
}) => {
  const s = svc.current;
  const sid = `e2e-runs-${Date.now()}`;
  const cwd = '/work/e2e-runs';
  const base = { session_id: sid, transcript_path: '/tmp/none.jsonl', cwd };
  let n = 0;
  const post = async (event: string, body: Record<string, unknown>) =>
    expect(
      (await s.api('POST', `/api/hooks/${event}`, { ...base, hook_event_name: event, ...body })).status,
    ).toBe(200);
  const tool = (event: string, name: string, input: Record<string, unknown>, rest: Record<string, unknown>) =>
    post(event, { tool_name: name, tool_use_id: `toolu_${sid}_${++n}`, tool_input: input, ...rest });
  await post('UserPromptSubmit', { prompt: 'Runs check: make the live view reconnect' });
  for (let i = 0; i < 8; i++)
    await tool(
      'PostToolUseFailure',
      'Read',
      { file_path: `${cwd}/lib/missing_${i}.ex` },
      { error: 'File does not exist.' },
    );
  const file = `${cwd}/lib/session_live.ex`;
  for (let i = 0; i < 7; i++)
    await tool(
      'PostToolUse',
      'Edit',
      { file_path: file, old_string: `retry(${i})`, new_string: `retry(${i + 1})` },
      { tool_response: { filePath: file } },
    );
  await tool(
    'PostToolUse',
    'Bash',
    { command: 'mix test' },
    { tool_response: { stdout: '12 tests, 0 failures', stderr: '' } },
  );
  await post('Stop', { last_assistant_message: 'The live view now reconnects after a restart.' });

  await openTab(app, 'Sessions');
  await app.getByRole('button', { name: /Runs check: make the live view reconnect/ }).click();
  const story = app.getByRole('list', { name: 'Story' });
  const turn = story.getByRole('listitem').filter({ hasText: 'Runs check' }).first();
  // The turn's outcome (its episode, written after Stop) is readable without opening anything.
  const outcome = turn.locator('.outcome');
  await expect(outcome).toContainText('session_live.ex');
  await expect(outcome).toContainText('reconnects after a restart');
  await expect(turn.getByText('8 reads failed')).toBeVisible();
  await expect(turn.getByText('7 edits to session_live.ex')).toBeVisible();
  await expect(turn.locator(':scope > .observations > li')).toHaveCount(3);
  await turn.getByText('8 reads failed').click();
  await expect(turn.locator('.run').first().locator('.observations li')).toHaveCount(8);

  await outcome.getByRole('button').click();
  const view = app.getByRole('region', { name: 'Observation' });
  await expect(view.getByRole('heading', { level: 2 })).toContainText('Runs check');
  await expect(view).not.toContainText('memtray:episode');
  await expect(view).toContainText('turn summary');
  const text = (await view.locator('article').innerText()).split('\n');
  const said = text.filter((l) => /reconnects after a restart/.test(l));
  expect(said, 'the final words once').toHaveLength(1);
  expect(
    text.filter((l) => /Runs check: make the live view/.test(l)),
    'the prompt once',
  ).toHaveLength(1);
});
