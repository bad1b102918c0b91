/**
 * "What did we do yesterday?" is a search of yesterday (local time), not of the memories that say
 * "yesterday": the span of days a question names keeps the search to it, its words are left out,
 * and the API, the CLI and the MCP tool say which days they kept to. A real service over a real
 * SQLite file; the CLI and the MCP server as processes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { periodOf } from '../../electron/core/recall/period.js';
import { mcpSearch } from '../../electron/shared/contract/mcp.js';
import { cliSearchOutput, searchPage } from '../../electron/shared/contract/search.js';
import { connectMcp, runCli } from '../helpers/cli.js';
import { startTestService, tempDir, type TestService } from '../helpers/service.js';
import { insertObservation } from './seed.js';

/** Local midnight of a day of November 2026 (28 November 2026 is a Saturday). */
const nov = (d: number, h = 0): number => new Date(2026, 10, d, h).getTime();

describe('periodOf', () => {
  const now = nov(28, 15);
  const span = (q: string): [string, string] | null => {
    const p = periodOf(q, now);
    if (p === null) return null;
    const day = (t: number): string => new Date(t).toDateString();
    expect(p.until + 1 - new Date(p.until + 1).setHours(0, 0, 0, 0)).toBe(0);
    return [day(p.since), day(p.until)];
  };

  it('reads the days a question names, in English and Chinese, in local time', () => {
    expect(periodOf('what did we do yesterday?', now)).toEqual({
      since: nov(27),
      until: nov(28) - 1,
      said: 'yesterday',
    });
    expect(span('what did we do today')).toEqual(['Sat Nov 28 2026', 'Sat Nov 28 2026']);
    expect(span('the day before yesterday')).toEqual(['Thu Nov 26 2026', 'Thu Nov 26 2026']);
    expect(span('what broke 3 days ago')).toEqual(['Wed Nov 25 2026', 'Wed Nov 25 2026']);
    expect(span('what broke two days ago')).toEqual(['Thu Nov 26 2026', 'Thu Nov 26 2026']);
    expect(span('what changed in the last 3 days')).toEqual(['Wed Nov 25 2026', 'Sat Nov 28 2026']);
    expect(span('what changed this week')).toEqual(['Mon Nov 23 2026', 'Sat Nov 28 2026']);
    expect(span('what changed last week')).toEqual(['Mon Nov 16 2026', 'Sun Nov 22 2026']);
    expect(span('what did we ship last month')).toEqual(['Thu Oct 01 2026', 'Sat Oct 31 2026']);
    expect(span('昨天做了什么')).toEqual(['Fri Nov 27 2026', 'Fri Nov 27 2026']);
    expect(span('上周改了哪些文件')).toEqual(['Mon Nov 16 2026', 'Sun Nov 22 2026']);
    expect(span('最近三天的提交')).toEqual(['Wed Nov 25 2026', 'Sat Nov 28 2026']);
    expect(span('十天前的测试')).toEqual(['Wed Nov 18 2026', 'Wed Nov 18 2026']);
  });

  it('reads a day named on the calendar or by its weekday: the latest such day', () => {
    for (const q of [
      'what did we do on November 3?',
      'Nov 3rd',
      'the 3rd of November',
      'what broke on 2026-11-03',
      '11月3日做了什么',
    ])
      expect(span(q), q).toEqual(['Tue Nov 03 2026', 'Tue Nov 03 2026']);
    // A date still to come this year is last year's.
    expect(span('what did we ship on Dec 24?')).toEqual(['Wed Dec 24 2025', 'Wed Dec 24 2025']);
    expect(span('what did we do on Tuesday?')).toEqual(['Tue Nov 24 2026', 'Tue Nov 24 2026']);
    expect(span('last friday')).toEqual(['Fri Nov 27 2026', 'Fri Nov 27 2026']);
    // Asked on a Saturday, "on Saturday" is a week ago: today is "today".
    expect(span('what did we do on saturday')).toEqual(['Sat Nov 21 2026', 'Sat Nov 21 2026']);
    expect(span('monday morning')).toEqual(['Mon Nov 23 2026', 'Mon Nov 23 2026']);
    expect(span('周二改了什么')).toEqual(['Tue Nov 24 2026', 'Tue Nov 24 2026']);
    expect(span('上周五的提交')).toEqual(['Fri Nov 20 2026', 'Fri Nov 20 2026']);
    expect(span('what changed since Nov 3?')).toEqual(['Tue Nov 03 2026', 'Sat Nov 28 2026']);
    expect(periodOf('what changed since the 3rd of November?', now)?.said).toBe('since the 3rd of November');
  });

  it('names no span in other words', () => {
    for (const q of [
      'the job runs every monday',
      'what does the monday report say?',
      'may 2 workers share a key?',
      'what did we set on Feb 30?',
      'the timer fires at nov 3:15',
    ])
      expect(periodOf(q, now), q).toBeNull();
    for (const q of ['what did we do last time?', 'the daily job', 'weekly report', 'todays', '0 days ago'])
      expect(periodOf(q, now), q).toBeNull();
  });
});

