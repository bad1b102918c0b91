/**
 * Claude Code's auto memory on two machines that share one memory: each machine's notes are its own
 * session (named with its machine id), so a peer's notes arrive by sync or an archive instead of
 * being refused as changes to this machine's session, and neither machine's notes replace the
 * other's. A note stored under the older session name moves to the new one without a copy.
 */
import { afterEach, expect, it } from 'vitest';
import { importProgress, type ImportProgress } from '../../electron/shared/contract/sync.js';
import { startTestService, type TestService } from '../helpers/service.js';
import { waitFor } from '../sync/helpers.js';

const open: TestService[] = [];
afterEach(async () => {
  for (const t of open.splice(0)) await t.dispose();
});

const note = (file: string, body: string) => ({
  cwd: '/w/billing',
  file,
  stamp: '10:1',
  title: 'Ledger rounding',
  description: null,
  kind: 'project',
  body,
});

const notesOf = (t: TestService, file: string) =>
  t.service.core.sqlite
    .prepare(
      `SELECT s.claude_session_id AS session, s.origin FROM observations o JOIN sessions s ON s.id = o.session_id
       WHERE o.tool_use_id = ? ORDER BY o.id`,
    )
    .all(file) as Array<{ session: string; origin: string | null }>;

it("a peer's auto-memory notes arrive beside this machine's, none refused", async () => {
  const a = await startTestService();
  const b = await startTestService();
  open.push(a, b);
  expect(
    a.service.core.ingest.autoMemory.upsert(note('/home/a/memory/ledger.md', 'quokka rounding on A')).stored,
  ).toBe(true);
  expect(
    b.service.core.ingest.autoMemory.upsert(note('/home/b/memory/ledger.md', 'wombat rounding on B')).stored,
  ).toBe(true);

  const text = ((await a.api('POST', '/api/data/export/download', {})).json as { text: string }).text;
  const started = await b.api('POST', '/api/data/import/upload', { archive: text });
  expect(started.status, started.text).toBe(202);
  let p: ImportProgress | null = null;
  await waitFor('the import', async () => {
    p = importProgress.parse(
      (await b.api('GET', `/api/data/imports/${(started.json as { id: number }).id}`)).json,
    );
    return p.status !== 'running';
  });
  expect(p!.status).toBe('done');
  expect(p!.report.refused).toBe(0);
  expect(notesOf(b, '/home/a/memory/ledger.md')).toEqual([
    {
      session: expect.stringMatching(/^claude-auto-memory:[0-9a-f]{16}:billing$/),
      origin: expect.any(String),
    },
  ]);
  // B's own note stays, and B's scan of its own notes does not take A's for its own.
  expect(notesOf(b, '/home/b/memory/ledger.md')).toHaveLength(1);
  expect([...b.service.core.ingest.autoMemory.stored().keys()]).toEqual(['/home/b/memory/ledger.md']);
  const found = await b.api('GET', '/api/search?q=quokka');
  expect(JSON.stringify(found.json).replace(/<\/?mark>/g, '')).toContain('quokka rounding on A');
});

it("a note stored under the older session name moves to this machine's session, once", async () => {
  const t = await startTestService();
  open.push(t);
  const file = '/home/u/memory/ledger.md';
  t.service.core.ingest.claudeMem.recordObservation({
    claudeSessionId: 'claude-auto-memory:billing',
    project: 'billing',
    cwd: '/w/billing',
    toolName: 'claude_auto_memory',
    toolUseId: file,
    toolInput: { file, kind: 'project', stamp: '10:1' },
    toolResponse: null,
  });
  const autoMemory = t.service.core.ingest.autoMemory;
  // Its stamp reads as changed, so the next scan stores it again under the new name.
  expect(autoMemory.stored().get(file)).toBeNull();
  expect(autoMemory.upsert(note(file, 'quokka rounding')).stored).toBe(true);
  expect(notesOf(t, file)).toEqual([
    { session: expect.stringMatching(/^claude-auto-memory:[0-9a-f]{16}:billing/), origin: null },
  ]);
  expect(autoMemory.stored().get(file)).toBe('10:1');
});
