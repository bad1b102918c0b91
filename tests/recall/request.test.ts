/**
 * "Show me the last error": the request that opens a question says how to answer, not what to
 * find. `show` was a word looked for (and read as asking what something printed), so a run whose
 * description said "show" came before the newest error.
 */
import { describe, expect, it } from 'vitest';
import { withoutRequest } from '../../electron/core/recall/intent.js';
import { NOW, pinnedService } from './pinned.js';
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
  const s = pinnedService((sqlite) => {
    insertObservation(sqlite, {
      project: 'brine',
      title: 'Command failed: Run the tests, show errors',
      type: 'failure',
      narrative: 'error: assertion failed in test_salt',
      at: NOW - 5 * 3600_000,
    });
    insertObservation(sqlite, {
      project: 'brine',
      title: 'Command failed: Start the server',
      type: 'failure',
      narrative: 'error: address already in use',
      at: NOW - 3600_000,
    });
  });

  it('is the newest error', async () => {
    expect((await s.ask('show me the last error')).items[0]?.title).toBe('Command failed: Start the server');
  });
});
