/**
 * One hook endpoint: Claude Code's HTTP hooks and the command hook both post to
 * `POST /api/hooks/:event`, journaled; the command hook's event id makes a post that timed out
 * after its commit, then spooled, count once. No other path takes hooks.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { rawRequest, startTestService, type TestService } from '../helpers/service.js';

describe('the hook endpoint', () => {
  let t: TestService | undefined;
  afterEach(async () => {
    await t?.dispose();
    t = undefined;
  });

  const post = (path: string, body: unknown, id?: string) =>
    rawRequest(t!.port, {
      method: 'POST',
      path,
      headers: {
        authorization: `Bearer ${t!.token}`,
        'content-type': 'application/json',
        ...(id ? { 'x-memtray-event-id': id } : {}),
      },
      body: JSON.stringify(body),
    });

  const call = (n: number) => ({
    session_id: 'one-path',
    cwd: '/w/one-path',
    tool_name: 'Bash',
    tool_input: { command: `echo ${n}` },
    tool_response: { stdout: String(n) },
    tool_use_id: `toolu_one_${n}`,
  });

  it('stores an event posted twice with the same event id once, through the journal', async () => {
    t = await startTestService();
    const sqlite = t.service.core.sqlite;
    expect((await post('/api/hooks/PostToolUse', call(1), 'evt-0000-0001')).status).toBe(200);
    expect((await post('/api/hooks/PostToolUse', call(1), 'evt-0000-0001')).status).toBe(200);
    expect((await post('/api/hooks/PostToolUse', call(2), 'evt-0000-0002')).status).toBe(200);
    // Without an id (Claude Code's HTTP hooks) every post is an event.
    expect((await post('/api/hooks/PostToolUse', call(3))).status).toBe(200);
    await t.service.core.projector.settled();
    const events = sqlite
      .prepare(
        `SELECT event_uid AS uid, source, projected FROM events WHERE event_name = 'PostToolUse' ORDER BY id`,
      )
      .all();
    expect(events).toEqual([
      { uid: 'spool:evt-0000-0001', source: 'hook', projected: 1 },
      { uid: 'spool:evt-0000-0002', source: 'hook', projected: 1 },
      { uid: null, source: 'http', projected: 1 },
    ]);
    const calls = sqlite.prepare(`SELECT tool_use_id FROM observations ORDER BY id`).pluck().all();
    expect(calls).toEqual(['toolu_one_1', 'toolu_one_2', 'toolu_one_3']);
  });

  it('takes hooks on that one path: /api/capture/hook/:event is not a route', async () => {
    t = await startTestService();
    expect((await post('/api/capture/hook/PostToolUse', call(1), 'evt-0000-0009')).status).toBe(404);
    await t.service.core.projector.settled();
    const stored = t.service.core.sqlite.prepare(`SELECT count(*) FROM events`).pluck().get();
    expect(stored).toBe(0);
  });

  it('answers a SessionStart post with the memory context', async () => {
    t = await startTestService();
    await post('/api/hooks/UserPromptSubmit', {
      session_id: 's0',
      cwd: '/w/ctxproj',
      prompt: 'remember the zebra',
    });
    const r = await post(
      '/api/hooks/SessionStart',
      { session_id: 's1', cwd: '/w/ctxproj', source: 'startup' },
      'evt-0000-0003',
    );
    expect(r.status).toBe(200);
    const ctx = (r.json as { hookSpecificOutput?: { additionalContext?: string } }).hookSpecificOutput
      ?.additionalContext;
    expect(ctx).toContain('<memtray-context>');
  });
});

describe('session state from every ingest route', () => {
  let t: TestService | undefined;
  afterEach(async () => {
    await t?.dispose();
    t = undefined;
  });

  it('prompts and tool calls posted through the seed endpoints show in GET /api/sessions/:id/state', async () => {
    t = await startTestService();
    const init = await t.api('POST', '/api/sessions/init', {
      claudeSessionId: 'seed-state',
      cwd: '/w/seedproj',
      prompt: 'add the parser',
    });
    expect(init.status).toBe(200);
    const obs = async (tool: string, input: unknown) =>
      (
        await t!.api('POST', '/api/sessions/observations', {
          claudeSessionId: 'seed-state',
          cwd: '/w/seedproj',
          tool_name: tool,
          tool_input: input,
          tool_response: { ok: true },
          tool_use_id: `toolu_seed_${tool}`,
        })
      ).status;
    expect(await obs('Write', { file_path: '/w/seedproj/src/parser.ts', content: 'x' })).toBe(200);
    expect(await obs('Read', { file_path: '/w/seedproj/README.md' })).toBe(200);
    const id = (init.json as { sessionDbId: number }).sessionDbId;
    const st = (await t.api('GET', `/api/sessions/${id}/state`)).json as {
      files: { new: string[]; edited: string[]; read: string[] };
      tools_used: Record<string, number>;
      prompts: Array<{ prompt: string }>;
    };
    expect(st.prompts.map((p) => p.prompt)).toEqual(['add the parser']);
    expect(st.tools_used).toEqual({ Write: 1, Read: 1 });
    expect(st.files.new).toEqual(['/w/seedproj/src/parser.ts']);
    expect(st.files.read).toEqual(['/w/seedproj/README.md']);
  });
});
