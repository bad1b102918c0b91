/**
 * `memtray mcp` (stdio MCP server) and `memtray mcp install|uninstall [--agent X]` (register it with
 * Claude Code, the default, or with Codex, Gemini CLI, opencode, or every one of them here).
 */
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { resolveDataDir } from '../config/data-dir.js';
import { featureCoreOptions } from '../features.js';
import { configPath, installMcp, uninstallMcp, type McpEntry } from '../mcp/install.js';
import { runMcpServer } from '../mcp/server.js';
import { migrationsDir, packageRoot } from '../config/env.js';
import type { CliAgentMcpOutput, CliMcpInstallOutput } from '../../shared/contract/cli.js';
import { defaultInstallerEnv } from '../capture/installer.js';
import { claudePresent } from '../capture/agents/targets.js';
import { MCP_AGENTS, registerAgentMcp, type AgentMcpResult, type McpAgent } from '../mcp/agents.js';

const MCP_USAGE = `Usage:
  memtray mcp [--data-dir DIR]      the stdio MCP server (search, timeline, save_memory, ...)
  memtray mcp install|uninstall [--agent claude-code|codex|gemini|opencode|all] [--data-dir DIR] [--json]
      registers the server with the agent (default claude-code), where it keeps its MCP servers:
        claude-code  ~/.claude.json mcpServers (--scope project: <project>/.mcp.json, --project-dir DIR)
        codex        \`codex mcp add memtray\` (~/.codex/config.toml [mcp_servers.memtray])
        gemini       ~/.gemini/settings.json mcpServers.memtray
        opencode     ~/.config/opencode/opencode.json mcp.memtray (a local server)
        all          every one of them found here; the others are skipped
      Installing twice is installing once; uninstall removes only MemTray's entry.`;

type AgentArg = 'claude-code' | McpAgent | 'all';

function parseMcpAgent(v: string | undefined): AgentArg {
  if (v === undefined) return 'claude-code';
  if (v === 'claude-code' || v === 'all' || (MCP_AGENTS as readonly string[]).includes(v))
    return v as AgentArg;
  throw new Error(`--agent must be claude-code|${MCP_AGENTS.join('|')}|all, got '${v}'`);
}

export async function runMcp(argv: string[]): Promise<number> {
  const [sub, ...rest] = argv;
  if (sub === 'install' || sub === 'uninstall') return runInstall(sub, rest);
  if (sub === '--help' || sub === 'help') return (process.stdout.write(`${MCP_USAGE}\n`), 0);
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
      agent: { type: 'string' },
    },
    strict: true,
  });
  const agent = parseMcpAgent(values.agent);
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
  if (agent !== 'claude-code') return runAgents(sub, agent, entry, path, values.json === true);
  const r = sub === 'install' ? installMcp(path, entry) : uninstallMcp(path);
  if (values.json) process.stdout.write(`${JSON.stringify(r satisfies CliMcpInstallOutput)}\n`);
  else {
    const what = STATUS_TEXT[r.status];
    process.stdout.write(
      `memtray: ${what} ${r.path}${sub === 'install' ? ' (restart Claude Code to load it)' : ''}\n`,
    );
  }
  return 0;
}

/** What a registration did, as the CLI says it (the path follows). */
const STATUS_TEXT = {
  installed: 'registered the memtray MCP server in',
  updated: 'updated the memtray MCP server in',
  unchanged: 'the memtray MCP server is already registered in',
  removed: 'removed the memtray MCP server from',
  absent: 'the memtray MCP server was not registered in',
  skipped: 'skipped',
} as const;

/** `--agent X|all`: the agents named (with `all`, Claude Code too when it is here). */
function runAgents(sub: string, agent: AgentArg, entry: McpEntry, claudePath: string, json: boolean): number {
  const env = defaultInstallerEnv(resolveDataDir(), '', packageRoot());
  const agents = agent === 'all' ? [...MCP_AGENTS] : [agent as McpAgent];
  const results: CliAgentMcpOutput['agents'] = [];
  if (agent === 'all' && claudePresent(env)) {
    const r = sub === 'install' ? installMcp(claudePath, entry) : uninstallMcp(claudePath);
    results.push({ agent: 'claude-code', present: true, path: r.path, status: r.status, note: null });
  }
  for (const a of agents) results.push(registerAgentMcp(a, env, entry, sub === 'uninstall'));
  if (json) process.stdout.write(`${JSON.stringify({ agents: results } satisfies CliAgentMcpOutput)}\n`);
  else for (const r of results) process.stdout.write(`${agentLine(r)}\n`);
  return 0;
}

function agentLine(r: CliAgentMcpOutput['agents'][number] | AgentMcpResult): string {
  const what = STATUS_TEXT[r.status];
  const where = r.status === 'skipped' ? '' : ` ${r.path}`;
  return `${r.agent}: ${what}${where}${r.note ? ` (${r.note})` : ''}`;
}
