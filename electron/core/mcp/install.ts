/**
 * `memtray mcp install`: registers the memtray MCP server with Claude Code, idempotently.
 * Scope `user` writes `mcpServers.memtray` in `~/.claude.json`; scope `project` writes it in
 * `<project>/.mcp.json` (the file Claude Code reads for project-scoped servers). Other keys are
 * kept; the file is replaced atomically (temp file + rename).
 */
import { renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseUserJson, readUserFile } from '../util/user-file.js';

export interface McpEntry {
  type: 'stdio';
  command: string;
  args: string[];
  env?: Record<string, string>;
}

interface InstallResult {
  path: string;
  status: 'installed' | 'updated' | 'unchanged' | 'removed' | 'absent';
  entry: McpEntry | null;
}

export function configPath(scope: 'user' | 'project', home: string, projectDir: string): string {
  return scope === 'user' ? join(home, '.claude.json') : join(projectDir, '.mcp.json');
}

function readConfig(path: string): Record<string, unknown> {
  const text = readUserFile(path);
  if (text === null || text.trim() === '') return {};
  const parsed = parseUserJson(path, text);
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new Error(`${path} does not hold a JSON object`);
  return parsed as Record<string, unknown>;
}

function writeConfig(path: string, config: Record<string, unknown>): void {
  const tmp = join(dirname(path), `.${Date.now()}.${process.pid}.memtray.tmp`);
  writeFileSync(tmp, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 });
  renameSync(tmp, path);
}

const servers = (c: Record<string, unknown>): Record<string, unknown> => {
  const s = c.mcpServers;
  return s && typeof s === 'object' && !Array.isArray(s) ? (s as Record<string, unknown>) : {};
};

export function installMcp(path: string, entry: McpEntry, name = 'memtray'): InstallResult {
  const config = readConfig(path);
  const current = servers(config)[name];
  if (JSON.stringify(current) === JSON.stringify(entry)) return { path, status: 'unchanged', entry };
  config.mcpServers = { ...servers(config), [name]: entry };
  writeConfig(path, config);
  return { path, status: current === undefined ? 'installed' : 'updated', entry };
}

export function uninstallMcp(path: string, name = 'memtray'): InstallResult {
  const config = readConfig(path);
  const s = servers(config);
  if (!(name in s)) return { path, status: 'absent', entry: null };
  const { [name]: _removed, ...rest } = s;
  config.mcpServers = rest;
  writeConfig(path, config);
  return { path, status: 'removed', entry: null };
}
