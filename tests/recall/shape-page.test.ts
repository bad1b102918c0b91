/**
 * One page, no passage twice: a passage an earlier result of the page shows (the same commit line
 * in four git commands' memories) is not shown again further down; the lower result shows what
 * follows it, or its own next best passage.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shapeSnippet } from '../../electron/core/recall/shape.js';
import { plain, textRow as row } from './shape-rows.js';
import { startTestService, type TestService } from '../helpers/service.js';
import { insertObservation } from './seed.js';

const COMMIT = 'commit hash 1ffe8c2: token bucket benchmarked and dropped.';
const FILLER = Array.from({ length: 8 }, (_, i) => `Unrelated line ${i} about formatting.`);

describe('passages shown once a page', () => {
  it('shows the passage after one an earlier result showed', () => {
    const seen = new Set<string>();
    const first = plain(shapeSnippet(null, row(COMMIT), ['bucket'], { seen }));
    expect(first).toContain('1ffe8c2');
    const text = [COMMIT, 'Deriving PartialEq on Decision fixed the compile error.', ...FILLER].join('\n');
    expect(plain(shapeSnippet(null, row(text), ['bucket']))).toContain('1ffe8c2');
    const second = plain(shapeSnippet(null, row(text), ['bucket'], { seen }));
    expect(second).not.toContain('1ffe8c2');
    expect(second).toContain('PartialEq');
  });

  it('shows its next best passage when what follows was shown too', () => {
    const seen = new Set<string>();
    const explained = `${COMMIT}\nThe benchmark favoured GCRA.`;
    plain(shapeSnippet(null, row(explained), ['bucket', 'benchmark'], { seen }));
    const text = [
      COMMIT,
      'The benchmark favoured GCRA.',
      ...FILLER,
      'The bucket test compared decisions with ==, which needed PartialEq.',
    ].join('\n');
    const second = plain(shapeSnippet(null, row(text), ['bucket', 'benchmark'], { seen }));
    expect(second).not.toContain('1ffe8c2');
    expect(second).toContain('needed PartialEq');
  });

  it('an intent fragment an earlier result showed gives way to the row’s other lines', () => {
    const seen = new Set<string>();
    const error = 'error: thread panicked at src/gcra.rs:165:9: assertion failed';
    const failed = { ...row('Claude: the boundary test fails.'), facts: [error] };
    expect(plain(shapeSnippet('failure', failed, ['boundary'], { seen }))).toContain('gcra.rs:165');
    const fixed = {
      ...row(`${error}\nClaude: the boundary test fails; it should be a strict comparison.`),
      facts: [error],
    };
    const second = plain(shapeSnippet('failure', fixed, ['boundary'], { seen }));
    expect(second).not.toContain('gcra.rs:165');
    expect(second).toContain('strict comparison');
  });
});

describe('a cut lead', () => {
  it('is compared as it is shown: the same cut error line is not shown twice', () => {
    const seen = new Set<string>();
    const error = `error: thread panicked at src/gcra.rs:165:9: assertion failed: ${'a long assertion message '.repeat(8)}`;
    const failed = { ...row('Claude: the boundary test fails.'), facts: [error] };
    expect(plain(shapeSnippet('failure', failed, ['boundary'], { seen }))).toContain('gcra.rs:165');
    const again = { ...row('Claude: the boundary test fails at the cap.'), facts: [error] };
    expect(plain(shapeSnippet('failure', again, ['boundary'], { seen }))).not.toContain('gcra.rs:165');
  });
});

describe('a page of search results', () => {
  let t: TestService;

  beforeAll(async () => {
    t = await startTestService();
    const at = Date.now() - 60_000;
    ['Show history', 'Commit 0.2.0', 'Commit'].forEach((title, i) =>
      insertObservation(t.service.core.sqlite, {
        project: 'turnstile',
        type: 'command',
        title,
        narrative: [COMMIT, `output: release ${i} of the limiter, bucket gone`, ...FILLER].join('\n'),
        at: at + i,
      }),
    );
  });
  afterAll(async () => t.dispose());

  it('shows a passage in one result of the page only', async () => {
    const r = await t.api('GET', `/api/search?q=${encodeURIComponent('token bucket dropped')}&limit=5`);
    const items = (JSON.parse(r.text) as { items: Array<{ snippet: string }> }).items;
    expect(items).toHaveLength(3);
    const withCommit = items.filter((i) => plain(i.snippet).includes('1ffe8c2'));
    expect(withCommit).toHaveLength(1);
    for (const i of items) expect(plain(i.snippet)).toMatch(/release \d of the limiter/);
  });
});
