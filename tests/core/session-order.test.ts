import { describe, expect, it } from 'vitest';
import { startTestService } from '../helpers/service.js';

describe('GET /api/sessions', () => {
  it('lists sessions by when they started, newest first, however they were stored, across pages', async () => {
    const t = await startTestService();
    try {
      const sqlite = t.service.core.sqlite;
      sqlite.prepare('INSERT INTO projects (name, root_path, created_at) VALUES (?, ?, ?)').run('p', '/p', 1);
      const day = (d: number): number => Date.UTC(2026, 1, d);
      // Stored in this order (an import brings older sessions after newer live ones).
      for (const [id, d] of [
        ['live-feb20', 20],
        ['imp-feb10', 10],
        ['imp-feb12', 12],
        ['imp-feb11', 11],
      ] as const)
        sqlite
          .prepare(
            'INSERT INTO sessions (claude_session_id, project, cwd, started_at, updated_at) VALUES (?, ?, ?, ?, ?)',
          )
          .run(id, 'p', '/p', day(d), day(d));
      type Page = { items: Array<{ claudeSessionId: string }>; nextCursor: number | null };
      const first = (await t.api('GET', '/api/sessions?limit=2')).json as Page;
      const second = (await t.api('GET', `/api/sessions?limit=2&cursor=${first.nextCursor}`)).json as Page;
      expect([...first.items, ...second.items].map((s) => s.claudeSessionId)).toEqual([
        'live-feb20',
        'imp-feb12',
        'imp-feb11',
        'imp-feb10',
      ]);
      expect(second.nextCursor).toBeNull();
    } finally {
      await t.dispose();
    }
  });
});
