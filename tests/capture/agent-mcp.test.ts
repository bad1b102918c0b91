/**
 * `memtray mcp install|uninstall --agent ...` through the real CLI in a temporary HOME: the memtray
 * server lands where each agent keeps its MCP servers (Codex through the real `codex mcp` command,
 * Gemini CLI's settings.json, opencode's opencode.json), beside what the user had; installing twice
 * changes nothing; uninstall gives back the files as they were; an agent not here is skipped.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliAgentMcpOutput, type CliAgentMcpOutput } from '../../electron/shared/contract/cli.js';
import { runCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/service.js';

const BIN = join(process.cwd(), 'node_modules', '.bin');

function rig() {
  const root = tempDir('memtray-agent-mcp-');
  const home = join(root, 'home');
  const data = join(root, 'data');
  const gemini = join(home, '.gemini', 'settings.json');
  const opencode = join(home, '.config', 'opencode', 'opencode.json');
  mkdirSync(join(home, '.gemini'), { recursive: true });
  mkdirSync(join(home, '.config', 'opencode'), { recursive: true });
  mkdirSync(join(home, '.codex'), { recursive: true });
  mkdirSync(join(home, '.claude'), { recursive: true });
  writeFileSync(
    gemini,
    JSON.stringify({ mcpServers: { theirs: { command: 'theirs' } }, ui: { theme: 'x' } }),
  );
  writeFileSync(
    opencode,
    JSON.stringify({ model: 'a/b', mcp: { theirs: { type: 'local', command: ['t'] } } }),
  );
  // The package's bin folder on PATH runs codex for its registration; every agent is found by its
  // folder (the package's own commands do not make an agent the user's).
  const env = { HOME: home, PATH: `${BIN}${delimiter}/usr/bin:/bin`, XDG_CONFIG_HOME: join(home, '.config') };
  const mcp = async (sub: string, agent: string): Promise<CliAgentMcpOutput> => {
    const r = await runCli(['mcp', sub, '--agent', agent, '--data-dir', data, '--json'], { env, cwd: root });
    expect(r.code, r.stderr).toBe(0);
    return cliAgentMcpOutput.parse(JSON.parse(r.stdout.trim()));
  };
  const codexEntry = () => {
    try {
      return execFileSync(join(BIN, 'codex'), ['mcp', 'get', 'memtray', '--json'], {
        env: { ...process.env, ...env },
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      });
    } catch {
      return null;
    }
  };
  return { home, data, gemini, opencode, mcp, codexEntry };
}

const read = (p: string): unknown => JSON.parse(readFileSync(p, 'utf8'));

describe('memtray mcp install --agent', () => {
  it('registers with Codex, Gemini CLI and opencode beside their servers; twice is once; uninstall restores', async () => {
    const r = rig();
    const geminiBefore = read(r.gemini);
    const opencodeBefore = read(r.opencode);
    const first = await r.mcp('install', 'all');
    const byAgent = Object.fromEntries(first.agents.map((a) => [a.agent, a]));
    expect(Object.keys(byAgent)).toEqual(['claude-code', 'codex', 'gemini', 'opencode']);
    expect(first.agents.map((a) => a.status)).toEqual(['installed', 'installed', 'installed', 'installed']);
    expect(byAgent['claude-code']!.path).toBe(join(r.home, '.claude.json'));

    const server = ['mcp', '--data-dir', r.data];
    const g = read(r.gemini) as { mcpServers: Record<string, { command: string; args: string[] }> };
    expect(g.mcpServers.theirs).toEqual({ command: 'theirs' });
    expect(g.mcpServers.memtray!.args.slice(1)).toEqual(server);
    const o = read(r.opencode) as { model: string; mcp: Record<string, { type: string; command: string[] }> };
    expect(o.model).toBe('a/b');
    expect(o.mcp.memtray).toMatchObject({ type: 'local', enabled: true });
    expect(o.mcp.memtray!.command.slice(2)).toEqual(server);
    const codex = JSON.parse(r.codexEntry()!) as { transport: { args: string[] } };
    expect(codex.transport.args.slice(1)).toEqual(server);

    const again = await r.mcp('install', 'all');
    expect(again.agents.map((a) => a.status)).toEqual(['unchanged', 'unchanged', 'unchanged', 'unchanged']);

    const removed = await r.mcp('uninstall', 'all');
    expect(removed.agents.map((a) => a.status)).toEqual(['removed', 'removed', 'removed', 'removed']);
    expect(read(r.gemini)).toEqual(geminiBefore);
    expect(read(r.opencode)).toEqual(opencodeBefore);
    expect(r.codexEntry()).toBeNull();
    const twice = await r.mcp('uninstall', 'gemini');
    expect(twice.agents[0]!.status).toBe('absent');
  });

  it('skips an agent that is not here, and refuses one it cannot register with', async () => {
    const root = tempDir('memtray-agent-mcp-none-');
    const env = { HOME: root, PATH: '/usr/bin:/bin', XDG_CONFIG_HOME: join(root, '.config') };
    const r = await runCli(['mcp', 'install', '--agent', 'gemini', '--json'], { env, cwd: root });
    const out = cliAgentMcpOutput.parse(JSON.parse(r.stdout.trim()));
    expect(out.agents).toMatchObject([{ agent: 'gemini', present: false, status: 'skipped' }]);
    const cursor = await runCli(['mcp', 'install', '--agent', 'cursor'], { env, cwd: root });
    expect(cursor.code).not.toBe(0);
    expect(cursor.stderr).toMatch(/--agent must be claude-code\|codex\|gemini\|opencode\|all/);
  });
});
