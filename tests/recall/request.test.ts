/**
 * "Show me the last error": the request that opens a question says how to answer, not what to
 * find. `show` was a word looked for (and read as asking what something printed), so a run whose
 * description said "show" came before the newest error.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withoutRequest } from '../../electron/core/recall/intent.js';
import { searchPage } from '../../electron/shared/contract/search.js';
import { startTestService, type TestService } from '../helpers/service.js';
import { insertObservation } from './seed.js';

describe('withoutRequest', () => {
  it('takes off the request that opens a question', () => {
    expect(withoutRequest('show me the last error')).toBe('the last error');
    expect(withoutRequest('Can you list the files we changed?')).toBe('the files we changed?');
    expect(withoutRequest('please give me the command to run the benchmark')).toBe(
      'the command to run the benchmark',
    );
    expect(withoutRequest('find the config parser')).toBe('the config parser');
  });

  it('leaves it inside a question, or alone', () => {
    for (const q of ['what did the test show?', 'git show HEAD', 'show', 'how did we find the leak?'])
      expect(withoutRequest(q)).toBe(q);
  });
});

describe('"show me the last error"', () => {
  let t: TestService;
  const now = Date.UTC(2026, 10, 20, 12);

  beforeAll(async () => {
    t = await startTestService({ clock: () => now });
    const sqlite = t.service.core.sqlite;
    insertObservation(sqlite, {
      project: 'brine',
      title: 'Command failed: Run the tests, show errors',
      type: 'failure',
      narrative: 'error: assertion failed in test_salt',
      at: now - 5 * 3600_000,
    });
    insertObservation(sqlite, {
      project: 'brine',
      title: 'Command failed: Start the server',
      type: 'failure',
      narrative: 'error: address already in use',
      at: now - 3600_000,
    });
  });
  afterAll(async () => t.dispose());

  it('is the newest error', async () => {
    const r = await t.api('GET', `/api/search?q=${encodeURIComponent('show me the last error')}`);
    expect(searchPage.parse(r.json).items[0]?.title).toBe('Command failed: Start the server');
  });
});
