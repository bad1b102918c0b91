/** What the eye trips over: legends inside their boxes, words whole, labels clear of focus rings. */
import type { Page } from '@playwright/test';
import { expect, openTab, test } from './fixtures';

/**
 * Words (runs of non-space) of every inline code in running text that are split across lines. A
 * script (not a function) because the node tsconfig has no DOM types.
 */
const SPLIT_WORDS = `(() => {
  const out = [];
  for (const code of document.querySelectorAll('p code')) {
    const text = code.firstChild;
    if (!(text instanceof Text)) continue;
    for (const m of text.data.matchAll(/\\S+/g)) {
      const r = document.createRange();
      r.setStart(text, m.index);
      r.setEnd(text, m.index + m[0].length);
      const tops = new Set(Array.from(r.getClientRects()).map((x) => Math.round(x.top)));
      if (tops.size > 1) out.push(m[0]);
    }
  }
  return out;
})()`;

const splitWords = (page: Page): Promise<string[]> => page.evaluate(SPLIT_WORDS) as Promise<string[]>;

/** Whether a word of the focused input's label lies within the input's focus ring (2 px + 2 px). */
const LABEL_UNDER_RING = `(() => {
  const el = document.activeElement;
  const r = document.createRange();
  r.selectNodeContents(el.closest('label'));
  const words = Array.from(r.getClientRects()).filter((x) => x.height > 0 && x.height < 30);
  const ring = el.getBoundingClientRect();
  const pad = 4;
  return words.some(
    (w) =>
      w.right > ring.left - pad &&
      w.left < ring.right + pad &&
      w.bottom > ring.top - pad &&
      w.top < ring.bottom + pad &&
      w.width < ring.width,
  );
})()`;

test('Privacy: the long legend sits inside its box; <private> and other code never break inside a word', async ({
  app,
}) => {
  await openTab(app, 'Privacy');
  const box = app.getByRole('group', { name: /Custom redaction patterns/ });
  await expect(box).toBeVisible();
  for (const width of [320, 360, 380, 400, 420]) {
    await app.setViewportSize({ width, height: 620 });
    const f = (await box.boundingBox())!;
    const legend = (await box.locator('legend').boundingBox())!;
    expect(legend.y, `legend inside its box at ${width} px`).toBeGreaterThanOrEqual(f.y);
  }
  // Every width from 300 to 440 px puts some word at a line's end: none of them is cut.
  for (let width = 300; width <= 440; width += 4) {
    await app.setViewportSize({ width, height: 620 });
    expect(await splitWords(app), `words cut at ${width} px`).toEqual([]);
  }
});

test('Context: the Token budget label stays clear of its focused input’s ring', async ({ app }) => {
  await openTab(app, 'Context');
  const input = app.getByLabel('Token budget');
  await input.focus();
  const overlap = await app.evaluate(LABEL_UNDER_RING);
  expect(overlap).toBe(false);
});

test('an event with no working directory leaves no stray "unknown" project', async ({ app, svc }) => {
  const sid = `e2e-nocwd-${Date.now()}`;
  const post = async (event: string, body: Record<string, unknown>) =>
    expect(
      (
        await svc.current.api('POST', `/api/hooks/${event}`, {
          session_id: sid,
          transcript_path: '/tmp/none.jsonl',
          hook_event_name: event,
          ...body,
        })
      ).status,
    ).toBe(200);
  await post('SessionStart', { source: 'startup' });
  await post('UserPromptSubmit', { cwd: '/work/e2e-nocwd', prompt: 'No folder at first' });
  await openTab(app, 'Projects');
  await expect(app.getByText('e2e-nocwd', { exact: true }).first()).toBeVisible();
  await expect(app.getByText('unknown', { exact: true })).toHaveCount(0);
});

test('a session’s long file paths wrap inside the popup instead of running past its edge', async ({
  app,
  svc,
}) => {
  const sid = `e2e-longpath-${Date.now()}`;
  const cwd = '/work/e2e-longpath';
  const file = `${cwd}/services/billing/internal/reconciliation/adapters/ledger_import_reconciliation_worker_test.go`;
  const post = async (event: string, body: Record<string, unknown>) =>
    expect(
      (
        await svc.current.api('POST', `/api/hooks/${event}`, {
          session_id: sid,
          transcript_path: '/tmp/none.jsonl',
          cwd,
          hook_event_name: event,
          ...body,
        })
      ).status,
    ).toBe(200);
  await post('UserPromptSubmit', { prompt: 'Long path check: touch the reconciliation worker test' });
  await post('PostToolUse', {
    tool_name: 'Edit',
    tool_use_id: `toolu_${sid}`,
    tool_input: { file_path: file, old_string: 'a', new_string: 'b' },
    tool_response: { filePath: file },
  });
  await app.setViewportSize({ width: 420, height: 620 });
  await openTab(app, 'Sessions');
  await app.getByRole('button', { name: /Long path check/ }).click();
  const files = app.locator('ul.files').first();
  await expect(files).toContainText('ledger_import_reconciliation_worker_test.go');
  const overflow = await files.evaluate((el) => el.scrollWidth - el.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