describe('a question about yesterday', () => {
  let t: TestService;
  const now = nov(28, 15);
  beforeAll(async () => {
    t = await startTestService({ clock: () => now });
    const sqlite = t.service.core.sqlite;
    const add = (title: string, at: number): void => {
      insertObservation(sqlite, { project: 'kiln', title, type: 'change', at });
    };
    add('Edited src/parser.ts: the yesterday keyword', nov(20, 10));
    add('Edited src/parser.ts: quoted strings', nov(27, 11));
    add('Ran the kiln benchmarks', nov(27, 16));
    add('Edited src/parser.ts: comments', nov(28, 9));
  });
  afterAll(async () => t.dispose());

  const ask = async (q: string): Promise<ReturnType<typeof searchPage.parse>> => {
    const r = await t.api('GET', `/api/search?q=${encodeURIComponent(q)}&limit=10`);
    expect(r.status).toBe(200);
    return searchPage.parse(r.json);
  };

  it("lists yesterday's memories, newest first, and says which day it kept to", async () => {
    const page = await ask('what did we do yesterday?');
    expect(page.items.map((i) => i.title)).toEqual([
      'Ran the kiln benchmarks',
      'Edited src/parser.ts: quoted strings',
    ]);
    expect(page.period).toEqual({ since: nov(27), until: nov(28) - 1, said: 'yesterday' });
  });

  it('keeps to a day named by its date or weekday the same way', async () => {
    for (const q of ['what did we do on November 27?', 'what did we do last Friday?']) {
      const page = await ask(q);
      expect(
        page.items.map((i) => i.title),
        q,
      ).toEqual(['Ran the kiln benchmarks', 'Edited src/parser.ts: quoted strings']);
      expect(page.period).toMatchObject({ since: nov(27), until: nov(28) - 1 });
    }
  });

  it("keeps its other words: yesterday's parser change, not the memory that says yesterday", async () => {
    const page = await ask('which parser change did we make yesterday');
    expect(page.items.map((i) => i.title)).toEqual(['Edited src/parser.ts: quoted strings']);
  });

  it("leads with the day's turns, each showing how it ended", async () => {
    const sqlite = t.service.core.sqlite;
    const turn = insertObservation(sqlite, {
      project: 'kiln',
      type: 'episode',
      title: 'Asked: speed up the kiln parser',
      narrative:
        'Asked: speed up the kiln parser\nEnded: The parser is twice as fast.\nOutcome: 1 file changed',
      at: nov(26, 9),
    });
    insertObservation(sqlite, {
      project: 'kiln',
      session: turn.sessionId,
      title: 'Edited src/parser.ts: one pass',
      type: 'change',
      at: nov(26, 10),
    });
    const page = await ask('what did we do on November 26?');
    expect(page.items.map((i) => [i.title, i.snippet])).toEqual([
      ['Asked: speed up the kiln parser', 'Ended: The parser is twice as fast. — Outcome: 1 file changed'],
      ['Edited src/parser.ts: one pass', expect.any(String)],
    ]);
  });

  it('says nothing of days for a question that names none', async () => {
    expect((await ask('parser')).period).toBeUndefined();
  });

  it('the CLI and the MCP tool keep to the same days and say so', async () => {
    // They read the real clock: a memory of yesterday, whatever day the test runs.
    const today = new Date();
    const yesterdayNoon = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 1, 12).getTime();
    insertObservation(t.service.core.sqlite, {
      project: 'kiln',
      title: 'Tuned the kiln ramp',
      at: yesterdayNoon,
    });
    const out = await runCli(['search', 'what did we do yesterday', '--json', '--data-dir', t.dataDir], {
      cwd: tempDir(),
    });
    expect(out.code, out.stderr).toBe(0);
    const cli = cliSearchOutput.parse(JSON.parse(out.stdout));
    expect(cli.period?.said).toBe('yesterday');
    expect(cli.items.map((i) => i.title)).toEqual(['Tuned the kiln ramp']);
    const text = await runCli(['search', 'what did we do yesterday', '--data-dir', t.dataDir], {
      cwd: tempDir(),
    });
    expect(text.stdout).toMatch(/^The question names yesterday: \d{4}-\d\d-\d\d, its memories only\./);

    const mcp = await connectMcp(t.dataDir, 'memtray-test-period', tempDir());
    try {
      const res = await mcp.callTool({ name: 'search', arguments: { query: 'what did we do yesterday' } });
      const got = mcpSearch.output.parse(res.structuredContent);
      expect(got.period?.said).toBe('yesterday');
      expect(got.results.map((r) => r.title)).toEqual(['Tuned the kiln ramp']);
    } finally {
      await mcp.close();
    }
  });
});
