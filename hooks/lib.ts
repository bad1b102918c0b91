/** Data-dir access for the hook program: server.json, token, hook config and the spool. No core imports. */
import { closeSync, fstatSync, mkdirSync, openSync, readFileSync, writeSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { DEFAULT_SKIP_TOOLS } from '../electron/shared/contract/tools.js';

const DEFAULT_SPOOL_MAX_BYTES = 64 * 1024 * 1024;

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

interface HookConfig {
  /** Tools never captured: their calls are dropped here, before any post or spool. */
  skipTools: readonly string[];
  /** Excluded path globs: calls on such files are dropped here; events from such a folder are never spooled. */
  excludedPaths: readonly string[];
  spoolMaxBytes: number;
}

const strings = (v: unknown): string[] | null =>
  Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : null;

/** `hook-config.json`, written by the service from the settings; defaults if absent. */
export function readHookConfig(dataDir: string): HookConfig {
  const cfg: HookConfig = {
    skipTools: DEFAULT_SKIP_TOOLS,
    excludedPaths: [],
    spoolMaxBytes: DEFAULT_SPOOL_MAX_BYTES,
  };
  try {
    const v = JSON.parse(readFileSync(join(dataDir, 'hook-config.json'), 'utf8')) as Record<string, unknown>;
    cfg.skipTools = strings(v.skipTools) ?? cfg.skipTools;
    cfg.excludedPaths = strings(v.excludedPaths) ?? cfg.excludedPaths;
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
