/**
 * "A 2xx means committed to disk": with `synchronous = NORMAL` in WAL mode a
 * commit survives a crash of the process but not a power loss (the WAL is fsynced only at
 * checkpoints). The service's connection, which commits every acknowledged event (the group commit),
 * runs `synchronous = FULL`: the WAL is fsynced at every commit before the answer. A power cut
 * cannot be staged in a test; what is checked is the setting on the connection that acknowledges, in
 * the service, the CLI's `serve` and the app (all build on createCore). The cost is in bench/ingest
 * (`--synchronous normal|full`) and docs/explanation/durability.md.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../helpers/service.js';

const FULL = 2;

describe('durability of acknowledged events', () => {
  const running: TestService[] = [];
  afterEach(async () => {
    for (const t of running.splice(0)) await t.dispose();
  });

  it('the connection that acknowledges hooks fsyncs every commit (synchronous = FULL, WAL)', async () => {
    const t = await startTestService();
    running.push(t);
    const db = t.service.core.sqlite;
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('synchronous', { simple: true })).toBe(FULL);
    const r = await t.api('POST', '/api/hooks/UserPromptSubmit', {
      session_id: 'd',
      cwd: '/w/d',
      prompt: 'x',
    });
    expect(r.status).toBe(200);
    expect(db.pragma('synchronous', { simple: true }), 'still FULL after a group commit').toBe(FULL);
  });
});
