/**
 * A question that names its project ("how do I run the pricebook tests?"): within that project the
 * name says where to look, not what to find. Every memory that mentions `pricebook` (the commit,
 * the README, package.json) matched the question as well as the test run that answers it, which
 * never says the name. The real pricebook fixture, imported through the real service.
 */
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readQuestion } from '../../electron/core/recall/intent.js';
import { namedProject, namesProject } from '../../electron/core/recall/named-project.js';
import { parseQuery } from '../../electron/core/recall/query.js';
import type { WordRows } from '../../electron/core/recall/word-sessions.js';
import { cliSearchOutput } from '../../electron/shared/contract/search.js';
import { runCli } from '../helpers/cli.js';
import { startTestService, tempDir, type TestService } from '../helpers/service.js';
import { importPricebook, insertObservation, PRICEBOOK_IMPORTED_AT } from './seed.js';

interface Item {
  type: string | null;
  title: string;
  snippet: string;
}

describe('namesProject', () => {
  it('finds the name as a word of its own, in any case', () => {
    expect(namesProject('how do I run the tests for logrot', 'logrot')).toBe(true);
    expect(namesProject('Logrot: which flag sets the size?', 'logrot')).toBe(true);
    expect(namesProject('what was the spotter-dov epic about?', 'spotter-dov')).toBe(true);
  });

  it('not inside a longer word, a path, an identifier or a dotted id', () => {
    expect(namesProject('the logrotate cron line', 'logrot')).toBe(false);
    expect(namesProject('what is in /src/logrot/main.c', 'logrot')).toBe(false);
    expect(namesProject('what was the spotter-dov epic about?', 'spotter')).toBe(false);
    expect(namesProject('what was spotter-dov.2 supposed to do?', 'spotter-dov')).toBe(false);
  });

  it('never for a name of one or two letters', () => {
    expect(namesProject('which ui test failed?', 'ui')).toBe(false);
  });
});

describe('readQuestion with the words of the project searched', () => {
  const read = (q: string, project: string) =>
    readQuestion(q, parseQuery(q).tokens, new Set(parseQuery(project).tokens));

  it('asks for the frame words when the name is the only other word', () => {
    const r = read('how do I run the tests for logrot', 'logrot');
    expect(r.required).toEqual(['run', 'tests']);
    expect(r.optional).toEqual(['logrot']);
  });

  it('keeps the name required beside a word of what is asked', () => {
    const r = read('which epics have we worked on in spotter?', 'spotter');
    expect(r.required).toEqual(expect.arrayContaining(['epics', 'spotter']));
  });

  it('keeps a question that is only the name as it is', () => {
    expect(read('logrot', 'logrot').required).toEqual(['logrot']);
  });
});

describe('searching a project by name', () => {
  let t: TestService;
  const search = async (query: string): Promise<Item[]> => {
    const r = await t.api('GET', `/api/search?${query}`);
    expect(r.status).toBe(200);
    return (r.json as { items: Item[] }).items;
  };
  const ranTheTests = (items: Item[]): boolean =>
    items
      .slice(0, 3)
      .some((i) => i.type === 'test' && i.snippet.replace(/<\/?mark>/g, '').includes('node test.js'));

  beforeAll(async () => {
    t = await startTestService({ clock: () => PRICEBOOK_IMPORTED_AT });
    await importPricebook(t);
  });
  afterAll(async () => t.dispose());

  it('finds the test run among the first three, asked from no project', async () => {
    const items = await search(`q=${encodeURIComponent('how do I run the pricebook tests?')}&limit=5`);
    expect(ranTheTests(items)).toBe(true);
  });

  it('and with the project as a filter', async () => {
    const q = encodeURIComponent('how do I run the tests for pricebook');
    expect(ranTheTests(await search(`q=${q}&project=pricebook&limit=5`))).toBe(true);
  });
});

