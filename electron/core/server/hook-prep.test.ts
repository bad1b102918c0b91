import { describe, expect, it } from 'vitest';
import { cleanDeep } from '../privacy/clean.js';
import { redactSecrets } from '../privacy/redact.js';
import { prepareHook, type Clean } from './hook-prep.js';
import { HttpError } from './http.js';

const settings = { redactSecrets: true, customRedactPatterns: [] as string[] };
const clean: Clean = (v, changed) => cleanDeep(v, settings, redactSecrets, changed);
const prep = (event: string, body: unknown) =>
  prepareHook(event, typeof body === 'string' ? body : JSON.stringify(body), clean);
/** The HttpError a bad body throws, as `{status, message}`. */
const refusal = (event: string, body: unknown): { status: number; message: string } => {
  try {
    prep(event, body);
  } catch (err) {
    if (err instanceof HttpError) return { status: err.status, message: err.message };
    throw err;
  }
  throw new Error('accepted');
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
    const r = prepareHook('PostToolUse', text, clean);
    expect(r.json).toBe(text);
    expect(r).toMatchObject({ sessionId: 's1', cwd: '/w/p' });
  });

  it('re-serializes what cleaning changed: private tags, secrets, the Edit originalFile', () => {
    const key = 'ghp_' + 'a1B2c3D4e5F6g7H8i9J0'.repeat(2);
    const r = prep('PostToolUse', {
      ...tool,
      tool_input: { command: `echo <private>hunter2</private> ${key}` },
      tool_response: { originalFile: 'x'.repeat(1000), stdout: 'done' },
    });
    const stored = JSON.parse(r.json) as { tool_input: { command: string }; tool_response: object };
    expect(stored.tool_input.command).toBe('echo  [REDACTED:github-token]');
    expect(stored.tool_response).toEqual({ originalFile: '[omitted: 1000 bytes]', stdout: 'done' });
    expect(r.json).not.toContain('hunter2');
  });

  it('refuses bad bodies with a 400 that says why', () => {
    expect(refusal('PostToolUse', '{"session_id":')).toMatchObject({
      status: 400,
      message: expect.stringMatching(/^invalid JSON/),
    });
    expect(refusal('PostToolUse', '['.repeat(300) + ']'.repeat(300))).toMatchObject({
      status: 400,
      message: expect.stringMatching(/nested deeper than 256/),
    });
    expect(refusal('PostToolUse', { ...tool, tool_name: 5 })).toMatchObject({
      status: 400,
      message: expect.stringMatching(/tool_name/),
    });
    expect(refusal('Stop', { session_id: 's1', hook_event_name: 'SessionEnd' })).toMatchObject({
      status: 400,
      message: expect.stringMatching(/does not match path event 'Stop'/),
    });
  });

  it('accepts many brackets inside strings when the nesting itself is shallow', () => {
    const code = '{ if (a[0]) { b[1] = {}; } }\n'.repeat(100); // 600 brackets in a string
    const r = prep('PostToolUse', { ...tool, tool_response: { stdout: code } });
    expect((JSON.parse(r.json) as { tool_response: { stdout: string } }).tool_response.stdout).toBe(code);
  });
});
