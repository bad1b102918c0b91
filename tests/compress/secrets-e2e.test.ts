import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { drained, startRig, toolEvent, waitQueue, type Rig } from './helpers.js';
import { SEEDED } from './secrets.js';

describe('seeded secrets never reach the database or a request', () => {
  let rig: Rig;
  afterAll(async () => {
    await rig?.dispose();
  });

  it('redacts before storage and before every API call', async () => {
    rig = await startRig();
    const { t, api } = rig;
    const sid = 's-secrets';
    const blob = SEEDED.map((s) => `${s.label}: ${s.value}`).join('\n');
    await t.api('POST', '/api/hooks/UserPromptSubmit', {
      session_id: sid,
      cwd: '/work/proj',
      prompt: `use this: ${SEEDED[0]!.value}`,
    });
    await t.api(
      'POST',
      '/api/hooks/PostToolUse',
      toolEvent(
        sid,
        'Bash',
        { command: `export ${SEEDED[16]!.value} && env`, description: 'print env' },
        { stdout: blob, stderr: '', interrupted: false, isImage: false },
      ),
    );
    await t.api(
      'POST',
      '/api/hooks/PostToolUse',
      toolEvent(
        sid,
        'Write',
        { file_path: '/work/proj/.env', content: blob },
        { type: 'create', filePath: '/work/proj/.env', content: blob },
      ),
    );
    await t.api(
      'POST',
      '/api/hooks/PostToolUse',
      toolEvent(
        sid,
        'Read',
        { file_path: '/work/proj/.env' },
        {
          type: 'text',
          file: { filePath: '/work/proj/.env', content: blob, numLines: 20, startLine: 1, totalLines: 20 },
        },
      ),
    );
    await t.api('POST', '/api/hooks/Stop', {
      session_id: sid,
      cwd: '/work/proj',
      last_assistant_message: `Done; key ${SEEDED[4]!.value}`,
    });
    await waitQueue(t, drained);
    expect(api.requests.length).toBeGreaterThanOrEqual(2); // observe + summarize

    const sqlite = t.service.core.sqlite;
    const tables = (
      sqlite
        .prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '%fts%'`)
        .all() as Array<{ name: string }>
    ).map((r) => r.name);
    const dump = tables.map((n) => JSON.stringify(sqlite.prepare(`SELECT * FROM "${n}"`).all())).join('\n');
    sqlite.pragma('wal_checkpoint(TRUNCATE)');
    const files = readdirSync(t.dataDir).filter((f) => f.endsWith('.db') || f.endsWith('-wal'));
    expect(files.length).toBeGreaterThan(0);
    const bytes = files.map((f) => readFileSync(join(t.dataDir, f)).toString('latin1')).join('\n');
    const sent = api.allRequestText();
    expect(dump).toContain('[REDACTED:');
    expect(sent).toContain('[REDACTED:');
    for (const s of SEEDED) {
      expect(dump.includes(s.secret), `${s.label} in a table`).toBe(false);
      expect(bytes.includes(s.secret), `${s.label} in the database file`).toBe(false);
      expect(sent.includes(s.secret), `${s.label} in a request`).toBe(false);
    }
  });
});
