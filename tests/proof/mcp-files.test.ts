/**
 * Security, MCP: no tool of `memtray mcp` reads a file outside the store. A sentinel file outside
 * the data dir holds a marker; the store knows its path (a Read observation whose response was not
 * kept). Every tool, called with that path, traversal strings and hostile arguments, must answer
 * from the database only: the marker (and /etc/passwd) never appears. The tool list is pinned so a
 * new tool gets reviewed here.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectMcp } from '../helpers/cli.js';
import { startTestService, tempDir, type TestService } from '../helpers/service.js';

const MARKER = `outside-the-store-${Math.random().toString(36).slice(2)}`;

describe('security: MCP tools cannot read files outside the store', () => {
  let t: TestService;
  let client: Client;
  const outside = join(tempDir('memtray-outside-'), 'secret-notes.md');

  beforeAll(async () => {
    writeFileSync(outside, `# notes\n${MARKER}\n`);
    t = await startTestService();
    const post = (ev: string, body: Record<string, unknown>) =>
      t.api('POST', `/api/hooks/${ev}`, { session_id: 'mcp-sec', cwd: '/w/mcpsec', ...body });
    await post('UserPromptSubmit', { prompt: `read ${outside}` });
    await post('PostToolUse', {
      tool_name: 'Read',
      tool_use_id: 'toolu_mcpsec',
      tool_input: { file_path: outside },
      tool_response: {
        type: 'text',
        file: { filePath: outside, content: '(content not kept)', numLines: 1, startLine: 1, totalLines: 1 },
      },
    });
    client = await connectMcp(t.dataDir, 'memtray-proof');
  });
  afterAll(async () => {
    await client?.close();
    await t.dispose();
  });

  it('the tool list is the reviewed one', async () => {
    const tools = (await client.listTools()).tools.map((x) => x.name).sort();
    expect(tools).toEqual(['get_observations', 'get_session', 'save_memory', 'search', 'timeline']);
  });

  it('no tool, whatever its arguments, returns content of a file outside the store', async () => {
    const paths = [
      outside,
      `file://${outside}`,
      '/etc/passwd',
      '../../../../etc/passwd',
      `${t.dataDir}/../../etc/passwd`,
      `~/.ssh/id_rsa`,
      '\u0000/etc/passwd',
    ];
    const calls: Array<[string, Record<string, unknown>]> = [];
    for (const p of paths) {
      calls.push(
        ['search', { query: p }],
        ['search', { query: 'notes', file: p }],
        ['search', { query: p, project: p.slice(0, 200) }],
      );
      calls.push(['timeline', { query: p }], ['timeline', { project: p.slice(0, 200) }]);
      calls.push(['get_session', { claudeSessionId: p.slice(0, 200) }]);
    }
    calls.push(
      ['get_observations', { ids: [1, 2, 3, 999999] }],
      ['get_session', { id: 1 }],
      ['timeline', { anchor: 1, before: 50, after: 50 }],
    );
    let answered = 0;
    for (const [name, args] of calls) {
      let text: string;
      try {
        const r = (await client.callTool({ name, arguments: args })) as { content: Array<{ text?: string }> };
        text = r.content.map((c) => c.text ?? '').join('\n');
      } catch (err) {
        text = (err as Error).message;
      }
      answered++;
      expect(text, `${name} ${JSON.stringify(args)}`).not.toContain(MARKER);
      expect(text, `${name} ${JSON.stringify(args)}`).not.toMatch(/root:.*:0:0:/);
    }
    expect(answered).toBe(calls.length);
    // The path itself is in the store (so the tools did look it up), the content is not.
    const r = (await client.callTool({ name: 'get_observations', arguments: { ids: [1] } })) as {
      content: Array<{ text?: string }>;
    };
    expect(r.content.map((c) => c.text).join('')).toContain('secret-notes.md');
  });
});
