/** Data-dir access for the hook program: server.json, token, hook config and the spool. No core imports. */
import { closeSync, fstatSync, mkdirSync, openSync, readFileSync, writeSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

export const DEFAULT_SPOOL_MAX_BYTES = 64 * 1024 * 1024;
export const DEFAULT_SKIP_TOOLS = [
  'ListMcpResourcesTool',
  'SlashCommand',
  'Skill',
  'TodoWrite',
  'AskUserQuestion',
];

export function resolveDataDir(explicit: string | null, env: NodeJS.ProcessEnv = process.env): string {
  if (explicit && explicit.trim() !== '') return resolve(explicit);
  const fromEnv = env.MEMTRAY_DATA_DIR;
  return resolve(fromEnv && fromEnv.trim() !== '' ? fromEnv : join(homedir(), '.memtray'));
}

/** Where the service says it listens (server.json), its instance id, and the token. */
export interface ServerRef {
  port: number;
  token: string;
  /** Absent when the service predates instance ids: such a service cannot be verified. */
  instance: string | null;
}

export function readServer(dataDir: string): ServerRef | null {
  try {
    const info = JSON.parse(readFileSync(join(dataDir, 'server.json'), 'utf8')) as {
      port?: unknown;
      instance?: unknown;
    };
    const token = readFileSync(join(dataDir, 'token'), 'utf8').trim();
    if (typeof info.port !== 'number' || !/^[0-9a-f]{64}$/.test(token)) return null;
    const instance =
      typeof info.instance === 'string' && /^[0-9a-f]{8,64}$/.test(info.instance) ? info.instance : null;
    return { port: info.port, token, instance };
  } catch {
    return null;
  }
}

export interface HookConfig {
  skipTools: string[];
  spoolMaxBytes: number;
}

/** `hook-config.json`, written by the service from the settings (skip list); defaults if absent. */
export function readHookConfig(dataDir: string): HookConfig {
  const cfg: HookConfig = { skipTools: DEFAULT_SKIP_TOOLS, spoolMaxBytes: DEFAULT_SPOOL_MAX_BYTES };
  try {
    const v = JSON.parse(readFileSync(join(dataDir, 'hook-config.json'), 'utf8')) as Partial<HookConfig>;
    if (Array.isArray(v.skipTools)) cfg.skipTools = v.skipTools.filter((s) => typeof s === 'string');
    if (typeof v.spoolMaxBytes === 'number' && v.spoolMaxBytes > 0) cfg.spoolMaxBytes = v.spoolMaxBytes;
  } catch {
    // defaults
  }
  return cfg;
}

/**
 * Appends one JSON line with a single O_APPEND write (atomic with respect to other appenders on a
 * local file system). Beyond `maxBytes` the event is dropped rather than filling the disk.
 */
export function appendSpool(dataDir: string, entry: unknown, maxBytes: number): boolean {
  const line = Buffer.from(`${JSON.stringify(entry)}\n`, 'utf8');
  try {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    const fd = openSync(join(dataDir, 'spool.jsonl'), 'a', 0o600);
    try {
      if (fstatSync(fd).size + line.length > maxBytes) {
        process.stderr.write('memtray-hook: spool is full; event dropped\n');
        return false;
      }
      writeSync(fd, line);
      return true;
    } finally {
      closeSync(fd);
    }
  } catch {
    return false;
  }
}
