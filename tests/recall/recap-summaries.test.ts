import type Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filterIdsSql, newestSql, rankSql } from '../../electron/core/recall/search-sql.js';
import { startTestService, type TestService } from '../helpers/service.js';
import { insertObservation } from './seed.js';

interface Page {
  items: Array<{ kind: string; id: number }>;
}

/**
 * A summary the rules wrote restates its session's prompts, files and fixes (each a memory
 * searched in its own right): it takes no place among a question's results, while a summary a
 * model wrote does, and asking for summaries by kind finds both.
 */
describe('GET /api/search and the summaries the rules wrote', () => {
  let t: TestService;
  let sqlite: Database.Database;
  let rules: number;
  let model: number;

  const summary = (sessionId: number, producedBy: string, request: string, learned: string): number =>
    Number(
      sqlite
        .prepare(
          `INSERT INTO session_summaries (session_id, request, learned, completed, produced_by, created_at, updated_at)
           VALUES (?, ?, ?, 'Edited importer.ts', ?, ?, ?)`,
        )
        .run(sessionId, request, learned, producedBy, Date.now(), Date.now()).lastInsertRowid,
    );

  beforeAll(async () => {
    t = await startTestService();
    sqlite = t.service.core.sqlite;
    const at = Date.now() - 60_000;
    const a = insertObservation(sqlite, {
      project: 'shop',
      title: 'Edited importer.ts',
      facts: ['the zorblat importer keeps a checkpoint file and resumes from it'],
      at,
    });
    const b = insertObservation(sqlite, { project: 'shop', title: 'Read README.md', at: at + 1 });
    rules = summary(
      a.sessionId,
      'rules:no-key',
      'make the zorblat importer resumable',
      'Fixed: zorblat importer resumes from its checkpoint',
    );
    model = summary(
      b.sessionId,
      'anthropic',
      'zorblat importer: resume after a crash',
      'The zorblat importer resumes from a checkpoint file',
    );
  });
  afterAll(async () => {
    await t.dispose();
  });

  const search = async (query: string): Promise<Page> => {
    const res = await t.api('GET', `/api/search?${query}`);
    expect(res.status, res.text).toBe(200);
    return res.json as Page;
  };
  const summaries = (p: Page): number[] => p.items.filter((i) => i.kind === 'summary').map((i) => i.id);

  it('leaves the rules-written summary out of a question and keeps the model-written one', async () => {
    const page = await search('q=zorblat+importer+checkpoint');
    expect(summaries(page)).toEqual([model]);
    expect(page.items.some((i) => i.kind === 'observation')).toBe(true);
  });

  it('leaves them out by looking up each matched summary, never by reading every summary per statement', () => {
    // A list of every rules-written summary, built for each statement, read the whole table: about
    // 5 ms at 25,000 summaries, for each stage of each search.
    const statements = [
      rankSql('summary', { recaps: false }),
      rankSql('summary', { recaps: false, project: 'shop' }),
      newestSql('summary', { recaps: false }),
      filterIdsSql('summary', { recaps: false }),
    ];
    for (const sql of statements) {
      const plan = sqlite
        .prepare(`EXPLAIN QUERY PLAN ${sql}`)
        .all({ match: '"zorblat"', minId: 0, k: 5, now: 0, project: 'shop', ids: '[]' });
      const steps = (plan as Array<{ detail: string }>).map((p) => p.detail);
      expect(
        steps.filter((d) => /^SCAN session_summaries\b/.test(d)),
        sql,
      ).toEqual([]);
    }
  });

  it('finds both when summaries are asked for by kind', async () => {
    const page = await search('q=zorblat+importer&type=summary');
    expect(summaries(page).sort()).toEqual([rules, model].sort());
  });
});
