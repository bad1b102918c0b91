/**
 * "What was the last commit?" asks for the newest commit, not the commit whose memory says `last`
 * or `commit` most often; "the last line of the output" names a place, not a time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asksNewest, withoutNewest } from '../../electron/core/recall/newest.js';
import { startTestService, type TestService } from '../helpers/service.js';
import { insertObservation } from './seed.js';

describe('asksNewest', () => {
  it('reads "the last …", "latest …", "when did we last …", in English and Chinese', () => {
    for (const q of [
      'what was the last commit?',
      'show me our latest release',
      'latest error',
      'when did we last run the tests?',
      'what was the last thing we did in the parser session?',
      '最后一次提交是什么',
    ])
      expect(asksNewest(q), q).toBe(true);
    for (const q of [
      'what did the last line of the output say?',
      'which column records when a URL was last checked?',
      'what order do the copies go in, newest first?',
      'what did we do last time?',
      'which files did we change last?',
    ])
      expect(asksNewest(q), q).toBe(false);
    expect(withoutNewest('when did we last run the tests?')).toBe('when did we  run the tests?');
    expect(withoutNewest('what was the last commit?')).toBe('what was  commit?');
  });
});

describe('a question about the newest of something', () => {
  let t: TestService;
  const now = Date.UTC(2026, 10, 20, 12);
  const day = 86_400_000;

  beforeAll(async () => {
    t = await startTestService({ clock: () => now });
    const sqlite = t.service.core.sqlite;
    // The older commit says `commit` and `last` more often than the newest one does.
    const old = {
      project: 'shelf',
      title: 'Commit the last parser fix',
      type: 'change',
      toolName: 'Bash',
      toolInput: { command: 'git commit -m "parser: the last fix"' },
      narrative: 'git commit -m "parser: the last fix" — committed the last parser fix',
      at: now - 20 * day,
    };
    insertObservation(sqlite, old);
    insertObservation(sqlite, {
      ...old,
      title: 'Commit the lexer',
      toolInput: { command: 'git commit -m lexer' },
      narrative: 'git commit',
      at: now - 9 * day,
    });
    insertObservation(sqlite, {
      ...old,
      title: 'Tag 0.3.0',
      toolInput: { command: 'git commit -qm 0.3.0 && git tag v0.3.0' },
      narrative: 'git commit and tag v0.3.0',
      at: now - 2 * day,
    });
    insertObservation(sqlite, {
      ...old,
      title: 'Edited README.md',
      toolName: 'Edit',
      toolInput: { file_path: 'README.md' },
      narrative: 'the last section',
      at: now - day,
    });
  });
  afterAll(async () => t.dispose());

  const titles = async (q: string, extra = ''): Promise<string[]> => {
    const r = await t.api('GET', `/api/search?q=${encodeURIComponent(q)}&limit=5${extra}`);
    expect(r.status).toBe(200);
    return (r.json as { items: Array<{ title: string }> }).items.map((i) => i.title);
  };

  it('puts the newest of what the rest of the question finds first', async () => {
    const found = await titles('what was the last commit?');
    expect(found.slice(0, 3)).toEqual(['Tag 0.3.0', 'Commit the lexer', 'Commit the last parser fix']);
    expect(found).not.toContain('Edited README.md');
    expect((await titles('最后一次 commit'))[0]).toBe('Tag 0.3.0');
  });

  it('puts a memory that names the thing in its title or command before one whose output mentions it', async () => {
    const sqlite = t.service.core.sqlite;
    const at = now - 3 * 3600_000;
    insertObservation(sqlite, {
      project: 'kiosk',
      title: 'Commit the receipt printer',
      type: 'change',
      toolName: 'Bash',
      toolInput: { command: 'git commit -qm "receipt printer"' },
      narrative: '[main 1a2b3c4] receipt printer',
      at,
    });
    // A minute later, a status check whose output says `commit` three times.
    insertObservation(sqlite, {
      project: 'kiosk',
      title: 'Ran: git status',
      type: 'change',
      toolName: 'Bash',
      toolInput: { command: 'git status' },
      narrative: 'nothing to commit; changes not staged for commit; no changes added to commit',
      at: at + 60_000,
    });
    const found = await titles('what was the last commit?', '&project=kiosk');
    expect(found.slice(0, 2)).toEqual(['Commit the receipt printer', 'Ran: git status']);
  });

  it("asked from a project, puts that project's newest first, not another's newer one", async () => {
    const sqlite = t.service.core.sqlite;
    insertObservation(sqlite, {
      project: 'crate',
      title: 'Commit the crate',
      toolName: 'Bash',
      toolInput: { command: 'git commit' },
      narrative: 'git commit',
      at: now - 3600_000,
    });
    expect((await titles('what was the last commit?'))[0]).toBe('Commit the crate');
    expect((await titles('what was the last commit?', '&prefer=shelf'))[0]).toBe('Tag 0.3.0');
  });
});
