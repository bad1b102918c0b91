/**
 * opencode's and Gemini CLI's file reads in MemTray's shape: a file read whole becomes Claude
 * Code's Read response (`file` with its text and line counts), which the digest's setup files and
 * the rules extractor read; a part of a file, or output in another form, is kept as the agent sent
 * it. The shapes are those the real CLIs sent (tests/e2e/agents record them end to end).
 */
import { describe, expect, it } from 'vitest';
import { geminiAdapter } from '../../electron/core/agents/gemini.js';
import { opencodeAdapter, wholeText } from '../../electron/core/agents/opencode.js';

const PATH = '/work/billing/package.json';
const whole = (content: string, lines: number) => ({
  type: 'text',
  file: { filePath: PATH, content, numLines: lines, startLine: 1, totalLines: lines },
});

describe('opencode read', () => {
  const out = (lines: string[], end: string) =>
    `<path>${PATH}</path>\n<type>file</type>\n<content>\n${lines.join('\n')}\n\n${end}\n</content>`;
  const read = (output: string) =>
    opencodeAdapter.toMemTray('tool.execute.after', {
      sessionID: 's',
      directory: '/work/billing',
      tool: 'read',
      callID: 'c',
      args: { filePath: PATH },
      output,
    }).payload.tool_response;

  it('a file read to its end is its text, line numbers taken off', () => {
    const output = out(['1: {', '2:   "type": "module"', '3: ', '4: }'], '(End of file - total 4 lines)');
    expect(read(output)).toEqual(whole('{\n  "type": "module"\n\n}\n', 4));
    expect(wholeText(out([], '(End of file - total 0 lines)'))).toBe('');
  });

  it('a part of a file, or lines that do not add up, stays as opencode printed it', () => {
    const part = out(['1: {'], "(File has more lines. Use 'offset' parameter to read beyond line 1)");
    expect(read(part)).toBe(part);
    for (const odd of [
      out(['2: {', '3: }'], '(End of file - total 2 lines)'),
      out(['1: {', '2: }'], '(End of file - total 3 lines)'),
      out(['1: {', 'x }'], '(End of file - total 2 lines)'),
      'plain text',
      out([`1: ${'x'.repeat(300_000)}`], '(End of file - total 1 lines)'),
    ])
      expect(wholeText(odd)).toBeNull();
  });
});

describe('Gemini read_file', () => {
  const read = (tool_response: unknown) =>
    geminiAdapter.toMemTray('AfterTool', {
      session_id: 's',
      cwd: '/work/billing',
      tool_name: 'read_file',
      tool_input: { file_path: PATH },
      tool_response,
    }).payload.tool_response;

  it('a text file read whole is its llmContent', () => {
    expect(read({ llmContent: '{\n  "type": "module"\n}\n', returnDisplay: '' })).toEqual(
      whole('{\n  "type": "module"\n}\n', 3),
    );
  });

  it('a truncated read, an image and an error stay as Gemini sent them', () => {
    const part = {
      llmContent:
        '\nIMPORTANT: The file content has been truncated.\nStatus: Showing lines 1-1 of 4 total lines.\n',
    };
    const image = { llmContent: [{ inlineData: { mimeType: 'image/png', data: 'AA==' } }] };
    const failed = { llmContent: 'File not found', error: { message: 'File not found' } };
    for (const r of [part, image, failed]) expect(read(r)).toEqual(r);
  });
});
