import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { extractRules } from '../../electron/core/compress/rules.js';
import { hasSharedCorpus, loadHookEvents } from '../helpers/corpus.js';

const observation = z
  .object({
    type: z.enum(['change', 'discovery', 'decision', 'test', 'build', 'command', 'failure', 'delegation']),
    title: z.string().min(3).max(120),
    subtitle: z.string().max(400).nullish(),
    facts: z.array(z.string().min(1).max(400)),
    narrative: z.string().nullish(),
    concepts: z.array(z.string().min(1)),
    filesRead: z.array(z.string().min(1)),
    filesModified: z.array(z.string().min(1)),
  })
  .strict();

const posts = loadHookEvents().filter((e) => e.eventName === 'PostToolUse');

describe('rule-based extractor over every PostToolUse of the corpus', () => {
  it('yields a valid, deterministic observation for each', () => {
    expect(posts.length).toBeGreaterThan(hasSharedCorpus ? 300 : 30);
    for (const ev of posts) {
      const p = ev.payload;
      const input = {
        toolName: String(p.tool_name),
        toolInput: p.tool_input,
        toolResponse: p.tool_response,
        failed: false,
        cwd: typeof p.cwd === 'string' ? p.cwd : null,
      };
      const out = extractRules(structuredClone(input));
      const r = observation.safeParse(out);
      expect(r.success, `${ev.source} ${input.toolName}: ${r.success ? '' : r.error.message}`).toBe(true);
      expect(extractRules(structuredClone(input))).toEqual(out);
      const ti = p.tool_input as Record<string, unknown>;
      switch (input.toolName) {
        case 'Read':
          expect(out.filesRead).toEqual([ti.file_path]);
          expect(out.type).toBe('discovery');
          break;
        case 'Write':
        case 'Edit':
          expect(out.filesModified).toEqual([ti.file_path]);
          if (input.toolName === 'Edit') expect(out.facts.some((f) => f.startsWith('old: '))).toBe(true);
          break;
        case 'Bash':
          expect(out.facts).toContain(`is_test: ${out.type === 'test'}`);
          expect(out.facts.some((f) => /^exit_status: /.test(f))).toBe(true);
          expect(out.facts.some((f) => f.startsWith('command: '))).toBe(true);
          break;
        case 'Grep':
        case 'Glob':
          expect(out.facts.some((f) => /^result_count: \d+$/.test(f))).toBe(true);
          expect(out.facts).toContain(`search_pattern: ${String(ti.pattern)}`);
          break;
        default:
          if (input.toolName.startsWith('mcp__')) {
            expect(out.facts).toContain(`mcp_server: ${input.toolName.split('__')[1]}`);
          }
      }
    }
  });

  it('recognises tests, builds, exit status and failures', () => {
    const bash = (command: string, response: unknown, failed = false) =>
      extractRules({ toolName: 'Bash', toolInput: { command }, toolResponse: response, failed, cwd: '/p' });
    const ok = { stdout: 'Tests: 12 passed, 12 total', stderr: '', interrupted: false, isImage: false };
    expect(bash('npx vitest run', ok)).toMatchObject({ type: 'test' });
    expect(bash('npx vitest run', ok).facts).toEqual(
      expect.arrayContaining(['exit_status: 0', 'Tests: 12 passed, 12 total']),
    );
    expect(bash('cargo build --release', { stdout: '', stderr: '' })).toMatchObject({ type: 'build' });
    const failedTest = bash(
      'cargo test',
      'Error: Exit code 101\ntest result: FAILED. 3 passed; 1 failed',
      true,
    );
    expect(failedTest.type).toBe('test');
    expect(failedTest.title).toMatch(/^Tests failed/);
    expect(failedTest.facts).toContain('exit_status: 101');
    const ls = bash('ls -la', 'Exit code 2\nls: cannot access', true);
    expect(ls).toMatchObject({ type: 'failure' });
    const readFail = extractRules({
      toolName: 'Read',
      toolInput: { file_path: '/p/x' },
      toolResponse: 'File does not exist.',
      failed: true,
      cwd: '/p',
    });
    expect(readFail).toMatchObject({ type: 'failure', title: 'Failed: Read x' });
    expect(readFail.facts).toContain('error: File does not exist.');
  });
});
