/**
 * A question's frame words ("rejected", "refused", "why") never have to match, but the passage of
 * a memory that says them is the one that answers: the snippet shows it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../helpers/service.js';
import { insertObservation } from './seed.js';

describe('frame words in snippets', () => {
  let t: TestService;

  beforeAll(async () => {
    t = await startTestService();
    insertObservation(t.service.core.sqlite, {
      project: 'plover',
      type: 'bugfix',
      title: 'Fixed: plover: error: the following arguments are required: paths',
      narrative: [
        'Error: plover: error: the following arguments are required: paths',
        'Command: plover --purge-cache',
        'Claude: The purge of the cache runs before anything else and empties the cache table of the checker.',
        'The cache file of the checker stays where it was, only its rows go.',
        'Only the checker itself reads the cache; the purge never touches the docs it checks.',
        'A purge of the cache costs the checker a cold run only once, then the cache is warm again.',
        'The checker only keeps cache rows for links it has seen, so a purge shrinks the cache file.',
        'argparse still wants one path at least (nargs="+"), so the purge option on its own is rejected.',
        'Making paths optional and checking for them myself once the purge of the cache has returned.',
      ].join('\n'),
      at: Date.now(),
    });
  });
  afterAll(async () => t.dispose());

  it('shows the sentence that holds the frame word among those that hold the question words', async () => {
    const q = 'Running the checker with only the purge cache option was rejected at first. Why?';
    const r = await t.api('GET', `/api/search?q=${encodeURIComponent(q)}&limit=5`);
    const items = (JSON.parse(r.text) as { items: Array<{ snippet: string }> }).items;
    expect(items[0]!.snippet.replace(/<\/?mark>/g, '')).toContain('nargs="+"');
  });
});
