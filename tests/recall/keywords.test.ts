/**
 * A query typed as keywords ("make test", "npm test") is a command, not a question: its verbs and
 * frame words are what is looked for, while the same words in a question ("what did we make?",
 * "which tests failed?") stay its frame. A real service over a real SQLite file.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readQuestion } from '../../electron/core/recall/intent.js';
import { parseQuery } from '../../electron/core/recall/query.js';
import { startTestService, type TestService } from '../helpers/service.js';
import { DAY, insertObservation } from './seed.js';

const read = (q: string): { required: string[]; optional: string[] } => {
  const { raw, tokens } = parseQuery(q);
  const { required, optional } = readQuestion(raw, tokens);
  return { required, optional };
};

describe('a query typed as keywords', () => {
  it('keeps its verbs and frame words; a question keeps them as its frame', () => {
    expect(read('make test').required).toEqual(['make', 'test']);
    expect(read('make').required).toEqual(['make']);
    expect(read('cargo test').required).toEqual(['cargo', 'test']);
    expect(read('use strict').required).toEqual(['use', 'strict']);
    expect(read('what did we make?').required).toEqual([]);
    expect(read('which tests failed in the parser').required).toEqual(['parser']);
    expect(read('how do I make the docs').required).toEqual(['docs']);
    // A Chinese question is a question too: its frame word stays optional.
    expect(read('怎么运行测试')).toEqual({ required: ['测试'], optional: ['运行'] });
    expect(read('运行测试').required).toEqual(['运行', '测试']);
  });

  describe('search', () => {
    let t: TestService;
    beforeAll(async () => {
      t = await startTestService();
      const sqlite = t.service.core.sqlite;
      const now = Date.now();
      insertObservation(sqlite, {
        project: 'rotor',
        title: 'Tests still pass',
        facts: ['command: make test', 'output: 15 checks, 0 failed'],
        type: 'test',
        toolName: 'Bash',
        toolInput: { command: 'make test', description: 'Tests still pass' },
        at: now - 9 * DAY,
      });
      // Newer memories that say "test" far more often, none of them a make run.
      for (let i = 0; i < 8; i++)
        insertObservation(sqlite, {
          project: 'rotor',
          title: `Test run ${i}: the unit test suite and the test fixtures`,
          facts: ['command: npm test', `output: test ${i} ok, test fixtures loaded, tests 7`],
          type: 'test',
          toolName: 'Bash',
          toolInput: { command: 'npm test', description: `Test run ${i}` },
          at: now - DAY - i,
        });
    });
    afterAll(async () => t.dispose());

    it('"make test" finds the make run first', async () => {
      const r = await t.api('GET', `/api/search?q=${encodeURIComponent('make test')}&limit=5`);
      expect((r.json as { items: Array<{ title: string }> }).items[0]?.title).toBe('Tests still pass');
    });
  });
});
