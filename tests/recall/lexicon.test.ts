import { describe, expect, it } from 'vitest';
import {
  alternativesOf,
  numbersAsDigits,
  stemsOf,
  withAlternatives,
} from '../../electron/core/recall/lexicon.js';
import { parseQuery, term } from '../../electron/core/recall/query.js';
import { startTestService } from '../helpers/service.js';
import { DAY, insertObservation } from './seed.js';

describe('lexicon: words a developer uses for the same thing', () => {
  it('widens a word into its group, once per inflection, and leaves other words alone', () => {
    expect(alternativesOf('wipe')).toEqual(expect.arrayContaining(['truncate', 'delete', 'purge']));
    expect(alternativesOf('wipe')).not.toContain('wiped');
    expect(alternativesOf('sign')).toContain('auth');
    expect(alternativesOf('structure')).toContain('layout');
    expect(alternativesOf('colour')).toEqual(['color']);
    expect(alternativesOf('pricebook')).toEqual([]);
    expect(term('wipe', false)).toBe(
      '("wipe" OR "delete" OR "remove" OR "drop" OR "dropped" OR "erase" OR "purge" OR "truncate")',
    );
    expect(term('pricebook')).toBe('"pricebook"*');
  });

  it('knows the common abbreviations: sample is example, cmd command, garbage gc', () => {
    expect(alternativesOf('sample')).toContain('example');
    expect(alternativesOf('cmd')).toContain('command');
    expect(alternativesOf('garbage')).toContain('gc');
    expect(alternativesOf('folder')).toContain('dir');
  });

  it('matches short alternatives in the index only, never inside other words in JS', () => {
    expect(alternativesOf('database')).toContain('db');
    expect(stemsOf('database')).not.toContain('db');
  });

  it('writes runs of number words as digits, and nothing else', () => {
    expect(numbersAsDigits('a limit of twenty requests')).toBe('a limit of twenty requests');
    expect(parseQuery('a limit of twenty requests').tokens).toContain('twenty');
    expect(term('twenty', false)).toBe('("twenty" OR "20")');
    expect(numbersAsDigits('two hundred fifty rows')).toBe('250 rows');
    expect(numbersAsDigits('the twenty-two tests')).toBe('the 22 tests');
    expect(numbersAsDigits('a thousand lines, one of them')).toBe('1000 lines, one of them');
    expect(numbersAsDigits('two three')).toBe('two three');
    // A scale word alone is its value, as code and output write it.
    expect(alternativesOf('million')).toEqual(['1000000', '1m']);
  });

  it('reads a two-word name as one word: the phrase or its other spelling, never a prefix', () => {
    expect(parseQuery('tests of the command-line options').tokens).toEqual([
      'tests',
      'of',
      'the',
      'commandline',
      'options',
    ]);
    expect(parseQuery('where are the release notes').tokens).toContain('releasenotes');
    // `pr` and `ci` as whole words only: neither may find `print` or `cipher`.
    expect(term('pullrequest')).toBe('("pullrequest"* OR "pull request" OR "pr")');
    expect(term('continuousintegration', false)).toContain('"ci")');
    // A snippet looks for the phrase's words, which code joins otherwise (`pull_request:`).
    expect(withAlternatives('pullrequest')).toEqual(['pullrequest', 'pull', 'request', 'pr']);
  });
});

describe("search bridges the question's words to the memory's", () => {
  it('finds "wipe" as truncate, "sign-in" as auth, "twenty" as 20 and "release notes" as changelog', async () => {
    const t = await startTestService();
    try {
      const now = Date.now();
      const titles = [
        'Reran the config checks',
        'Ran TRUNCATE on the staging events table',
        'Moved the auth middleware before the router',
        'Set the retry cap to 20 attempts',
        'Renamed the price helper',
        'Wrote the nginx config for staging',
        'Wrote the example nginx config',
        'Added a CHANGELOG entry for 0.3.0',
        'Added tests that run the cli in a subprocess',
        'Printed the traceback of the worker',
        'Benchmarked 1M checks over 10k keys',
      ];
      for (const [i, title] of titles.entries())
        insertObservation(t.service.core.sqlite, {
          project: 'shop',
          title,
          type: 'change',
          at: now - i * DAY,
        });
      const top = async (q: string): Promise<string | undefined> => {
        const r = await t.api('GET', `/api/search?q=${encodeURIComponent(q)}&limit=5`);
        return (r.json as { items: Array<{ title: string }> }).items[0]?.title;
      };
      expect(await top('how did we wipe the staging events')).toMatch(/TRUNCATE/);
      expect(await top('where does the sign-in middleware sit')).toMatch(/auth middleware/);
      expect(await top('which setting allows twenty attempts')).toMatch(/retry cap to 20/);
      expect(await top('the sample nginx config')).toMatch(/example nginx/);
      expect(await top('where are the release notes')).toMatch(/CHANGELOG/);
      expect(await top('tests that run the command line in a subprocess')).toMatch(/cli in a subprocess/);
      expect(await top('the stack trace of the worker')).toMatch(/traceback/);
      expect(await top('where did the million checks run')).toMatch(/1M checks/);
    } finally {
      await t.dispose();
    }
  });
});
