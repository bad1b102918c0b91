/**
 * Keywords are looked for as typed: "cargo test" finds the `cargo test` runs before newer memories
 * that hold `cargo` and `test` apart, and "gitignore" finds the file before newer test runs that
 * only hold an alternative (`0 ignored`). A real service over a real SQLite file.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { literalPhrase } from '../../electron/core/recall/literal.js';
import { startTestService, type TestService } from '../helpers/service.js';
import { DAY, insertObservation } from './seed.js';

describe('keywords looked for as typed', () => {
  it('reads the typed text as one phrase', () => {
    expect(literalPhrase('cargo test', ['cargo', 'test'])).toBe('"cargo test"');
    expect(literalPhrase(' say "hi" ', ['say', 'hi'])).toBe('"say ""hi"""');
    // One word: only when it has alternatives a hit may hold instead.
    expect(literalPhrase('gitignore', ['gitignore'])).toBe('"gitignore"');
    expect(literalPhrase('plimbo', ['plimbo'])).toBeNull();
    expect(literalPhrase('幂等', ['幂等'])).toBeNull();
    expect(literalPhrase('--', [])).toBeNull();
    expect(literalPhrase('', [])).toBeNull();
  });

  describe('search', () => {
    let t: TestService;
    const first = async (q: string): Promise<string | undefined> => {
      const r = await t.api('GET', `/api/search?q=${encodeURIComponent(q)}&limit=5`);
      return (r.json as { items: Array<{ title: string }> }).items[0]?.title;
    };

    beforeAll(async () => {
      t = await startTestService();
      const sqlite = t.service.core.sqlite;
      const now = Date.now();
      insertObservation(sqlite, {
        project: 'gate',
        title: 'Run the tests',
        facts: [
          'command: cargo test --offline 2>&1 | grep "test result"',
          'output: test result: ok. 6 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out',
          'output: running 6 tests in the limiter crate, the bucket module and the clock module',
        ],
        type: 'test',
        toolName: 'Bash',
        toolInput: { command: 'cargo test --offline', description: 'Run the tests' },
        at: now - 9 * DAY,
      });
      insertObservation(sqlite, {
        project: 'gate',
        title: 'Wrote .gitignore',
        facts: [
          'wrote: target/ and the bench output, which the release builds and the benchmark examples',
          'leave behind in the working tree after every run of the suite and of the examples',
        ],
        type: 'change',
        toolName: 'Write',
        at: now - 30 * DAY,
      });
      // Commits that name the file among others: "gitignore" is not a rare word here.
      for (let i = 0; i < 12; i++)
        insertObservation(sqlite, {
          project: 'gate',
          title: `Commit ${i}`,
          facts: [
            `command: git add -A && git commit -qm "release ${i}: limits, shards, docs, gitignore"`,
            `output: [main ${i}a0f] release ${i}: the limiter, the shard map, the docs and the readme`,
          ],
          type: 'command',
          toolName: 'Bash',
          at: now - 10 * DAY - i,
        });
      // The rest of the project's memories, so that bm25 weighs the rarer words as it would.
      for (let i = 0; i < 40; i++)
        insertObservation(sqlite, {
          project: 'gate',
          title: `Edited src/shard_${i}.rs`,
          facts: [`old: let n = ${i}; · new: let n = ${i + 1};`],
          type: 'change',
          toolName: 'Edit',
          at: now - 20 * DAY - i,
        });
      // Newer: each holds `cargo` and `test` apart, and an alternative of "gitignore".
      for (let i = 0; i < 3; i++)
        insertObservation(sqlite, {
          project: 'gate',
          title: `Format run ${i}`,
          facts: [
            'command: cargo fmt && git diff --stat',
            `output: tests/limits_${i}.rs | 2 +-, 0 ignored; doc tests: 0 ignored; examples: 0 ignored`,
          ],
          type: 'test',
          toolName: 'Bash',
          toolInput: { command: 'cargo fmt && git diff --stat', description: `Format run ${i}` },
          at: now - DAY - i,
        });
    });
    afterAll(async () => t.dispose());

    it('"cargo test" finds the cargo test run first', async () => {
      expect(await first('cargo test')).toBe('Run the tests');
    });

    it('"gitignore" finds the file, not a run that only says "ignored"', async () => {
      expect(await first('gitignore')).not.toMatch(/^Format run/);
    });
  });
});
