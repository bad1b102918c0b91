import { describe, expect, it } from 'vitest';
import { redactSecrets } from '../privacy/redact.js';
import { prepareHook, type PrepResult } from './hook-prep.js';

const settings = { redactSecrets: true, customRedactPatterns: [] as string[] };
const prep = (event: string, body: unknown): PrepResult =>
  prepareHook(event, typeof body === 'string' ? body : JSON.stringify(body), settings, redactSecrets);
const ok = (r: PrepResult) => {
  if (!r.ok) throw new Error(r.message);
  return r;
};

const tool = {
  session_id: 's1',
  cwd: '/w/p',
  tool_name: 'Bash',
  tool_input: { command: 'ls' },
  tool_response: { stdout: 'a\nb' },
};

describe('prepareHook', () => {
  it('stores the body text itself when cleaning changes nothing', () => {
    const text = JSON.stringify(tool);
    const r = ok(prepareHook('PostToolUse', text, settings, redactSecrets));
    expect(r.json).toBe(text);
    expect(r).toMatchObject({ sessionId: 's1', cwd: '/w/p' });
  });

  it('re-serializes what cleaning changed: private tags, secrets, the Edit originalFile', () => {
    const key = 'ghp_' + 'a1B2c3D4e5F6g7H8i9J0'.repeat(2);
    const r = ok(
      prep('PostToolUse', {
        ...tool,
        tool_input: { command: `echo <private>hunter2</private> ${key}` },
        tool_response: { originalFile: 'x'.repeat(1000), stdout: 'done' },
      }),
    );
    const stored = JSON.parse(r.json) as { tool_input: { command: string }; tool_response: object };
    expect(stored.tool_input.command).toBe('echo  [REDACTED:github-token]');
    expect(stored.tool_response).toEqual({ originalFile: '[omitted: 1000 bytes]', stdout: 'done' });
    expect(r.json).not.toContain('hunter2');
  });

  it('refuses bad bodies with a 400 that says why', () => {
    expect(prep('PostToolUse', '{"session_id":')).toMatchObject({
      ok: false,
      status: 400,
      message: expect.stringMatching(/^invalid JSON/),
    });
    expect(prep('PostToolUse', '['.repeat(300) + ']'.repeat(300))).toMatchObject({
      ok: false,
      message: expect.stringMatching(/nested deeper than 256/),
    });
    expect(prep('PostToolUse', { ...tool, tool_name: 5 })).toMatchObject({
      ok: false,
      message: expect.stringMatching(/tool_name/),
    });
    expect(prep('Stop', { session_id: 's1', hook_event_name: 'SessionEnd' })).toMatchObject({
      ok: false,
      message: expect.stringMatching(/does not match path event 'Stop'/),
    });
  });

  it('accepts many brackets inside strings when the nesting itself is shallow', () => {
    const code = '{ if (a[0]) { b[1] = {}; } }\n'.repeat(100); // 600 brackets in a string
    const r = ok(prep('PostToolUse', { ...tool, tool_response: { stdout: code } }));
    expect((JSON.parse(r.json) as { tool_response: { stdout: string } }).tool_response.stdout).toBe(code);
  });
});
