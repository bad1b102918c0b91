/**
 * An episode (a turn's summary) holds the most of a question's words and ranks first, while the
 * answer is in one of the turn's own memories (a file written, a command's output). The episode's
 * result then shows, under its snippet, the passage of its turn that holds the words it left out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passageKey } from '../../electron/core/recall/passages.js';
import { turnPassage } from '../../electron/core/recall/turn-passage.js';
import { startTestService, type TestService } from '../helpers/service.js';
import { plain } from './shape-rows.js';

const AT = Date.now() - 3_600_000;

/** One turn (its prompt, episode and a file written) and the next turn's memory; the episode's id. */
function seedTurn(t: TestService): number {
  const db = t.service.core.sqlite;
  db.prepare('INSERT INTO projects (name, root_path, created_at) VALUES (?, ?, ?)').run(
    'rotor',
    '/src/rotor',
    AT,
  );
  const session = Number(
    db
      .prepare(
        'INSERT INTO sessions (claude_session_id, project, cwd, started_at, updated_at) VALUES (?, ?, ?, ?, ?)',
      )
      .run('turn-passage', 'rotor', '/src/rotor', AT, AT).lastInsertRowid,
  );
  const prompt = db.prepare(
    'INSERT INTO user_prompts (session_id, prompt_number, prompt, created_at) VALUES (?, ?, ?, ?)',
  );
  prompt.run(session, 1, 'add a sample config for the ingest box and a test for the rotation', AT);
  prompt.run(session, 2, 'now write the README', AT + 60_000);
  const obs = db.prepare(
    `INSERT INTO observations (session_id, prompt_number, tool_name, tool_input, created_at, updated_at,
       type, title, facts, narrative, status) VALUES (?, ?, ?, '{}', ?, ?, ?, ?, ?, ?, 'processed')`,
  );
  const add = (turn: number, at: number, type: string, title: string, facts: string[], text: string | null) =>
    Number(
      obs.run(
        session,
        turn,
        type === 'episode' ? 'memtray:episode' : 'Write',
        at,
        at,
        type,
        title,
        JSON.stringify(facts),
        text,
      ).lastInsertRowid,
    );
  const narrative = [
    'Asked: add a sample config for the ingest box and a test for the rotation',
    'Claude: The sample config has one stanza per log of the ingest box, with sizes from its write rate.',
    'Ended: the sample config and the rotation test are in; all tests pass.',
  ].join('\n');
  const episode = add(1, AT, 'episode', 'Asked: add a sample config…', [], narrative);
  add(
    1,
    AT + 1000,
    'change',
    'Created deploy/rotor.conf',
    [
      'file: deploy/rotor.conf',
      'wrote: path /var/log/ingest/gc.log ⏎ size 50M # garbage collection: rotates on restart only',
    ],
    null,
  );
  add(1, AT + 2000, 'change', 'Edited deploy/rotor.conf', ['1 edit'], null);
  // The next turn's memory, holding the same words: not the turn's own.
  add(
    2,
    AT + 61_000,
    'change',
    'Created README.md',
    ['file: README.md', 'wrote: the garbage collection log size is 80M on the staging box'],
    null,
  );
  return episode;
}

describe("an episode's result shows the passage of its turn that answers", () => {
  let t: TestService;
  let episode = 0;
  const q = 'In the sample config for the ingest box, what size does the garbage collection log get?';
  const groups = ['garbage', 'collection', 'size', 'sample', 'config', 'ingest', 'box'].map((w) => [w]);
  beforeAll(async () => {
    t = await startTestService();
    episode = seedTurn(t);
  });
  afterAll(async () => t.dispose());
  const stmt = (sql: string) => t.service.core.sqlite.prepare(sql);

  it("finds the passage among the turn's own memories, not the next turn's", () => {
    const more = plain(
      turnPassage(stmt, episode, groups, 'Asked: add a sample config for the ingest box') ?? '',
    );
    expect(more).toContain('size 50M');
    expect(more).not.toContain('80M');
  });

  it('shows nothing the page already shows', () => {
    const seen = new Set([passageKey('size 50M # garbage collection: rotates on restart only')]);
    const more = turnPassage(stmt, episode, groups, 'Asked: add a sample config for the ingest box', seen);
    // Nor the line after it when that holds none of the words left out (another memory's "1 edit").
    expect(more).toBeNull();
  });

  it('shows the answer on the page once', async () => {
    const r = await t.api('GET', `/api/search?q=${encodeURIComponent(q)}&limit=5`);
    const items = (JSON.parse(r.text) as { items: Array<{ type: string; snippet: string }> }).items;
    expect(items.some((i) => i.type === 'episode')).toBe(true);
    const shown = items.map((i) => plain(i.snippet)).join('\n');
    expect(shown.split('size 50M').length - 1).toBe(1);
  });
});
