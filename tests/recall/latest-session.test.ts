/**
 * "What did we do last time?" is answered from the latest session, not from every memory that
 * holds `last` (a variable in the code) or `time`; the session running now (the agent asking over
 * MCP) is not "last time". The real pricebook fixture, imported through the real service.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asksLatest, withoutLatest } from '../../electron/core/recall/latest-session.js';
import { mcpSearch } from '../../electron/shared/contract/mcp.js';
import { cliSearchOutput, searchPage } from '../../electron/shared/contract/search.js';
import { connectMcp, runCli } from '../helpers/cli.js';
import { startTestService, tempDir, type TestService } from '../helpers/service.js';
import { importPricebook, insertObservation, PRICEBOOK_IMPORTED_AT } from './seed.js';

interface Item {
  sessionId: number;
  project: string;
  title: string;
}

describe('asksLatest', () => {
  it('reads "last time" and "the last session", in English and Chinese', () => {
    for (const q of [
      'what did we do last time?',
      'which files did we change in the last session',
      'what was the latest session about',
      '上次做了什么？',
      'which files did we change last?',
      'what did we work on most recently',
      'where did we leave off?',
      'what were we doing?',
      'what was the last thing we worked on',
      'what did we change lately?',
      '我们做到哪了？',
      '刚才在做什么',
      "what's left to do?",
      'what should I work on next?',
      'next steps',
    ])
      expect(asksLatest(q), q).toBe(true);
    for (const q of [
      'what did the last line of the output say?',
      'when did we last run the tests?',
      'what did we do first and last in the parser',
      'what was the last thing we did in the discount session?',
      'what were we doing in the parser when it broke?',
      'what is left of the buffer after the loop?',
    ])
      expect(asksLatest(q), q).toBe(false);
    expect(withoutLatest('which files did we change last time?').trim()).toBe('which files did we change  ?');
    expect(withoutLatest('which files did we change last?').trim()).toBe('which files did we change  ?');
  });
});

describe('a question about last time', () => {
  let t: TestService;
  let latest: number;
  const search = async (q: string, extra = ''): Promise<Item[]> => {
    const r = await t.api('GET', `/api/search?q=${encodeURIComponent(q)}&limit=10${extra}`);
    expect(r.status).toBe(200);
    return (r.json as { items: Item[] }).items;
  };

  beforeAll(async () => {
    t = await startTestService({ clock: () => PRICEBOOK_IMPORTED_AT });
    const sessions = await importPricebook(t);
    latest = [...sessions].sort((a, b) => b[1] - a[1])[0]![0];
    const sqlite = t.service.core.sqlite;
    // Another project's work since, and a session running now in pricebook: neither is last time.
    insertObservation(sqlite, {
      project: 'webshop',
      title: 'Last time the cart was empty',
      at: PRICEBOOK_IMPORTED_AT,
    });
    const live = insertObservation(sqlite, {
      project: 'pricebook',
      title: 'Edited src/prices.js: last rounding step',
      type: 'change',
      at: PRICEBOOK_IMPORTED_AT,
    });
    sqlite
      .prepare("UPDATE sessions SET status = 'active', updated_at = ? WHERE id = ?")
      .run(PRICEBOOK_IMPORTED_AT, live.sessionId);
  });
  afterAll(async () => t.dispose());

  it("is answered from the latest session's memories alone, asked from its project", async () => {
    const items = await search('what did we do last time?', '&prefer=pricebook');
    expect(items.length).toBeGreaterThan(0);
    expect(new Set(items.map((i) => i.sessionId))).toEqual(new Set([latest]));
  });

  it('keeps its other words: which files changed then', async () => {
    const items = await search('which files did we change in pricebook last time?');
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((i) => i.sessionId === latest)).toBe(true);
  });

  it('with words that session does not hold, lists its newest memories, still naming the project', async () => {
    const sqlite = t.service.core.sqlite;
    const at = PRICEBOOK_IMPORTED_AT - 3 * 3600_000;
    insertObservation(sqlite, {
      project: 'quincebox',
      title: 'Set up quincebox',
      type: 'change',
      at: at - 86_400_000,
    });
    const last = insertObservation(sqlite, {
      project: 'quincebox',
      title: 'Shelf labels',
      type: 'change',
      at,
    });
    const r = await t.api('GET', `/api/search?q=${encodeURIComponent('上次 quincebox 做了什么？')}&limit=10`);
    const page = r.json as { items: Item[]; named?: string };
    expect(page.named).toBe('quincebox');
    expect(page.items.map((i) => i.title)).toEqual(['Shelf labels']);
    expect(page.items[0]!.sessionId).toBe(last.sessionId);
  });

  it('"where did we leave off in <project>" lists the newest memories of its latest session', async () => {
    // The project's name only says where: a memory of that session holding it is not the answer.
    const sqlite = t.service.core.sqlite;
    const shelf = sqlite.prepare(
      "SELECT session_id AS s, created_at AS at FROM observations WHERE title = 'Shelf labels'",
    );
    const { s, at } = shelf.get() as { s: number; at: number };
    sqlite.prepare('UPDATE sessions SET started_at = ? WHERE id = ?').run(at - 120_000, s);
    insertObservation(sqlite, {
      project: 'quincebox',
      session: s,
      title: 'Named the quincebox bins',
      at: at - 60_000,
    });
    const r = await t.api(
      'GET',
      `/api/search?q=${encodeURIComponent('where did we leave off in quincebox?')}`,
    );
    const page = searchPage.parse(r.json);
    expect(page.named).toBe('quincebox');
    expect(page.lastSession?.project).toBe('quincebox');
    expect(page.items.map((i) => i.title).sort()).toEqual(['Named the quincebox bins', 'Shelf labels']);
  });

  it('lists those memories by when they happened, a fix recorded after the fact at its own time', async () => {
    const sqlite = t.service.core.sqlite;
    const at = PRICEBOOK_IMPORTED_AT - 5 * 3600_000;
    const first = insertObservation(sqlite, { project: 'ledgerbox', title: 'Ran the ledgerbox tests', at });
    const s = first.sessionId;
    insertObservation(sqlite, {
      project: 'ledgerbox',
      session: s,
      title: 'Committed the ledger',
      at: at + 60_000,
    });
    // Written last (the highest id), about a moment before the other two.
    insertObservation(sqlite, {
      project: 'ledgerbox',
      session: s,
      title: 'Fixed: ledger total',
      at: at - 30_000,
    });
    sqlite
      .prepare('UPDATE sessions SET started_at = ?, updated_at = ? WHERE id = ?')
      .run(at - 60_000, at + 60_000, s);
    const r = await t.api(
      'GET',
      `/api/search?q=${encodeURIComponent('where did we leave off in ledgerbox?')}`,
    );
    expect(searchPage.parse(r.json).items.map((i) => i.title)).toEqual([
      'Committed the ledger',
      'Ran the ledgerbox tests',
      'Fixed: ledger total',
    ]);
  });

  it("leads with that session's turns, newest first, each showing how it ended", async () => {
    const sqlite = t.service.core.sqlite;
    const at = PRICEBOOK_IMPORTED_AT - 7 * 3600_000;
    // A turn is recorded at its ask, before the calls it made.
    const first = insertObservation(sqlite, {
      project: 'tillbox',
      type: 'episode',
      title: 'Asked: add the tillbox report',
      narrative: 'Asked: add the tillbox report\nClaude: Added the report.\nOutcome: 1 file changed',
      at,
    });
    const s = first.sessionId;
    const ask = (title: string, narrative: string, when: number): void => {
      insertObservation(sqlite, {
        project: 'tillbox',
        session: s,
        type: 'episode',
        title,
        narrative,
        at: when,
      });
    };
    ask(
      'Asked: continue',
      'Result: tests passed\nAsked: continue\nClaude: Checking the totals.\nDecided: keep cents\n' +
        'Ended: Everything is committed; the refund path is still to do.\nOutcome: 2 files changed, tests passed',
      at + 60_000,
    );
    for (const [i, title] of ['Edited src/till.js', 'Ran: npm test', 'Ran: git commit'].entries())
      insertObservation(sqlite, { project: 'tillbox', session: s, title, at: at + 120_000 + i * 1000 });
    sqlite
      .prepare('UPDATE sessions SET started_at = ?, updated_at = ? WHERE id = ?')
      .run(at, at + 125_000, s);
    const r = await t.api('GET', `/api/search?q=${encodeURIComponent('where did we leave off in tillbox?')}`);
    const items = searchPage.parse(r.json).items;
    expect(items.map((i) => i.title)).toEqual([
      'Asked: continue',
      'Asked: add the tillbox report',
      'Ran: git commit',
      'Ran: npm test',
      'Edited src/till.js',
    ]);
    expect(items[0]!.snippet).toBe(
      'Ended: Everything is committed; the refund path is still to do. — Outcome: 2 files changed, tests passed',
    );
    expect(items[1]!.snippet).toBe('Claude: Added the report. — Outcome: 1 file changed');
  });

  it('asked from nowhere, is the latest session of any project that is not running', async () => {
    const items = await search('what did we do last time?');
    expect(new Set(items.map((i) => i.project))).toEqual(new Set(['webshop']));
  });

  it('is not a session opened and closed without any work since, nor the auto-memory notes', async () => {
    const sqlite = t.service.core.sqlite;
    const session = sqlite.prepare(
      `INSERT INTO sessions (claude_session_id, project, cwd, started_at, updated_at, status)
       VALUES (?, ?, ?, ?, ?, 'completed')`,
    );
    session.run(
      'opened-and-closed',
      'emptybox',
      '/home/dev/emptybox',
      PRICEBOOK_IMPORTED_AT + 1000,
      PRICEBOOK_IMPORTED_AT + 2000,
    );
    const notes = Number(
      session.run(
        'claude-auto-memory:m1:notebox',
        'notebox',
        '/home/dev/notebox',
        PRICEBOOK_IMPORTED_AT + 3000,
        PRICEBOOK_IMPORTED_AT + 4000,
      ).lastInsertRowid,
    );
    insertObservation(sqlite, {
      project: 'notebox',
      session: notes,
      title: 'Note: prefer tabs',
      at: PRICEBOOK_IMPORTED_AT + 3500,
    });
    const items = await search('what did we do last time?');
    expect(new Set(items.map((i) => i.project))).toEqual(new Set(['webshop']));
  });

  it('says so: the API, the CLI and the MCP tool name the session kept to, its project and span', async () => {
    const q = 'which files did we change in pricebook last time?';
    const span = t.service.core.sqlite
      .prepare('SELECT started_at AS since, updated_at AS until FROM sessions WHERE id = ?')
      .get(latest) as { since: number; until: number };
    const r = await t.api('GET', `/api/search?q=${encodeURIComponent(q)}`);
    expect(searchPage.parse(r.json).lastSession).toEqual({ project: 'pricebook', ...span });
    const plain = searchPage.parse((await t.api('GET', '/api/search?q=prices')).json);
    expect(plain.lastSession).toBeUndefined();

    const cli = async (...args: string[]): Promise<string> => {
      const out = await runCli(['search', q, '--data-dir', t.dataDir, ...args], { cwd: tempDir() });
      expect(out.code, out.stderr).toBe(0);
      return out.stdout;
    };
    expect(cliSearchOutput.parse(JSON.parse(await cli('--json'))).lastSession).toEqual({
      project: 'pricebook',
      ...span,
    });
    const minute = (ms: number): string => new Date(ms).toISOString().slice(0, 16).replace('T', ' ');
    expect(await cli()).toMatch(
      new RegExp(
        `^The question asks about the last session: pricebook, ${minute(span.since)} to ${minute(span.until)}, its memories only\\.`,
      ),
    );

    const mcp = await connectMcp(t.dataDir, 'memtray-test-last', tempDir());
    try {
      const res = await mcp.callTool({ name: 'search', arguments: { query: q } });
      expect(mcpSearch.output.parse(res.structuredContent).lastSession).toEqual({
        project: 'pricebook',
        since: new Date(span.since).toISOString(),
        until: new Date(span.until).toISOString(),
      });
    } finally {
      await mcp.close();
    }
  });
});
