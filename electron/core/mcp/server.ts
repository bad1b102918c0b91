/**
 * `memtray mcp`: a stdio MCP server over the MemTray database. It opens the same SQLite file as
 * a running service (WAL, busy timeout), so both can run at once; it reads, and writes only for
 * `save_memory`. Stdout belongs to the protocol: nothing else is printed there.
 */
import { createCore, type CoreOptions } from '../core.js';
import { BoundedLines, oversizeError } from './bounded-stdin.js';
import { registerTools } from './tools.js';

export async function runMcpServer(opts: CoreOptions): Promise<void> {
  // Loaded here, not at the top: every `memtray` command shares this bundle, and the SDK costs
  // ~20 MiB resident to the service that never speaks MCP.
  const { McpServer } = await import('@modelcontextprotocol/sdk/server/mcp.js');
  const { StdioServerTransport } = await import('@modelcontextprotocol/sdk/server/stdio.js');
  const core = createCore(opts);
  const server = new McpServer(
    { name: 'memtray', version: core.version },
    {
      instructions:
        'MemTray is the long-term memory of past Claude Code sessions in this project. Use `search` ' +
        'to find what was done about something, then `get_observations` / `get_session` / `timeline` for ' +
        'details; `save_memory` to remember a decision for later sessions.',
    },
  );
  registerTools(server, core);
  // Messages past the bound are answered with an error here; the SDK's reader never sees them.
  const input = process.stdin.pipe(new BoundedLines((id) => process.stdout.write(oversizeError(id))));
  const transport = new StdioServerTransport(input);
  await new Promise<void>((resolve, reject) => {
    transport.onclose = () => resolve();
    server.connect(transport).catch(reject);
    input.once('end', () => resolve());
  });
  await server.close().catch(() => undefined);
  core.close();
}
