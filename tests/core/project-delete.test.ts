/**
 * Deleting a project's memories (`DELETE /api/projects/:name`): its sessions and everything below
 * them go, other projects stay, and each session's deletion is announced on the bus as deleting
 * that one session is, so open lists (Recent, Sessions, Search) drop its items.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertObservation } from '../recall/seed.js';
import { startTestService, type TestService } from '../helpers/service.js';

describe('deleting a project', () => {
  let t: TestService;
  const alpha: number[] = [];
  let beta = 0;
  beforeAll(async () => {
    t = await startTestService();
    const db = t.service.core.sqlite;
    const at = Date.now() - 60_000;
    for (const i of [0, 1])
      alpha.push(
        insertObservation(db, {
          project: 'alpha',
          title: `Edited alpha file ${i}`,
          type: 'change',
          at: at + i,
        }).sessionId,
      );
    beta = insertObservation(db, {
      project: 'beta',
      title: 'Edited beta file',
      type: 'change',
      at,
    }).sessionId;
  });
  afterAll(async () => t.dispose());

  it("removes the project's sessions, announces each one, and keeps the others", async () => {
    const deleted: Array<{ id: number; status: string }> = [];
    const off = t.service.core.bus.on('session', (s) => deleted.push({ id: s.id, status: s.status }));
    const r = await t.api('DELETE', '/api/projects/alpha');
    off();
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ deletedSessions: 2 });
    expect(
      deleted
        .filter((d) => d.status === 'deleted')
        .map((d) => d.id)
        .sort(),
    ).toEqual([...alpha].sort());
    const left = t.service.core.sqlite.prepare('SELECT id FROM sessions ORDER BY id').all() as Array<{
      id: number;
    }>;
    expect(left.map((s) => s.id)).toEqual([beta]);
    const found = await t.api('GET', `/api/search?q=${encodeURIComponent('edited file')}&limit=10`);
    const items = (found.json as { items: Array<{ project: string }> }).items;
    expect(items.map((i) => i.project)).toEqual(['beta']);
  });
});
