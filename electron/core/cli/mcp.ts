/** `memtray mcp` (stdio MCP server) and `memtray mcp install|uninstall` (register with Claude Code). */
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { resolveDataDir } from '../config/data-dir.js';
import { featureCoreOptions } from '../features.js';
import { configPath, installMcp, uninstallMcp, type McpEntry } from '../mcp/install.js';
import { runMcpServer } from '../mcp/server.js';
import { migrationsDir, packageRoot } from '../config/env.js';
import type { CliMcpInstallOutput } from '../../shared/contract/cli.js';

export async function runMcp(argv: string[]): Promise<number> {
  const [sub, ...rest] = argv;
  if (sub === 'install' || sub === 'uninstall') return runInstall(sub, rest);
  const { values } = parseArgs({ args: argv, options: { 'data-dir': { type: 'string' } }, strict: true });
  await runMcpServer({
    dataDir: values['data-dir'] ?? resolveDataDir(),
    migrationsDir: migrationsDir(),
    ...featureCoreOptions(),
  });
  return 0;
}

function runInstall(sub: 'install' | 'uninstall', argv: string[]): number {
  const { values } = parseArgs({
    args: argv,
    options: {
      scope: { type: 'string', default: 'user' },
      'project-dir': { type: 'string' },
      'data-dir': { type: 'string' },
      json: { type: 'boolean' },
    },
    strict: true,
  });
  if (values.scope !== 'user' && values.scope !== 'project')
    throw new Error(`--scope must be 'user' or 'project', got '${values.scope}'`);
  const path = configPath(values.scope, homedir(), resolve(values['project-dir'] ?? process.cwd()));
  const entry: McpEntry = {
    type: 'stdio',
    command: process.execPath,
    args: [
      join(packageRoot(), 'bin', 'memtray.mjs'),
      'mcp',
      ...(values['data-dir'] ? ['--data-dir', resolve(values['data-dir'])] : []),
    ],
  };
  const r = sub === 'install' ? installMcp(path, entry) : uninstallMcp(path);
  if (values.json) process.stdout.write(`${JSON.stringify(r satisfies CliMcpInstallOutput)}\n`);
  else {
    const what = {
      installed: 'registered the memtray MCP server in',
      updated: 'updated the memtray MCP server in',
      unchanged: 'the memtray MCP server is already registered in',
      removed: 'removed the memtray MCP server from',
      absent: 'the memtray MCP server was not registered in',
    }[r.status];
    process.stdout.write(
      `memtray: ${what} ${r.path}${sub === 'install' ? ' (restart Claude Code to load it)' : ''}\n`,
    );
  }
  return 0;
}
