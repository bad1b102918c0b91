/**
 * opencode's and Gemini CLI's searches in MemTray's shape: Claude Code's Grep, Glob and LS, so the
 * rules extractor remembers "Searched for X" as a discovery with its count and the files found,
 * as it does for Claude Code (before, "Used grep", a change). opencode's task list and subagent
 * tasks likewise (`TodoWrite`, `Task`). The outputs are those the real CLIs
 * printed (opencode 1.18.33, Gemini CLI 0.61.0; tests/e2e/agents run them end to end).
 */
import { describe, expect, it } from 'vitest';
import { geminiAdapter } from '../../electron/core/agents/gemini.js';
import { opencodeAdapter } from '../../electron/core/agents/opencode.js';
import { opencodeSearchCall } from '../../electron/core/agents/search-calls.js';
import { extractRules } from '../../electron/core/compress/rules.js';

const CWD = '/work/ledger';

/** What the rules extractor makes of an adapter's stored call. */
function remembered(payload: Record<string, unknown>) {
  const out = extractRules({
    toolName: String(payload.tool_name),
    toolInput: payload.tool_input,
    toolResponse: payload.tool_response,
    failed: false,
    cwd: CWD,
  });
  return { type: out.type, title: out.title, subtitle: out.subtitle, filesRead: out.filesRead };
}

describe('opencode searches', () => {
  const after = (tool: string, args: Record<string, unknown>, output: string) =>
    opencodeAdapter.toMemTray('tool.execute.after', {
      sessionID: 's',
      directory: CWD,
      tool,
      callID: 'c',
      args,
      output,
    }).payload;

  it('grep is Grep: a discovery with the match count and the files it found', () => {
    const output =
      `Found 3 matches\n${CWD}/src/ledger.ts:\n  Line 1: export const CENTS = 100; // TODO: rounding\n\n` +
      `  Line 3:   return 1; // TODO: tax\n\n\n${CWD}/src/tax.ts:\n  Line 1: export const RATE = 0.2; // TODO\n`;
    const p = after('grep', { pattern: 'TODO', path: `${CWD}/src`, include: '*.ts' }, output);
    expect(p).toMatchObject({
      tool_name: 'Grep',
      tool_input: { pattern: 'TODO', path: `${CWD}/src`, glob: '*.ts' },
      tool_response: { mode: 'content', content: output, numLines: 3, numFiles: 2 },
      memtray_agent_tool: 'grep',
    });
    expect(remembered(p)).toEqual({
      type: 'discovery',
      title: 'Searched for TODO',
      subtitle: '3 results in src',
      filesRead: [`${CWD}/src/ledger.ts`, `${CWD}/src/tax.ts`],
    });
  });

  it('a grep that found nothing, and glob', () => {
    expect(remembered(after('grep', { pattern: 'NOPE' }, 'No files found'))).toMatchObject({
      title: 'Searched for NOPE',
      subtitle: `0 results in ${CWD}`,
    });
    const paths = `${CWD}/src/ledger.ts\n${CWD}/src/tax.ts`;
    expect(remembered(after('glob', { pattern: 'src/**/*.ts' }, paths))).toEqual({
      type: 'discovery',
      title: 'Listed src/**/*.ts',
      subtitle: `2 results in ${CWD}`,
      filesRead: [`${CWD}/src/ledger.ts`, `${CWD}/src/tax.ts`],
    });
  });

  it('todowrite is TodoWrite: the task list', () => {
    const todos = [
      { content: 'Fix the rounding', status: 'in_progress', priority: 'high', id: '1' },
      { content: 'Add tax per country', status: 'pending', priority: 'low', id: '2' },
    ];
    const out = extractRules({
      toolName: 'TodoWrite',
      toolInput: after('todowrite', { todos }, '[]').tool_input,
      toolResponse: '[]',
      failed: false,
      cwd: CWD,
    });
    expect(out.title).toBe('Updated the task list (2 items)');
    expect(out.facts).toContain('in_progress: Fix the rounding');
  });

  it("task is Task: the subagent's description, prompt and what it reported", () => {
    const p = after(
      'task',
      { description: 'Audit retry safety', prompt: 'Check each write endpoint.', subagent_type: 'general' },
      '<task id="ses_1" state="completed">\n<task_result>\nPOST /orders is not idempotent (src/app.js:43).\n</task_result>\n</task>',
    );
    expect(p).toMatchObject({
      tool_name: 'Task',
      tool_response: 'POST /orders is not idempotent (src/app.js:43).',
    });
    const out = extractRules({
      toolName: 'Task',
      toolInput: p.tool_input,
      toolResponse: p.tool_response,
      failed: false,
      cwd: CWD,
    });
    expect(out.title).toBe('Delegated: Audit retry safety');
    expect(out.facts.join('\n')).toContain('POST /orders is not idempotent (src/app.js:43).');
  });

  it('output too long to read keeps its text and count, and names no files', () => {
    const long = `Found 2 matches\n${CWD}/a.ts:\n  Line 1: ${'x'.repeat(300_000)}\n`;
    const call = opencodeSearchCall('grep', { pattern: 'x' }, long);
    expect(call?.tool_response).toMatchObject({ content: long, numLines: 0, numFiles: 0, filenames: [] });
  });
});

