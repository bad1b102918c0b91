import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../helpers/service.js';

interface Detail {
  session: {
    id: number;
    claudeSessionId: string;
    project: string;
    promptCounter: number;
    status: string;
    firstPrompt: string | null;
  };
  prompts: Array<{ promptNumber: number; prompt: string }>;
  observations: Array<{ id: number; toolName: string; promptNumber: number }>;
}

describe('sessions, prompts and observations', () => {
  let t: TestService;
  beforeEach(async () => {
    t = await startTestService();
  });
  afterEach(async () => {
    await t.dispose();
  });

  const detail = async (id: number): Promise<Detail> =>
    (await t.api('GET', `/api/sessions/${id}`)).json as Detail;

  it('init is idempotent per Claude session id and counts prompts', async () => {
    const a = await t.api('POST', '/api/sessions/init', {
      claudeSessionId: 'c1',
      cwd: '/home/me/alpha',
      prompt: 'first',
    });
    const b = await t.api('POST', '/api/sessions/init', { session_id: 'c1', userPrompt: 'second' });
    expect(a.json).toEqual({ sessionDbId: expect.any(Number), promptNumber: 1, skipped: false });
    expect(b.json).toMatchObject({
      sessionDbId: (a.json as { sessionDbId: number }).sessionDbId,
      promptNumber: 2,
      skipped: false,
    });
    const d = await detail((a.json as { sessionDbId: number }).sessionDbId);
    expect(d.session).toMatchObject({
      project: 'alpha',
      promptCounter: 2,
      status: 'active',
      firstPrompt: 'first',
    });
    expect(d.prompts.map((p) => [p.promptNumber, p.prompt])).toEqual([
      [1, 'first'],
      [2, 'second'],
    ]);
    // The seed's own form: POST /sessions/:sessionDbId/init
    const c = await t.api('POST', `/sessions/${d.session.id}/init`, {
      userPrompt: 'third',
      project: 'ignored',
    });
    expect(c.json).toMatchObject({ sessionDbId: d.session.id, promptNumber: 3 });
  });

  it('strips private tags from prompts; an all-private prompt is not stored and its tool calls are skipped', async () => {
    await t.api('POST', '/api/hooks/UserPromptSubmit', {
      session_id: 'p1',
      cwd: '/x/beta',
      prompt: 'fix <private>hunter2</private>the bug',
    });
    const priv = await t.api('POST', '/api/sessions/init', {
      claudeSessionId: 'p1',
      prompt: '  <private>my password is hunter2</private> ',
    });
    expect(priv.json).toMatchObject({ promptNumber: 2, skipped: true });
    const obs = await t.api('POST', '/api/sessions/observations', {
      claudeSessionId: 'p1',
      tool_name: 'Bash',
      tool_input: { command: 'echo hunter2' },
      tool_response: 'hunter2',
    });
    expect(obs.json).toMatchObject({ stored: false, skipped: 'private-prompt' });
    await t.api('POST', '/api/hooks/UserPromptSubmit', { session_id: 'p1', prompt: 'next one' });
    const ok = await t.api('POST', '/api/hooks/PostToolUse', {
      session_id: 'p1',
      tool_name: 'Read',
      tool_input: { file_path: '/x/beta/a.ts' },
      tool_response: { type: 'text', file: { content: 'a <private>k</private> b' } },
    });
    expect(ok.status).toBe(200);
    const d = await detail(1);
    expect(d.prompts.map((p) => p.prompt)).toEqual(['fix the bug', 'next one']);
    expect(d.observations.map((o) => [o.toolName, o.promptNumber])).toEqual([['Read', 3]]);
    const dump =
      JSON.stringify(t.service.core.sqlite.prepare('select * from events').all()) +
      JSON.stringify(t.service.core.sqlite.prepare('select * from observations').all());
    expect(dump).not.toContain('hunter2');
    expect(dump).not.toMatch(/<private>|>k</);
  });

  it('never stores the MemTray context wrapper (no recursion)', async () => {
    await t.api('POST', '/api/hooks/UserPromptSubmit', { session_id: 'r1', cwd: '/x/g', prompt: 'go' });
    await t.api('POST', '/api/hooks/PostToolUse', {
      session_id: 'r1',
      tool_name: 'Bash',
      tool_input: { command: 'cat notes' },
      tool_response: { stdout: 'before <memtray-context># old memories</memtray-context> after' },
    });
    await t.settled();
    const raw = t.service.core.sqlite.prepare('select tool_response from observations').get() as {
      tool_response: string;
    };
    expect(JSON.parse(raw.tool_response)).toEqual({ stdout: 'before  after' });
  });

  it('skips tools on the skip list and de-duplicates tool_use_id', async () => {
    await t.api('POST', '/api/hooks/UserPromptSubmit', { session_id: 'k1', cwd: '/x/k', prompt: 'go' });
    const todo = await t.api('POST', '/api/sessions/observations', {
      claudeSessionId: 'k1',
      tool_name: 'TodoWrite',
      tool_input: {},
    });
    expect(todo.json).toMatchObject({ stored: false, skipped: 'skip-tool' });
    const body = {
      session_id: 'k1',
      tool_name: 'Bash',
      tool_use_id: 'toolu_1',
      tool_input: { command: 'ls' },
      tool_response: { stdout: 'a' },
    };
    await t.api('POST', '/api/hooks/PostToolUse', body);
    await t.api('POST', '/api/hooks/PostToolUse', body);
    expect((await detail(1)).observations).toHaveLength(1);
  });

  it('unknown session on observation → created (seed rule), project from cwd', async () => {
    const r = await t.api('POST', '/api/sessions/observations', {
      claudeSessionId: 'new',
      cwd: '/srv/gamma/',
      tool_name: 'Grep',
      tool_input: { pattern: 'x' },
      tool_response: 'none',
    });
    expect(r.json).toMatchObject({ stored: true, sessionDbId: 1 });
    expect((await detail(1)).session.project).toBe('gamma');
  });

  it('a disabled project and the global pause answer 2xx, store nothing, and count', async () => {
    await t.api('POST', '/api/hooks/UserPromptSubmit', { session_id: 'd1', cwd: '/x/delta', prompt: 'go' });
    expect((await t.api('PUT', '/api/projects/delta', { capture: false })).status).toBe(200);
    const before = t.service.core.read.counts();
    const r = await t.api('POST', '/api/hooks/PostToolUse', {
      session_id: 'd1',
      cwd: '/x/delta',
      tool_name: 'Bash',
      tool_input: {},
      tool_response: {},
    });
    expect(r.status).toBe(200);
    const r2 = await t.api('POST', '/api/hooks/UserPromptSubmit', {
      session_id: 'd2',
      cwd: '/x/delta',
      prompt: 'other session, same project',
    });
    expect(r2.status).toBe(200);
    expect(t.service.core.read.counts()).toEqual(before);
    await t.api('PUT', '/api/projects/delta', { capture: true });
    await t.api('PUT', '/api/settings', { paused: true });
    await t.api('POST', '/api/hooks/PostToolUse', {
      session_id: 'd1',
      tool_name: 'Bash',
      tool_input: {},
      tool_response: {},
    });
    expect(t.service.core.read.counts()).toEqual(before);
    const projects = (await t.api('GET', '/api/projects')).json as {
      items: Array<{ name: string; skippedEvents: number }>;
      paused: boolean;
    };
    expect(projects.paused).toBe(true);
    expect(projects.items.find((p) => p.name === 'delta')!.skippedEvents).toBe(3);
    await t.api('PUT', '/api/settings', { paused: false, pausedUntil: Date.now() + 60_000 });
    await t.api('POST', '/api/hooks/PostToolUse', {
      session_id: 'd1',
      tool_name: 'Bash',
      tool_input: {},
      tool_response: {},
    });
    expect(t.service.core.read.counts()).toEqual(before);
  });

  it('excluded path globs keep matching tool calls and sessions out', async () => {
    await t.api('PUT', '/api/settings', { excludedPaths: ['**/secrets/**', '/opt/private'] });
    await t.api('POST', '/api/hooks/UserPromptSubmit', { session_id: 'e1', cwd: '/x/eps', prompt: 'go' });
    await t.api('POST', '/api/hooks/PostToolUse', {
      session_id: 'e1',
      tool_name: 'Read',
      tool_input: { file_path: '/x/eps/secrets/key.pem' },
      tool_response: {},
    });
    await t.api('POST', '/api/hooks/PostToolUse', {
      session_id: 'e1',
      tool_name: 'Read',
      tool_input: { file_path: '/x/eps/src/a.ts' },
      tool_response: {},
    });
    await t.api('POST', '/api/hooks/UserPromptSubmit', {
      session_id: 'e2',
      cwd: '/opt/private/repo',
      prompt: 'hidden',
    });
    const d = await detail(1);
    expect(d.observations.map((o) => o.toolName)).toEqual(['Read']);
    expect(t.service.core.read.counts().sessions).toBe(1);
  });

  it('summarize queues a job; complete marks the session completed; delete cascades', async () => {
    await t.api('POST', '/api/hooks/UserPromptSubmit', { session_id: 'z1', cwd: '/x/zeta', prompt: 'go' });
    await t.api('POST', '/api/hooks/PostToolUse', {
      session_id: 'z1',
      tool_name: 'Bash',
      tool_input: { command: 'ls' },
      tool_response: { stdout: 'a' },
    });
    const s = await t.api('POST', '/api/sessions/summarize', {
      claudeSessionId: 'z1',
      last_user_message: 'go',
      last_assistant_message: 'done <private>x</private>',
    });
    expect(s.status).toBe(202);
    const job = t.service.core.sqlite.prepare("select * from jobs where kind = 'summarize'").get() as {
      payload: string;
      status: string;
    };
    expect(JSON.parse(job.payload)).toEqual({
      promptNumber: 1,
      last_user_message: 'go',
      last_assistant_message: 'done ',
    });
    const c = await t.api('POST', '/api/sessions/complete', { claudeSessionId: 'z1', reason: 'exit' });
    expect(c.json).toMatchObject({ completed: true, sessionDbId: 1 });
    expect((await detail(1)).session.status).toBe('completed');
    expect((await t.api('DELETE', '/api/sessions/1')).status).toBe(200);
    expect(t.service.core.read.counts()).toEqual({
      sessions: 0,
      prompts: 0,
      observations: 0,
      summaries: 0,
      events: 0,
    });
    const fts = t.service.core.sqlite
      .prepare("select count(*) n from prompts_fts where prompts_fts match 'go'")
      .get() as { n: number };
    expect(fts.n).toBe(0);
    expect((await t.api('GET', '/api/sessions/1')).status).toBe(404);
  });

  it('lists sessions newest first with cursor pagination, filtered by project', async () => {
    for (let i = 0; i < 5; i++)
      await t.api('POST', '/api/sessions/init', {
        claudeSessionId: `l${i}`,
        cwd: i % 2 ? '/a/odd' : '/a/even',
        prompt: `p${i}`,
      });
    const page1 = (await t.api('GET', '/api/sessions?limit=2')).json as {
      items: Array<{ claudeSessionId: string }>;
      nextCursor: number;
    };
    expect(page1.items.map((s) => s.claudeSessionId)).toEqual(['l4', 'l3']);
    const page2 = (await t.api('GET', `/api/sessions?limit=2&cursor=${page1.nextCursor}`))
      .json as typeof page1;
    expect(page2.items.map((s) => s.claudeSessionId)).toEqual(['l2', 'l1']);
    const even = (await t.api('GET', '/api/sessions?project=even')).json as typeof page1;
    expect(even.items.map((s) => s.claudeSessionId)).toEqual(['l4', 'l2', 'l0']);
    expect(even.nextCursor).toBeNull();
  });

  it('settings persist, validate, and never return the API key', async () => {
    const r = await t.api('PUT', '/api/settings', {
      skipTools: ['Bash'],
      provider: { model: 'claude-x' },
      apiKey: 'sk-ant-test-123',
    });
    expect(r.status).toBe(200);
    expect(r.text).not.toContain('sk-ant-test-123');
    expect(r.json).toMatchObject({
      skipTools: ['Bash'],
      provider: { model: 'claude-x', concurrency: 2 },
      apiKeySet: true,
      apiKeySource: 'settings',
    });
    const g = await t.api('GET', '/api/settings');
    expect(g.text).not.toContain('sk-ant-test-123');
    expect(t.service.core.settings.apiKey()).toBe('sk-ant-test-123');
  });

  it('SessionStart via HTTP answers with the context wrapped in <memtray-context>', async () => {
    await t.api('POST', '/api/hooks/UserPromptSubmit', { session_id: 'h1', cwd: '/x/eta', prompt: 'go' });
    await t.api('POST', '/api/hooks/PostToolUse', {
      session_id: 'h1',
      tool_name: 'Bash',
      tool_input: { command: 'npm test' },
      tool_response: { stdout: 'ok' },
    });
    const r = await t.api('POST', '/api/hooks/SessionStart', {
      session_id: 'h2',
      cwd: '/x/eta',
      source: 'startup',
    });
    const out = r.json as { hookSpecificOutput: { hookEventName: string; additionalContext: string } };
    expect(out.hookSpecificOutput.hookEventName).toBe('SessionStart');
    expect(out.hookSpecificOutput.additionalContext).toMatch(/^<memtray-context>[\s\S]*<\/memtray-context>$/);
    const md = await t.api('GET', '/api/context/inject?project=eta');
    expect(md.headers['content-type']).toMatch(/markdown/);
    expect(md.text).toContain('memtray-context');
    // Other events answer {} (never a blocking decision).
    for (const ev of [
      'PreToolUse',
      'Stop',
      'SubagentStop',
      'Notification',
      'PreCompact',
      'SessionEnd',
      'SomeFutureEvent',
    ]) {
      const x = await t.api('POST', `/api/hooks/${ev}`, {
        session_id: 'h2',
        tool_name: 'Bash',
        tool_input: {},
        message: 'm',
      });
      expect([ev, x.status, x.json]).toEqual([ev, 200, {}]);
    }
  });
});

describe('settings with a secret store that refuses the key', () => {
  it('answers 409 and changes nothing else in the same update', async () => {
    const t = await startTestService({
      secretStore: () => ({
        get: () => null,
        set: () => {
          throw new Error('no OS keychain available');
        },
      }),
    });
    try {
      const r = await t.api('PUT', '/api/settings', { apiKey: 'sk-ant-x', skipTools: ['Zed'] });
      expect(r.status).toBe(409);
      expect((r.json as { error: string }).error).toMatch(/cannot store the API key: no OS keychain/);
      const s = (await t.api('GET', '/api/settings')).json as { skipTools: string[]; apiKeySet: boolean };
      expect(s.skipTools).not.toContain('Zed');
    } finally {
      await t.dispose();
    }
  });
});
