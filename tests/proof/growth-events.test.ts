/**
 * Bounded growth of the raw event log: retention compacts old tool events (their payloads stay
 * valid JSON, the sessions' state is unchanged) while recent ones stay whole.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../electron/core/maintenance/retention.js';
import { startTestService, type TestService } from '../helpers/service.js';

const big = (n: number, seed: string): string =>
  `${seed} `.repeat(Math.ceil(n / (seed.length + 1))).slice(0, n);

describe('bounded growth of the event log', () => {
  const running: TestService[] = [];
  afterEach(async () => {
    for (const t of running.splice(0)) await t.dispose();
  });

  it('retention compacts old tool events: the events table shrinks, payloads stay valid JSON, session state is unchanged', async () => {
    let now = Date.UTC(2026, 0, 1);
    const t = await startTestService({ clock: () => now });
    running.push(t);
    const sid = 'ev-old';
    const post = async (ev: string, body: Record<string, unknown>): Promise<void> => {
      const r = await t.api('POST', `/api/hooks/${ev}`, { session_id: sid, cwd: '/w/evs', ...body });
      expect(r.status, r.text).toBe(200);
      now += 1_000;
    };
    const tool = async (
      name: string,
      id: string,
      input: Record<string, unknown>,
      response: unknown,
      failure?: string,
    ): Promise<void> => {
      await post('PreToolUse', { tool_name: name, tool_use_id: id, tool_input: input });
      await post(failure === undefined ? 'PostToolUse' : 'PostToolUseFailure', {
        tool_name: name,
        tool_use_id: id,
        tool_input: input,
        tool_response: response,
        ...(failure === undefined ? {} : { error: failure }),
      });
    };
    await post('SessionStart', { source: 'startup' });
    await post('UserPromptSubmit', { prompt: `rewrite the lexer ${big(3_000, 'prompttext')}` });
    await tool(
      'Write',
      'w1',
      { file_path: '/w/evs/lexer.ts', content: big(30_000, 'writecontent') },
      { type: 'create', filePath: '/w/evs/lexer.ts', content: big(30_000, 'writecontent') },
    );
    await tool(
      'Edit',
      'e1',
      {
        file_path: '/w/evs/parser.ts',
        old_string: big(5_000, 'oldstr'),
        new_string: big(5_000, 'newstr'),
        replace_all: false,
      },
      { filePath: '/w/evs/parser.ts', originalFile: big(20_000, 'origfile'), structuredPatch: [] },
    );
    await tool(
      'Read',
      'r1',
      { file_path: '/w/evs/readme.md', offset: 1, limit: 2000 },
      { type: 'text', file: { filePath: '/w/evs/readme.md', content: big(20_000, 'readcontent') } },
    );
    await tool(
      'Bash',
      'b1',
      { command: `cat <<'EOF'\n${big(4_000, 'heredoc')}\nEOF`, description: 'print a long heredoc' },
      { stdout: big(10_000, 'stdoutline'), stderr: 'killed by the user', interrupted: true },
    );
    await tool(
      'mcp__github__create_issue',
      'm1',
      { owner: 'o', repo: 'r', title: 'an issue', body: big(4_000, 'issuebody') },
      { is_error: true, content: `rate limited ${big(3_000, 'mcperror')}` },
    );
    await tool(
      'Bash',
      'f1',
      { command: 'npm test', description: 'run the tests' },
      { stdout: big(8_000, 'failingtests'), stderr: '' },
      `Command failed: npm test ${big(2_000, 'failureerr')}`,
    );
    await tool(
      'Task',
      'a1',
      { subagent_type: 'code-reviewer', description: 'review', prompt: big(6_000, 'agentprompt') },
      { content: [{ type: 'text', text: big(6_000, 'agentanswer') }] },
    );
    await tool(
      'TodoWrite',
      'td1',
      {
        todos: Array.from({ length: 20 }, (_, i) => ({
          content: `step ${i} ${big(300, 'todo')}`,
          status: 'pending',
          activeForm: big(300, 'doing'),
        })),
      },
      { oldTodos: [], newTodos: Array.from({ length: 20 }, () => ({ content: big(300, 'todo') })) },
    );
    await post('Notification', { message: 'waiting for input' });
    await post('Stop', {});

    const db = t.service.core.sqlite;
    const sessions = (await t.api('GET', '/api/sessions?project=evs')).json as {
      items: Array<{ id: number; claudeSessionId: string }>;
    };
    const id = sessions.items.find((x) => x.claudeSessionId === sid)!.id;
    const state = async (): Promise<Record<string, unknown>> => {
      const r = await t.api('GET', `/api/sessions/${id}/state`);
      expect(r.status).toBe(200);
      return r.json as Record<string, unknown>;
    };
    const eventBytes = (): number =>
      (db.prepare(`SELECT sum(length(payload)) AS n FROM events`).get() as { n: number }).n;
    const stateBefore = await state();
    expect(stateBefore).toMatchObject({ files: { new: ['/w/evs/lexer.ts'], edited: ['/w/evs/parser.ts'] } });
    expect((stateBefore.errors as unknown[]).length, 'interrupted, MCP error, failure').toBe(3);

    now += 10 * DAY_MS;
    const recent = await t.api('POST', '/api/hooks/PostToolUse', {
      session_id: 'ev-new',
      cwd: '/w/evs',
      tool_name: 'Read',
      tool_input: { file_path: '/w/evs/recent.ts' },
      tool_response: { file: { filePath: '/w/evs/recent.ts', content: big(5_000, 'recentcontent') } },
    });
    expect(recent.status).toBe(200);
    const bytesBefore = eventBytes();
    expect((await t.api('PUT', '/api/settings', { retention: { rawDays: 7 } })).status).toBe(200);
    const run = (await t.api('POST', '/api/maintenance/run', {})).json as {
      retention: { events: number; bytesDropped: number };
      error: string | null;
    };
    expect(run.error).toBeNull();
    expect(
      run.retention.events,
      // TodoWrite is never captured by default: nothing of its call is journaled.
      'the 12 bulky tool events (not the PreToolUse of Read r1 and Bash f1, already small; not TodoWrite)',
    ).toBe(12);
    const bytesAfter = eventBytes();
    console.log(`events: ${bytesBefore} → ${bytesAfter} bytes`);
    expect(bytesAfter, 'the events table shrinks').toBeLessThan(bytesBefore / 5);
    expect(run.retention.bytesDropped).toBeGreaterThanOrEqual(bytesBefore - bytesAfter);

    // Every payload is still valid JSON, the bulky parts are gone, the small ones and prompts stay.
    const rows = db.prepare(`SELECT event_name AS e, payload FROM events ORDER BY id`).all() as Array<{
      e: string;
      payload: string;
    }>;
    const all = rows.map((r) => r.payload).join('\n');
    for (const r of rows) expect(() => JSON.parse(r.payload)).not.toThrow();
    for (const gone of [
      'writecontent',
      'oldstr',
      'origfile',
      'readcontent',
      'stdoutline',
      'issuebody',
      'agentprompt',
      'agentanswer',
      'doing',
    ])
      expect(all, gone).not.toContain(gone);
    expect(all).toContain('prompttext');
    expect(all, 'recent events are kept').toContain('recentcontent');
    expect(all).toContain('"description":"print a long heredoc"');
    expect(all).toContain('"subagent_type":"code-reviewer"');
    expect(all).toContain('"title":"an issue"');
    expect(await state(), 'session state derives the same after retention').toEqual(stateBefore);

    // Idempotent: a second run changes nothing.
    const again = (await t.api('POST', '/api/maintenance/run', {})).json as {
      retention: { events: number; observations: number };
    };
    expect(again.retention).toMatchObject({ events: 0, observations: 0 });
    expect(eventBytes()).toBe(bytesAfter);
    expect(await state()).toEqual(stateBefore);
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
  });
});
