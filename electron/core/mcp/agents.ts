/**
 * `memtray mcp install|uninstall --agent codex|gemini|opencode`: the memtray MCP server registered
 * with another coding agent, where that agent keeps its MCP servers. Codex through its own command
 * (`codex mcp add|remove|get`, which owns config.toml); Gemini CLI in `~/.gemini/settings.json`
 * (`mcpServers`); opencode in `~/.config/opencode/opencode.json` (`mcp`, a `local` server). The JSON
 * files are merged (a backup first, an atomic write, a file that is not JSON refused, every other key
 * kept). Installing twice is installing once; uninstall removes only the `memtray` entry. An agent
 * not on this machine is skipped, with a note. Claude Code's registration is install.ts.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { readSettings, writeSettings, type InstallerEnv } from '../capture/installer.js';
import { agentPresent, agentTarget, onPath } from '../capture/agents/targets.js';
import type { McpEntry } from './install.js';
import { isRecord } from '../util/json-text.js';

export const MCP_AGENTS = ['codex', 'gemini', 'opencode'] as const;
export type McpAgent = (typeof MCP_AGENTS)[number];
const NAME = 'memtray';

export interface AgentMcpResult {
  agent: McpAgent;
  present: boolean;
  path: string;
  status: 'installed' | 'updated' | 'unchanged' | 'removed' | 'absent' | 'skipped';
  note: string | null;
}

type Json = Record<string, unknown>;

/** Where the agent's MCP servers are kept: the file, the key, and MemTray's entry in its format. */
function jsonTarget(agent: 'gemini' | 'opencode', e: InstallerEnv, entry: McpEntry) {
  if (agent === 'gemini')
    return {
      path: join(e.home, '.gemini', 'settings.json'),
      key: 'mcpServers',
      value: { command: entry.command, args: entry.args } as Json,
    };
  const configHome = e.env.XDG_CONFIG_HOME?.trim() || join(e.home, '.config');
  return {
    path: join(configHome, 'opencode', 'opencode.json'),
    key: 'mcp',
    value: { type: 'local', command: [entry.command, ...entry.args], enabled: true } as Json,
  };
}

function editJson(
  agent: McpAgent,
  t: { path: string; key: string; value: Json },
  remove: boolean,
): AgentMcpResult {
  const cur = readSettings(t.path);
  const servers: Json = isRecord(cur.json[t.key]) ? { ...(cur.json[t.key] as Json) } : {};
  const before = servers[NAME];
  const base = { agent, present: true, path: t.path };
  if (remove && before === undefined) return { ...base, status: 'absent', note: null };
  if (!remove && JSON.stringify(before) === JSON.stringify(t.value))
    return { ...base, status: 'unchanged', note: null };
  if (remove) delete servers[NAME];
  else servers[NAME] = t.value;
  const next: Json = { ...cur.json, [t.key]: servers };
  if (Object.keys(servers).length === 0) delete next[t.key];
  const backup = writeSettings(t.path, next, cur.exists, cur.mode, false);
  const status = remove ? 'removed' : before === undefined ? 'installed' : 'updated';
  return { ...base, status, note: backup ? `Backup of the previous file: ${backup}` : null };
}

/** Codex's own record of the memtray server (`codex mcp get memtray --json`), or null. */
function codexGet(codex: string, e: InstallerEnv): Json | null {
  try {
    const out = execFileSync(codex, ['mcp', 'get', NAME, '--json'], {
      env: e.env,
      cwd: e.cwd,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const v: unknown = JSON.parse(out);
    return isRecord(v) ? v : null;
  } catch {
    return null;
  }
}

function sameCodexEntry(cur: Json | null, entry: McpEntry): boolean {
  const t = isRecord(cur?.transport) ? cur.transport : (cur ?? {});
  return t.command === entry.command && JSON.stringify(t.args) === JSON.stringify(entry.args);
}

function editCodex(e: InstallerEnv, entry: McpEntry, remove: boolean): AgentMcpResult {
  const t = agentTarget('codex', e);
  const path = join(t.configDir, 'config.toml');
  const base = { agent: 'codex' as const, present: true, path };
  const codex = onPath('codex', e.env);
  if (!codex)
    return { ...base, status: 'skipped', note: 'no codex command on PATH to register the server with' };
  const cur = codexGet(codex, e);
  const run = (args: string[]) => execFileSync(codex, args, { env: e.env, cwd: e.cwd, stdio: 'ignore' });
  if (remove) {
    if (!cur) return { ...base, status: 'absent', note: null };
    run(['mcp', 'remove', NAME]);
    return { ...base, status: 'removed', note: null };
  }
  if (cur && sameCodexEntry(cur, entry)) return { ...base, status: 'unchanged', note: null };
  run(['mcp', 'add', NAME, '--', entry.command, ...entry.args]);
  return { ...base, status: cur ? 'updated' : 'installed', note: null };
}

/** Registers (or with `remove`, unregisters) the memtray MCP server with one agent. */
export function registerAgentMcp(
  agent: McpAgent,
  e: InstallerEnv,
  entry: McpEntry,
  remove: boolean,
): AgentMcpResult {
  const t = agentTarget(agent, e);
  if (!agentPresent(t, e)) {
    const path = agent === 'codex' ? join(t.configDir, 'config.toml') : jsonTarget(agent, e, entry).path;
    const note = `${agent} is not installed here (no ${t.bin} on PATH, no ${t.configDir}): skipped`;
    return { agent, present: false, path, status: 'skipped', note };
  }
  if (agent === 'codex') return editCodex(e, entry, remove);
  return editJson(agent, jsonTarget(agent, e, entry), remove);
}
