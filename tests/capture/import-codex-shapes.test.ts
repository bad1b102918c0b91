/**
 * The Codex reader on the shapes older Codex versions wrote (handmade from those versions' rollout
 * format; the recorded real rollout of today's Codex is in import-agents.test.ts): `user_message`
 * events instead of `item_completed`, the `shell` tool with an argv and JSON output carrying
 * `metadata.exit_code`, and a line that is not JSON.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { codexHistory } from '../../electron/core/capture/import-codex.js';
import { tempDir } from '../helpers/service.js';

const line = (type: string, payload: Record<string, unknown>, at = '2026-05-01T10:00:00.000Z'): string =>
  JSON.stringify({ timestamp: at, type, payload });

describe('Codex rollouts of older versions', () => {
  it('reads user_message prompts, shell argv calls and JSON outputs with their exit codes', async () => {
    const file = join(tempDir('memtray-codex-old-'), 'rollout-2026-05-01T10-00-00-old.jsonl');
    const lines = [
      line('session_meta', { id: 'old-session', cwd: '/w/legacy', timestamp: '2026-05-01T10:00:00.000Z' }),
      line('event_msg', { type: 'user_message', message: 'Run the legacy tests' }),
      line('response_item', {
        type: 'function_call',
        name: 'shell',
        arguments: JSON.stringify({ command: ['bash', '-lc', 'npm test'] }),
        call_id: 'c1',
      }),
      'not json',
      line('response_item', {
        type: 'function_call_output',
        call_id: 'c1',
        output: JSON.stringify({ output: '1 failing', metadata: { exit_code: 1, duration_seconds: 0.4 } }),
      }),
      line('response_item', {
        type: 'function_call',
        name: 'shell',
        arguments: JSON.stringify({ command: ['git', 'status'] }),
        call_id: 'c2',
      }),
      line('response_item', {
        type: 'function_call_output',
        call_id: 'c2',
        output: JSON.stringify({ output: 'clean', metadata: { exit_code: 0 } }),
      }),
      line('event_msg', { type: 'task_complete', last_agent_message: 'One test fails.' }),
    ];
    writeFileSync(file, `${lines.join('\n')}\n`);
    const read = await codexHistory.read(file);
    expect(read.skipped).toBe(1);
    expect(read.sessions).toHaveLength(1);
    const s = read.sessions[0]!;
    expect(s.id).toBe('old-session');
    expect(s.events.map((e) => e.event)).toEqual([
      'SessionStart',
      'UserPromptSubmit',
      'PostToolUseFailure',
      'PostToolUse',
      'Stop',
    ]);
    const [, prompt, failed, ok, stop] = s.events;
    expect(prompt!.payload).toMatchObject({
      prompt: 'Run the legacy tests',
      cwd: '/w/legacy',
      memtray_agent: 'codex',
    });
    expect(failed!.payload).toMatchObject({
      tool_name: 'Bash',
      tool_input: { command: 'npm test' },
      tool_response: { stdout: '1 failing' },
      tool_use_id: 'c1',
    });
    expect(ok!.payload).toMatchObject({ tool_input: { command: 'git status' } });
    expect(stop!.payload).toMatchObject({ last_assistant_message: 'One test fails.' });
    // Keys are stable: a second read gives the same ones (the import's idempotency ids).
    const again = await codexHistory.read(file);
    expect(again.sessions[0]!.events.map((e) => e.key)).toEqual(s.events.map((e) => e.key));
  });
});
