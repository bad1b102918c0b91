/**
 * The digest dates and orders past sessions by when their work happened. Summaries of imported
 * history are written at import time; a digest that dated them by that would show three-week-old
 * sessions as today's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SummariesRepo } from '../../electron/core/ingest/summaries-repo.js';
import { startTestService, type TestService } from '../helpers/service.js';
import { importPricebook, insertObservation, PRICEBOOK_IMPORTED_AT as IMPORTED_AT } from './seed.js';

const localDay = (ms: number): string => {
  const d = new Date(ms);
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};

describe('the digest of imported history', () => {
  let t: TestService;
  let digest: string;
  let sessions: Map<number, number>;

  beforeAll(async () => {
    t = await startTestService({ clock: () => IMPORTED_AT });
    const core = t.service.core;
    sessions = await importPricebook(t);
    const project =
      (core.sqlite.prepare('SELECT project FROM sessions LIMIT 1').pluck().get() as string) ?? '';
    const r = await t.api('GET', `/api/context/inject?project=${encodeURIComponent(project)}`);
    expect(r.status).toBe(200);
    digest = r.text;
  });
  afterAll(async () => {
    await t.dispose();
  });

  it("dates each past session by its own last activity, newest first, not by the import's day", () => {
    const after = digest.split('\n## Recent sessions (newest first)\n')[1]?.split('\n') ?? [];
    const lines = after.slice(
      0,
      after.findIndex((l) => !l.startsWith('- ')),
    );
    expect(lines.length, digest).toBeGreaterThan(1);
    const listed = lines.map((l) => {
      const m = /^- (\d{4}-\d\d-\d\d) \(session (\d+)\)/.exec(l);
      expect(m, l).not.toBeNull();
      return { day: m![1]!, id: Number(m![2]) };
    });
    for (const s of listed) expect(s.day).toBe(localDay(sessions.get(s.id)!));
    const times = listed.map((s) => sessions.get(s.id)!);
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('takes its open thread from the latest session and dates a summary by its session in search', async () => {
    const sqlite = t.service.core.sqlite;
    const DAY = 24 * 3600_000;
    const older = insertObservation(sqlite, {
      project: 'threads',
      title: 'Edited a.ts',
      at: IMPORTED_AT - 20 * DAY,
    });
    const newer = insertObservation(sqlite, {
      project: 'threads',
      title: 'Edited b.ts',
      at: IMPORTED_AT - 2 * DAY,
    });
    const summary = (sessionId: number, nextSteps: string, at: number): void => {
      SummariesRepo.of(sqlite).upsert({
        sessionId,
        promptNumber: 1,
        request: null,
        investigated: null,
        learned: null,
        completed: null,
        nextSteps,
        filesRead: null,
        filesEdited: null,
        notes: null,
        producedBy: 'rules',
        createdAt: at,
        updatedAt: at,
      });
    };
    // The newer session's summary was written first; the older one's later (an import's order).
    summary(newer.sessionId, 'wire the retry budget into the client', IMPORTED_AT - 2 * DAY);
    summary(older.sessionId, 'rename the legacy flags', IMPORTED_AT);
    const r = await t.api('GET', '/api/context/inject?project=threads');
    const threads = r.text.split('## Open threads\n')[1]?.split('\n')[0];
    expect(threads).toBe('- wire the retry budget into the client');
    // Search dates a summary by its session too, and ranks its recency by it.
    const found = await t.api('GET', '/api/search?q=legacy%20flags&kind=summary');
    const items = (found.json as { items: Array<{ sessionId: number; createdAt: number }> }).items;
    expect(items.map((i) => [i.sessionId, i.createdAt])).toEqual([[older.sessionId, IMPORTED_AT - 20 * DAY]]);
  });
});
