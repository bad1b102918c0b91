import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  mkdirSync,
  openSync,
  readFileSync,
  statSync,
  writeSync,
  closeSync,
  renameSync,
  writeFileSync,
  rmSync,
} from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

/** Every file MemTray keeps, under one directory (`$MEMTRAY_DATA_DIR`, else `~/.memtray`). */
export interface DataDirPaths {
  root: string;
  db: string;
  token: string;
  serverJson: string;
  spool: string;
  apiKey: string;
  /** The embeddings provider's key (semantic search), mode 0600. */
  embeddingsKey: string;
  log: string;
}

export function resolveDataDir(env: NodeJS.ProcessEnv = process.env, home: string = homedir()): string {
  const fromEnv = env.MEMTRAY_DATA_DIR;
  return resolve(fromEnv && fromEnv.trim() !== '' ? fromEnv : join(home, '.memtray'));
}

export function dataDirPaths(root: string): DataDirPaths {
  return {
    root,
    db: join(root, 'memtray.db'),
    token: join(root, 'token'),
    serverJson: join(root, 'server.json'),
    spool: join(root, 'spool.jsonl'),
    apiKey: join(root, 'api-key'),
    embeddingsKey: join(root, 'embeddings-key'),
    log: join(root, 'memtray.log'),
  };
}

/** Creates the data dir (mode 0700; tightened if it already exists) and returns its paths. */
export function ensureDataDir(root: string): DataDirPaths {
  mkdirSync(root, { recursive: true, mode: 0o700 });
  if ((statSync(root).mode & 0o077) !== 0) chmodSync(root, 0o700);
  return dataDirPaths(root);
}

/** The per-install token: 256 random bits, hex, created once with mode 0600 and reused. */
export function loadOrCreateToken(paths: DataDirPaths): string {
  try {
    const existing = readFileSync(paths.token, 'utf8').trim();
    if (/^[0-9a-f]{64}$/.test(existing)) return existing;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const token = randomBytes(32).toString('hex');
  const tmp = `${paths.token}.${process.pid}.tmp`;
  const fd = openSync(tmp, 'w', 0o600);
  try {
    writeSync(fd, `${token}\n`);
  } finally {
    closeSync(fd);
  }
  renameSync(tmp, paths.token);
  return readFileSync(paths.token, 'utf8').trim();
}

/** `server.json`: where the service listens. Information for clients, not a lock (config/serve-lock.ts). */
interface ServerInfo {
  port: number;
  pid: number;
  /** Random per service start; the service proves it on `GET /api/ping` (server/ping.ts). */
  instance?: string;
  version: string;
  startedAt: string;
}

export function writeServerInfo(paths: DataDirPaths, info: ServerInfo): void {
  const tmp = `${paths.serverJson}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(info)}\n`, { mode: 0o600 });
  renameSync(tmp, paths.serverJson);
}

export function readServerInfo(paths: DataDirPaths): ServerInfo | null {
  try {
    const parsed = JSON.parse(readFileSync(paths.serverJson, 'utf8')) as Partial<ServerInfo>;
    if (typeof parsed.port !== 'number' || typeof parsed.pid !== 'number') return null;
    return {
      port: parsed.port,
      pid: parsed.pid,
      ...(typeof parsed.instance === 'string' ? { instance: parsed.instance } : {}),
      version: String(parsed.version ?? ''),
      startedAt: String(parsed.startedAt ?? ''),
    };
  } catch {
    return null;
  }
}

/** Removes server.json only if it still names this process (another instance may have replaced it). */
export function removeServerInfo(paths: DataDirPaths, pid: number = process.pid): void {
  const info = readServerInfo(paths);
  if (info && info.pid !== pid) return;
  rmSync(paths.serverJson, { force: true });
}

export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
