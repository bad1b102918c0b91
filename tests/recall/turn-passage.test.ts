/**
 * An episode (a turn's summary) holds the most of a question's words and ranks first, while the
 * answer is in one of the turn's own memories (a file written, a command's output). The episode's
 * result then shows, under its snippet, the passage of its turn that holds the words it left out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../helpers/service.js';
import { plain } from './shape-rows.js';

const AT = Date.now() - 3_600_000;

function seedTurn(t: TestService): void {
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
  const narrative = [
    'Asked: add a sample config for the ingest box and a test for the rotation',
    'Claude: The sample config has one stanza per log of the ingest box, with sizes from its write rate.',
    'Ended: the sample config and the rotation test are in; all tests pass.',
  ].join('\n');
  obs.run(session, 1, 'memtray:episode', AT, AT, 'episode', 'Asked: add a sample config…', '[]', narrative);
  const written = [
    'file: deploy/rotor.conf',
    'wrote: path /var/log/ingest/gc.log ⏎ size 50M # garbage collection: rotates on restart only',
  ];
  obs.run(
    session,
    1,
    'Write',
    AT + 1000,
    AT + 1000,
    'change',
    'Created deploy/rotor.conf',
    JSON.stringify(written),
    null,
  );
  // The next turn's memory, holding the same words: not the turn's own.
  const later = ['file: README.md', 'wrote: the garbage collection log size is 80M on the staging box'];
  obs.run(
    session,
    2,
    'Write',
    AT + 61_000,
    AT + 61_000,
    'change',
    'Created README.md',
    JSON.stringify(later),
    null,
  );
}

describe("an episode's result shows the passage of its turn that answers", () => {
  let t: TestService;
  beforeAll(async () => {
    t = await startTestService();
    seedTurn(t);
  });
  afterAll(async () => t.dispose());

  it('shows what the turn wrote under the episode', async () => {
    const q = 'In the sample config for the ingest box, what size does the garbage collection log get?';
    const r = await t.api('GET', `/api/search?q=${encodeURIComponent(q)}&limit=5`);
    const items = (JSON.parse(r.text) as { items: Array<{ type: string; snippet: string }> }).items;
    const episode = items.find((i) => i.type === 'episode');
    expect(plain(episode!.snippet)).toContain('size 50M');
    expect(plain(episode!.snippet)).not.toContain('80M');
  });
});
