/** Rules-mode summaries: each field holds what its name says, or is left out. */
import { expect, it } from 'vitest';
import { rulesSummary, type SessionMaterial } from '../../electron/core/compress/summary.js';

const obs = (
  o: Partial<SessionMaterial['observations'][number]>,
): SessionMaterial['observations'][number] => ({
  type: null,
  title: null,
  facts: [],
  filesRead: [],
  filesModified: [],
  failed: false,
  ...o,
});

const material = (
  observations: SessionMaterial['observations'],
  remembered: string[] = [],
): SessionMaterial => ({
  sessionId: 1,
  claudeSessionId: 's',
  prompts: ['fix the login test'],
  observations,
  todos: [],
  compaction: null,
  remembered,
  lastUser: null,
  lastAssistant: null,
});

it('"Learned" holds no commands: only what was remembered and what failures and tests reported', () => {
  const s = rulesSummary(
    material(
      [
        obs({
          type: 'test',
          title: 'Ran `npm test -- login`',
          facts: ['exit 1', 'error: expected 200, got 401'],
        }),
        obs({ failed: true, title: 'Ran `cat missing.txt`', facts: ['exit 1'] }),
        obs({ type: 'change', title: 'Edited login.ts' }),
      ],
      ['Decision: tokens expire after 15 minutes'],
    ),
  );
  expect(s.learned).toBe('Decision: tokens expire after 15 minutes; error: expected 200, got 401.');
  expect(s.learned).not.toMatch(/Ran `/);
});

it('"Learned" is left out when nothing was learned', () => {
  const s = rulesSummary(material([obs({ failed: true, title: 'Ran `ls nope`', facts: ['exit 2'] })]));
  expect(s.learned).toBeNull();
});