describe('Gemini CLI searches', () => {
  const after = (tool_name: string, tool_input: Record<string, unknown>, llmContent: string) =>
    geminiAdapter.toMemTray('AfterTool', {
      session_id: 's',
      cwd: CWD,
      tool_name,
      tool_input,
      tool_response: { llmContent, returnDisplay: '' },
    }).payload;

  it('grep_search is Grep: its files resolved under the folder searched', () => {
    const text =
      'Found 3 matches for pattern "TODO" in path "src" (filter: "*.ts"):\n---\nFile: tax.ts\n' +
      'L1: export const RATE = 0.2; // TODO: per country\nL2- \n---\nFile: ledger.ts\n' +
      'L1: export const CENTS = 100; // TODO: rounding\nL2- export function total() {\n' +
      'L3:   return 1; // TODO: tax\nL4- }\nL5- \n---';
    const p = after('grep_search', { pattern: 'TODO', dir_path: 'src', include_pattern: '*.ts' }, text);
    expect(p).toMatchObject({
      tool_name: 'Grep',
      tool_input: { pattern: 'TODO', path: `${CWD}/src`, glob: '*.ts' },
      memtray_agent_tool: 'grep_search',
    });
    expect(remembered(p)).toEqual({
      type: 'discovery',
      title: 'Searched for TODO',
      subtitle: '3 results in src',
      filesRead: [`${CWD}/src/tax.ts`, `${CWD}/src/ledger.ts`],
    });
    const none = 'No matches found for pattern "NOPE" in the workspace directory.';
    expect(remembered(after('grep_search', { pattern: 'NOPE' }, none)).subtitle).toBe(`0 results in ${CWD}`);
  });

  it('glob is Glob and list_directory is LS', () => {
    const found =
      `Found 2 file(s) matching "src/**/*.ts" within ${CWD}, sorted by modification time (newest first):\n` +
      `${CWD}/src/tax.ts\n${CWD}/src/ledger.ts`;
    expect(remembered(after('glob', { pattern: 'src/**/*.ts' }, found))).toEqual({
      type: 'discovery',
      title: 'Listed src/**/*.ts',
      subtitle: `2 results in ${CWD}`,
      filesRead: [`${CWD}/src/tax.ts`, `${CWD}/src/ledger.ts`],
    });
    const listing = `Directory listing for ${CWD}:\n[DIR] src\nREADME.md (9 bytes)`;
    const ls = after('list_directory', { dir_path: CWD }, listing);
    expect(ls).toMatchObject({
      tool_name: 'LS',
      tool_input: { path: CWD },
      tool_response: '[DIR] src\nREADME.md (9 bytes)',
    });
    expect(remembered(ls)).toMatchObject({ title: `Listed ${CWD}`, subtitle: `2 results in ${CWD}` });
  });

  it('a failed search keeps what Gemini CLI said', () => {
    const p = geminiAdapter.toMemTray('AfterTool', {
      session_id: 's',
      cwd: CWD,
      tool_name: 'grep_search',
      tool_input: { pattern: '(' },
      tool_response: { llmContent: 'Error: invalid regex', error: { message: 'invalid regex' } },
    });
    expect(p.event).toBe('PostToolUseFailure');
    expect(p.payload).toMatchObject({ tool_name: 'Grep', tool_response: 'Error: invalid regex' });
  });
});
