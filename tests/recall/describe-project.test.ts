/**
 * "What is quern?" asks what the project is: its first ask says so ("new project: quern, a
 * job queue…"). Every later ask and command that names it ("commit quern") matched as well and,
 * shorter, ranked first.
 */
import { describe, expect, it } from 'vitest';
import { readQuestion } from '../../electron/core/recall/intent.js';
import { parseQuery } from '../../electron/core/recall/query.js';
import { NOW, pinnedService } from './pinned.js';
import { DAY, insertObservation, insertPrompt } from './seed.js';

const FOUNDING =
  'new project: quern, a job queue on sqlite for our cron boxes. stdlib only, tests with pytest';

const describes = (q: string): boolean => {
  const { tokens, raw } = parseQuery(q, () => false);
  return readQuestion(raw, tokens, new Set(['quern'])).describes === true;
};

describe('a question about what a named project is', () => {
  it('is read when the project is all it names', () => {
    for (const q of [
      'what is quern?',
      "what's quern for?",
      'what does quern do?',
      'tell me about quern',
      'quern 是干什么的？',
      'quern 是什么',
    ])
      expect(describes(q), q).toBe(true);
  });

  it('not when it asks something else of it', () => {
    for (const q of ['what is the quern retry limit?', 'why is quern slow?', 'how do I run quern?', 'quern'])
      expect(describes(q), q).toBe(false);
  });
});

describe('"what is quern?"', () => {
  const s = pinnedService((sqlite) => {
    const first = insertObservation(sqlite, {
      project: 'quern',
      title: 'Created quern/queue.py',
      type: 'change',
      at: NOW - 3 * DAY,
    });
    insertPrompt(sqlite, first.sessionId, FOUNDING, NOW - 3 * DAY - 60_000);
    const later = insertObservation(sqlite, {
      project: 'quern',
      title: 'Ran: git commit -m "quern 0.2"',
      type: 'command',
      at: NOW - DAY,
    });
    insertPrompt(sqlite, later.sessionId, 'commit quern', NOW - DAY - 60_000);
    insertPrompt(sqlite, later.sessionId, 'bump quern to 0.2', NOW - DAY - 120_000, 2);
  });

  it('is answered by its first ask', async () => {
    for (const q of ['what is quern?', 'what does quern do?', 'quern 是干什么的？'])
      expect((await s.ask(q)).items[0]?.title, q).toMatch(/^new project: quern, a job queue/);
  });
});
