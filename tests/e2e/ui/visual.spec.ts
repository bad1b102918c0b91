/** What the eye trips over: legends inside their boxes, words whole, labels clear of focus rings. */
import type { Page } from '@playwright/test';
import { expect, openTab, test } from './fixtures';

/** Words (runs of non-space) of every inline code in running text that are split across lines. */
function splitWords(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    for (const code of Array.from(document.querySelectorAll('p code'))) {
      const text = code.firstChild;
      if (!(text instanceof Text)) continue;
      for (const m of text.data.matchAll(/\S+/g)) {
        const r = document.createRange();
        r.setStart(text, m.index);
        r.setEnd(text, m.index + m[0].length);
        const tops = new Set(Array.from(r.getClientRects()).map((x) => Math.round(x.top)));
        if (tops.size > 1) out.push(m[0]);
      }
    }
    return out;
  });
}

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
  const overlap = await input.evaluate((el) => {
    const label = el.closest('label')!;
    const r = document.createRange();
    r.selectNodeContents(label);
    // The label's own words only (the input's box is not text).
    const words = Array.from(r.getClientRects()).filter((x) => x.height > 0 && x.height < 30);
    const ring = el.getBoundingClientRect();
    const pad = 4; // outline 2 px + offset 2 px
    return words.some(
      (w) =>
        w.right > ring.left - pad &&
        w.left < ring.right + pad &&
        w.bottom > ring.top - pad &&
        w.top < ring.bottom + pad &&
        w.width < ring.width,
    );
  });
  expect(overlap).toBe(false);
});
