/**
 * Every agent's hook payload through the real command hook (`memtray-hook --agent X`, real stdin)
 * into a real service: the MemTray event it becomes, the session's agent, the tool call it records.
 * Cursor's and Copilot CLI's payloads are written from their published hook schemas (both need an
 * account to run); Gemini CLI's and opencode's are the shapes their sources build (the e2e tests
 * drive Codex for real). An unknown event is stored under its own name.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, tempDir, type TestService } from '../helpers/service.js';

const HOOK = join(process.cwd(), 'dist', 'memtray-hook.cjs');
let t: TestService;
const cwd = '/work/projects/ledger';

beforeAll(async () => {
  t = await startTestService({ dataDir: tempDir(), writeServerJson: true });
});
afterAll(() => t.stop());

function hook(agent: string, event: string, payload: unknown): Promise<string> {
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, [HOOK, '--agent', agent, event, '--data-dir', t.dataDir]);
    let out = '';
    p.stdout.on('data', (c: Buffer) => (out += c.toString()));
    p.on('error', reject);
    p.on('close', () => resolve(out));
    p.stdin.end(JSON.stringify(payload));
  });
}

async function sessionOf(sid: string) {
  await t.service.core.projector.settled();
  const s = t.service.core.read.sessionByClaudeId(sid)!;
  const events = t.service.core.sqlite
    .prepare('select event_name e from events where claude_session_id = ? order by id')
    .all(sid) as Array<{ e: string }>;
  const obs = t.service.core.sqlite
    .prepare(
      "select tool_name t, failed f, title from observations where session_id = ? and tool_name not like 'memtray:%' order by id",
    )
    .all(s.id) as Array<{ t: string; f: number; title: string | null }>;
  const detail = (await t.api('GET', `/api/sessions/${s.id}`)).json as { session: { agent: string } };
  return { agent: detail.session.agent, events: events.map((e) => e.e), obs, project: s.project };
}

describe('agent adapters through the real command hook', () => {
  it('cursor (published schema): prompt, shell call, file edit, stop; unknown events kept', async () => {
    const base = { conversation_id: 'cur-1', generation_id: 'g1', workspace_roots: [cwd] };
    await hook('cursor', 'beforeSubmitPrompt', {
      ...base,
      hook_event_name: 'beforeSubmitPrompt',
      prompt: 'fix the ledger rounding',
    });
    await hook('cursor', 'afterShellExecution', {
      ...base,
      hook_event_name: 'afterShellExecution',
      command: 'npm test -- rounding',
      output: '3 passed',
      duration: 812,
    });
    await hook('cursor', 'afterFileEdit', {
      ...base,
      hook_event_name: 'afterFileEdit',
      file_path: `${cwd}/src/round.ts`,
      edits: [{ old_string: 'Math.floor', new_string: 'Math.round' }],
    });
    await hook('cursor', 'afterAgentResponse', {
      ...base,
      hook_event_name: 'afterAgentResponse',
      text: 'Rounded.',
    });
    await hook('cursor', 'stop', { ...base, hook_event_name: 'stop', status: 'completed' });
    const s = await sessionOf('cur-1');
    expect(s.agent).toBe('cursor');
    expect(s.project).toBe('ledger');
    expect(s.events).toEqual([
      'UserPromptSubmit',
      'PostToolUse',
      'PostToolUse',
      'afterAgentResponse',
      'Stop',
    ]);
    expect(s.obs.map((o) => o.t)).toEqual(['Bash', 'Edit']);
  });

  it('copilot (published schema): camelCase payloads, JSON-string toolArgs, a failed tool', async () => {
    const base = { sessionId: 'cop-1', timestamp: 1_795_000_000_000, cwd };
    await hook('copilot', 'sessionStart', { ...base, source: 'new', initialPrompt: 'check totals' });
    await hook('copilot', 'userPromptSubmitted', { ...base, prompt: 'check the totals' });
    await hook('copilot', 'postToolUse', {
      ...base,
      toolName: 'bash',
      toolArgs: JSON.stringify({ command: 'make totals' }),
      toolResult: { resultType: 'failure', textResultForLlm: 'make: *** [totals] Error 2' },
    });
    await hook('copilot', 'agentStop', base);
    const s = await sessionOf('cop-1');
    expect(s.agent).toBe('copilot');
    expect(s.events).toEqual(['SessionStart', 'UserPromptSubmit', 'PostToolUseFailure', 'Stop']);
    expect(s.obs).toMatchObject([{ t: 'Bash', f: 1 }]);
  });

  it('gemini: BeforeAgent, AfterTool (run_shell_command, write_file), AfterAgent', async () => {
    const base = { session_id: 'gem-1', cwd, transcript_path: '/tmp/none.json' };
    await hook('gemini', 'BeforeAgent', { ...base, hook_event_name: 'BeforeAgent', prompt: 'add a test' });
    await hook('gemini', 'AfterTool', {
      ...base,
      hook_event_name: 'AfterTool',
      tool_name: 'run_shell_command',
      tool_input: { command: 'npm test' },
      tool_response: { llmContent: 'Output: 4 passed\nExit Code: 0', returnDisplay: '4 passed' },
    });
    await hook('gemini', 'AfterTool', {
      ...base,
      hook_event_name: 'AfterTool',
      tool_name: 'write_file',
      tool_input: { file_path: `${cwd}/t.test.ts`, content: 'test()' },
      tool_response: { llmContent: 'ok' },
    });
    await hook('gemini', 'AfterAgent', {
      ...base,
      hook_event_name: 'AfterAgent',
      prompt: 'add a test',
      prompt_response: 'Added.',
    });
    const s = await sessionOf('gem-1');
    expect(s.agent).toBe('gemini');
    expect(s.events).toEqual(['UserPromptSubmit', 'PostToolUse', 'PostToolUse', 'Stop']);
    expect(s.obs.map((o) => o.t)).toEqual(['Bash', 'Write']);
  });

  it('gemini, as the real CLI sends them: hook context left out of the prompt, shell sections, exit codes', async () => {
    // Recorded from Gemini CLI 0.61 (tests/e2e/agents/gemini.e2e.ts runs it).
    const base = {
      session_id: 'gem-real',
      cwd,
      transcript_path: '/tmp/none.jsonl',
      timestamp: '2026-11-27T21:57:24Z',
    };
    const context = '&lt;memtray-context&gt;\n# MemTray memory: ledger\n&lt;/memtray-context&gt;';
    await hook('gemini', 'PreCompress', { ...base, hook_event_name: 'PreCompress', trigger: 'auto' });
    await hook('gemini', 'BeforeAgent', {
      ...base,
      hook_event_name: 'BeforeAgent',
      prompt: `<hook_context>${context}</hook_context>\n\nFix the ledger rounding`,
    });
    const shell = (command: string, llmContent: string) =>
      hook('gemini', 'AfterTool', {
        ...base,
        hook_event_name: 'AfterTool',
        tool_name: 'run_shell_command',
        tool_input: { command },
        tool_response: { llmContent, returnDisplay: '' },
      });
    await shell(
      'cat FIX.md',
      '<untrusted_context>\nOutput: cents kept as integers\nProcess Group PGID: 25925\n</untrusted_context>',
    );
    await shell(
      'npm test',
      '<untrusted_context>\nOutput: 1 failed\nExit Code: 1\nProcess Group PGID: 25931\n</untrusted_context>',
    );
    await hook('gemini', 'PreCompress', { ...base, hook_event_name: 'PreCompress', trigger: 'manual' });
    const s = await sessionOf('gem-real');
    expect(s.events).toEqual([
      'PreCompress',
      'UserPromptSubmit',
      'PostToolUse',
      'PostToolUseFailure',
      'PreCompact',
    ]);
    const id = t.service.core.read.sessionByClaudeId('gem-real')!.id;
    const detail = (await t.api('GET', `/api/sessions/${id}`)).json as { prompts: Array<{ prompt: string }> };
    expect(detail.prompts.map((p) => p.prompt)).toEqual(['Fix the ledger rounding']);
    const responses = t.service.core.sqlite
      .prepare(
        "select tool_response r from observations where session_id = ? and tool_name = 'Bash' order by id",
      )
      .all(id) as Array<{ r: string }>;
    expect(JSON.parse(responses[0]!.r)).toEqual({ stdout: 'cents kept as integers', stderr: '' });
    expect(s.obs).toMatchObject([
      { t: 'Bash', f: 0 },
      { t: 'Bash', f: 1 },
    ]);
  });

  it('opencode: the plugin payloads; a non-zero exit is a failure', async () => {
    const base = { sessionID: 'ses_oc1', directory: cwd };
    await hook('opencode', 'session.created', base);
    await hook('opencode', 'chat.message', { ...base, prompt: 'run the linter' });
    await hook('opencode', 'tool.execute.after', {
      ...base,
      tool: 'bash',
      callID: 'c1',
      args: { command: 'npm run lint' },
      title: 'lint',
      output: '2 errors',
      metadata: { exit: 1 },
    });
    await hook('opencode', 'session.idle', base);
    const s = await sessionOf('ses_oc1');
    expect(s.agent).toBe('opencode');
    expect(s.events).toEqual(['SessionStart', 'UserPromptSubmit', 'PostToolUseFailure', 'Stop']);
    expect(s.obs).toMatchObject([{ t: 'Bash', f: 1 }]);
  });

  it('an unknown agent is refused; Claude Code events stay claude-code', async () => {
    const r = await t.api('POST', '/api/hooks/nobody/Stop', { session_id: 'x' });
    expect(r.status).toBe(404);
    await t.api('POST', '/api/hooks/UserPromptSubmit', { session_id: 'cc-1', cwd, prompt: 'hello' });
    expect((await sessionOf('cc-1')).agent).toBe('claude-code');
  });
});
