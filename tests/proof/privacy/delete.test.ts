/**
 * A deleted session is gone from disk: after `DELETE /api/sessions/:id` and a WAL checkpoint, no byte
 * of its text is left in the database file or the WAL (free pages, FTS index segments included).
 * Without `secure_delete` the freed pages keep the old bytes until a VACUUM.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../helpers/service.js';

const KEEP = 'keptmarkerqv7xw';
const GONE = 'gonemarkerzj4kp';

function dbBytes(dir: string): string {
  return readdirSync(dir)
    .filter((f) => f.startsWith('memtray.db'))
    .map((f) => readFileSync(join(dir, f)).toString('latin1'))
    .join('\n');
}

describe('a deleted session leaves nothing on disk', () => {
  let t: TestService | undefined;
  afterAll(async () => t?.dispose());

  it('its prompt, tool output and index terms are gone from the DB and WAL files', async () => {
    t = await startTestService({ backgroundCheckpoints: false });
    const post = async (sid: string, ev: string, body: Record<string, unknown>): Promise<void> => {
      const r = await t!.api('POST', `/api/hooks/${ev}`, { session_id: sid, cwd: '/w/del', ...body });
      expect(r.status, r.text).toBe(200);
    };
    for (const [sid, marker] of [
      ['keep-session', KEEP],
      ['gone-session', GONE],
    ] as const) {
      await post(sid, 'UserPromptSubmit', { prompt: `please remember ${marker} for later` });
      await post(sid, 'PostToolUse', {
        tool_name: 'Bash',
        tool_use_id: `toolu_${sid}`,
        tool_input: { command: `echo ${marker}` },
        tool_response: { stdout: `${marker}\n`.repeat(400), stderr: '', interrupted: false },
      });
      await post(sid, 'Stop', { last_assistant_message: `I noted ${marker}.` });
    }
    await t.settled();
    const db = t.service.core.sqlite;
    db.pragma('wal_checkpoint(TRUNCATE)');
    expect(dbBytes(t.dataDir)).toContain(GONE); // the test is live: the marker is on disk before

    const row = db.prepare(`SELECT id FROM sessions WHERE claude_session_id = ?`).get('gone-session') as {
      id: number;
    };
    const del = await t.api('DELETE', `/api/sessions/${row.id}`);
    expect(del.status, del.text).toBe(200);
    db.pragma('wal_checkpoint(TRUNCATE)');

    const bytes = dbBytes(t.dataDir);
    expect(bytes).toContain(KEEP); // the other session is still there
    expect(bytes.includes(GONE), 'deleted marker found in the DB/WAL files').toBe(false);
  });
});

describe('a deleted session leaves the database file without an explicit checkpoint', () => {
  let t: TestService | undefined;
  afterAll(async () => t?.dispose());

  it('the background checkpoint runs at once after a deletion, however few writes it took', async () => {
    // Background checkpoints on, as the service runs; the thread retires 200 ms after the last write.
    t = await startTestService({ checkpointIdleMs: 200 });
    const marker = 'soonmarkerb5n2r';
    const r = await t.api('POST', '/api/hooks/UserPromptSubmit', {
      session_id: 'soon-session',
      cwd: '/w/del',
      prompt: `please remember ${marker} for later`,
    });
    expect(r.status, r.text).toBe(200);
    await t.settled();
    const db = t.service.core.sqlite;
    db.pragma('wal_checkpoint(TRUNCATE)');
    const mainFile = (): string => readFileSync(join(t!.dataDir, 'memtray.db')).toString('latin1');
    expect(mainFile()).toContain(marker); // live: the prompt is in the database file
    const row = db.prepare(`SELECT id FROM sessions WHERE claude_session_id = ?`).get('soon-session') as {
      id: number;
    };
    // The thread has retired: the deletion (three write statements) is what must bring it back.
    await new Promise((res) => setTimeout(res, 1_000));
    const del = await t.api('DELETE', `/api/sessions/${row.id}`);
    expect(del.status, del.text).toBe(200);
    // The checkpoint thread copies the zeroed pages into the file one interval later (250 ms).
    for (const end = Date.now() + 10_000; mainFile().includes(marker) && Date.now() < end;)
      await new Promise((res) => setTimeout(res, 50));
    expect(mainFile().includes(marker), 'deleted prompt still in the database file').toBe(false);
  });
});