describe('namedProject', () => {
  const db = new Database(':memory:');
  db.exec('CREATE TABLE projects (name TEXT)');
  const names = (...n: string[]): void => {
    db.exec('DELETE FROM projects');
    for (const x of n) db.prepare('INSERT INTO projects VALUES (?)').run(x);
  };
  /** Where each word's newest rows lie: all in the project of that name, unless listed here. */
  let spread: Record<string, WordRows[]> = {};
  const rowsOf = (w: string): WordRows[] => spread[w] ?? [{ session: 1, project: w, n: 10 }];
  const named = (q: string): string | null => namedProject((sql) => db.prepare(sql), q, rowsOf);

  it('is the one project the question names', () => {
    names('logrot', 'kucun');
    expect(named('how do I run the tests for logrot')).toBe('logrot');
    expect(named('how do I run the tests')).toBeNull();
  });

  it('is none when two are named, or the name begins another (a worktree of it)', () => {
    names('logrot', 'kucun', 'spotter', 'spotter-dov');
    spread = { dov: [{ session: 3, project: 'spotter-dov', n: 10 }] };
    expect(named('does kucun log like logrot?')).toBeNull();
    expect(named('which epics have we worked on in spotter?')).toBeNull();
    expect(named('what was the spotter-dov epic about?')).toBe('spotter-dov');
    spread = {};
  });

  it('is none for a name that is a word of every project (a project called test)', () => {
    names('test', 'logrot');
    spread = {
      test: [
        { session: 1, project: 'test', n: 3 },
        { session: 2, project: 'logrot', n: 40 },
      ],
    };
    expect(named('which test failed?')).toBeNull();
    spread = {};
    expect(named('which test failed?')).toBe('test');
  });
});

describe('a question that names its project', () => {
  let t: TestService;
  const search = async (q: string): Promise<Array<Item & { project: string }>> => {
    const r = await t.api('GET', `/api/search?q=${encodeURIComponent(q)}&limit=5`);
    expect(r.status).toBe(200);
    return (r.json as { items: Array<Item & { project: string }> }).items;
  };

  beforeAll(async () => {
    t = await startTestService({ clock: () => PRICEBOOK_IMPORTED_AT });
    await importPricebook(t);
    // Another project's work, in the question's words.
    for (const title of ['Where we left off on the checkout', 'Left off: the shipping rules, unfinished'])
      insertObservation(t.service.core.sqlite, {
        project: 'webshop',
        title,
        type: 'command',
        at: PRICEBOOK_IMPORTED_AT - 3600_000,
      });
  });
  afterAll(async () => t.dispose());

  it('is answered from that project alone', async () => {
    const items = await search('where did we leave off in pricebook?');
    expect(items.length).toBeGreaterThan(0);
    expect(items.map((i) => i.project)).toEqual(items.map(() => 'pricebook'));
  });

  it('and from every project when it names none', async () => {
    const items = await search('where did we leave off?');
    expect(items.map((i) => i.project)).toContain('webshop');
  });

  it('says so: the API, the MCP tool and the CLI name the project searched', async () => {
    const q = 'how do I run the tests in pricebook?';
    const api = async (query: string): Promise<Record<string, unknown>> =>
      (await t.api('GET', `/api/search?q=${encodeURIComponent(query)}`)).json as Record<string, unknown>;
    expect((await api(q)).named).toBe('pricebook');
    expect((await api('how do I run the tests?')).named).toBeUndefined();
    const cli = async (...args: string[]) => {
      const r = await runCli(['search', q, '--data-dir', t.dataDir, ...args], { cwd: tempDir() });
      expect(r.code, r.stderr).toBe(0);
      return r.stdout;
    };
    const out = cliSearchOutput.parse(JSON.parse(await cli('--json')));
    expect(out.named).toBe('pricebook');
    expect(out.items.every((i) => i.project === 'pricebook')).toBe(true);
    expect(await cli()).toMatch(/^The question names pricebook: its memories only/);
  });
});
