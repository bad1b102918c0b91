/**
 * `memtray hooks install|uninstall|status`: writes MemTray's hooks into a Claude Code settings file.
 * A backup is written first; the write is atomic; a file that is not valid JSON is refused and left
 * untouched. Project scope uses `.claude/settings.local.json` (git-ignored by Claude Code), so the
 * token never lands in a committed file.
 */
import {
  accessSync,
  chmodSync,
  constants,
  copyFileSync,
  mkdirSync,
  readFileSync,
  renameSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import type { HooksState, HookScope } from '../../shared/contract/capture.js';
import { dataDirPaths, isProcessAlive, readServerInfo, resolveDataDir } from '../config/data-dir.js';
import { DEFAULT_PORT } from '../server/listen.js';
import { hookProgramProblems } from './installer-command.js';
import { parseUserJson, readUserFile, UserFileError } from '../util/user-file.js';
import {
  CAPTURE_EVENTS,
  SettingsShapeError,
  addOurHooks,
  findOurHooks,
  removeOurHooks,
  type HookMode,
} from './settings-merge.js';

export type { HookScope } from '../../shared/contract/capture.js';
/** Where and how the hooks are installed: the contract's `HooksState`. */
type HooksStatus = HooksState;

export interface InstallerEnv {
  dataDir: string;
  home: string;
  cwd: string;
  /** Package root (holds dist/memtray-hook*). */
  packageRoot: string;
  token: string;
  /** Node binary used for the CommonJS fallback. */
  nodePath: string;
  env: NodeJS.ProcessEnv;
}

interface InstallOptions {
  mode?: HookMode;
  scope?: HookScope;
  settingsPath?: string;
  tokenSource?: 'inline' | 'env';
  port?: number;
  /** A non-default endpoint for the http hooks (e.g. a MemTray reached over `ssh -R`); see hookUrl. */
  url?: string;
}

/**
 * Checks a `--url` endpoint: http(s) with no path, query or credentials. The token travels in a
 * header, so plain http is accepted only for a loopback host (an `ssh -R` tunnel's end); any other
 * host needs https. Returns the base without a trailing slash.
 */
export function hookUrl(raw: string): string {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    throw new InstallError(`--url must be a URL like http://127.0.0.1:37777, got '${raw.slice(0, 200)}'`);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:')
    throw new InstallError('--url must be http or https');
  if (u.username || u.password || u.search || u.hash || (u.pathname !== '/' && u.pathname !== ''))
    throw new InstallError('--url takes scheme, host and port only (no path, query or credentials)');
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(u.hostname);
  if (u.protocol === 'http:' && !loopback)
    throw new InstallError(
      `--url ${u.host}: the token would cross the network in clear; use https, or an ssh -R tunnel to 127.0.0.1`,
    );
  return `${u.protocol}//${u.host}`;
}

/** Whether hooks posting to `base` reach this machine's own service (so its port is checked). */
const isLocalBase = (base: string): boolean => /^http:\/\/127\.0\.0\.1:\d+$/.test(base);

export class InstallError extends Error {}

export function settingsPathFor(
  scope: HookScope,
  e: Pick<InstallerEnv, 'home' | 'cwd'>,
  explicit?: string,
): string {
  if (explicit) return resolve(e.cwd, explicit);
  return scope === 'project'
    ? join(e.cwd, '.claude', 'settings.local.json')
    : join(e.home, '.claude', 'settings.json');
}

const q = (s: string): string => (/^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`);

/** The command that runs the hook: the compiled binary if built, else the CommonJS bundle under Node. */
export function hookCommand(e: InstallerEnv): string {
  const compiled = join(
    e.packageRoot,
    'dist',
    process.platform === 'win32' ? 'memtray-hook.exe' : 'memtray-hook',
  );
  let cmd: string;
  if (isExecutable(compiled)) cmd = q(compiled);
  else cmd = `${q(e.nodePath)} ${q(join(e.packageRoot, 'dist', 'memtray-hook.cjs'))}`;
  const defaultDir = resolveDataDir({}, e.home);
  return resolve(e.dataDir) === defaultDir ? cmd : `${cmd} --data-dir ${q(resolve(e.dataDir))}`;
}

function isExecutable(p: string): boolean {
  try {
    accessSync(p, constants.X_OK);
    return statSync(p).isFile();
  } catch {
    return false;
  }
}

export function readSettings(path: string): { json: Record<string, unknown>; exists: boolean; mode: number } {
  let text: string | null;
  let parsed: unknown;
  try {
    text = readUserFile(path);
    if (text === null || text.trim() === '') parsed = {};
    else parsed = parseUserJson(path, text);
  } catch (err) {
    if (err instanceof UserFileError)
      throw new InstallError(`${err.message}; fix or move it, nothing was changed`);
    throw err;
  }
  if (text === null) return { json: {}, exists: false, mode: 0o600 };
  const mode = statSync(path).mode & 0o777;
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new InstallError(`${path} does not hold a JSON object; nothing was changed`);
  }
  return { json: parsed as Record<string, unknown>, exists: true, mode };
}

export function writeSettings(
  path: string,
  json: Record<string, unknown>,
  existed: boolean,
  mode: number,
  secret: boolean,
): string | null {
  // A file holding the token is kept private to the user.
  const finalMode = secret ? mode & 0o700 : mode;
  // Nothing would change (an install run again): no write, and no backup of an identical file.
  if (existed && finalMode === mode && sameJson(path, json)) return null;
  mkdirSync(dirname(path), { recursive: true });
  let backup: string | null = null;
  if (existed) {
    backup = `${path}.memtray-backup-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    copyFileSync(path, backup);
    chmodSync(backup, 0o600);
  }
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(json, null, 2)}\n`, { mode: finalMode });
  chmodSync(tmp, finalMode);
  renameSync(tmp, path);
  return backup;
}

function sameJson(path: string, json: Record<string, unknown>): boolean {
  try {
    return JSON.stringify(JSON.parse(readFileSync(path, 'utf8'))) === JSON.stringify(json);
  } catch {
    return false;
  }
}

function currentPort(dataDir: string): number | null {
  const info = readServerInfo(dataDirPaths(dataDir));
  return info && isProcessAlive(info.pid) ? info.port : null;
}

function shapeGuard<T>(path: string, fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    if (err instanceof SettingsShapeError)
      throw new InstallError(`${path}: ${err.message}; nothing was changed`);
    throw err;
  }
}

export function installHooks(
  e: InstallerEnv,
  o: InstallOptions = {},
): HooksStatus & { backup: string | null } {
  const scope = o.scope ?? 'user';
  const path = settingsPathFor(scope, e, o.settingsPath);
  const cur = readSettings(path);
  const mode = o.mode ?? 'http';
  const tokenSource = o.tokenSource ?? 'inline';
  const next = shapeGuard(path, () =>
    addOurHooks(cur.json, {
      mode,
      port: o.port ?? currentPort(e.dataDir) ?? DEFAULT_PORT,
      ...(o.url !== undefined ? { baseUrl: hookUrl(o.url) } : {}),
      hookCommand: hookCommand(e),
      tokenSource,
      token: e.token,
      httpTimeoutSec: 2,
      commandTimeoutSec: 5,
    }),
  );
  const backup = writeSettings(path, next, cur.exists, cur.mode, mode === 'http' && tokenSource === 'inline');
  return {
    ...hooksStatus(e, { scope, ...(o.settingsPath ? { settingsPath: o.settingsPath } : {}) }),
    backup,
  };
}

export function uninstallHooks(
  e: InstallerEnv,
  o: Pick<InstallOptions, 'scope' | 'settingsPath'> = {},
): HooksStatus & { removed: number; backup: string | null } {
  const scope = o.scope ?? 'user';
  const path = settingsPathFor(scope, e, o.settingsPath);
  const cur = readSettings(path);
  const { settings, removed } = shapeGuard(path, () => removeOurHooks(cur.json));
  const backup = removed > 0 ? writeSettings(path, settings, cur.exists, cur.mode, false) : null;
  return { ...hooksStatus(e, o), removed, backup };
}

export function hooksStatus(
  e: InstallerEnv,
  o: Pick<InstallOptions, 'scope' | 'settingsPath'> = {},
): HooksStatus {
  const scope = o.scope ?? 'user';
  const settingsPath = settingsPathFor(scope, e, o.settingsPath);
  const problems: string[] = [];
  let json: Record<string, unknown> = {};
  try {
    json = readSettings(settingsPath).json;
  } catch (err) {
    problems.push((err as Error).message);
  }
  let found;
  try {
    found = findOurHooks(json);
  } catch (err) {
    problems.push(`${settingsPath}: ${(err as Error).message}`);
    found = findOurHooks({});
  }
  const installed = found.events.length > 0;
  if (installed) {
    const missing = CAPTURE_EVENTS.filter((ev) => !found.events.includes(ev));
    if (missing.length > 0) problems.push(`missing hooks for: ${missing.join(', ')}`);
    const port = currentPort(e.dataDir);
    // Hooks posting elsewhere (`--url`): that service is not ours to check from here.
    const remote = found.bases.length > 0 && !found.bases.some(isLocalBase);
    if (!remote && port === null)
      problems.push(
        'the MemTray service is not running (events go to the spool or are recovered from transcripts)',
      );
    else if (!remote && found.ports.some((p) => p !== port))
      problems.push(
        `hooks post to port ${found.ports.join(', ')} but the service listens on ${port}: run \`memtray hooks install\` again`,
      );
    for (const t of found.tokens) {
      if (t === '$MEMTRAY_TOKEN') {
        if (!e.env.MEMTRAY_TOKEN)
          problems.push('hooks use $MEMTRAY_TOKEN but it is not set in this environment');
      } else if (t !== e.token)
        problems.push(
          "the token in the hooks is not this install's token: run `memtray hooks install` again",
        );
    }
    problems.push(...hookProgramProblems(e, hookCommand(e), found.commands));
  }
  return { installed, mode: found.mode, scope, settingsPath, events: found.events, problems };
}

export function defaultInstallerEnv(dataDir: string, token: string, packageRoot: string): InstallerEnv {
  return {
    dataDir,
    home: homedir(),
    cwd: process.cwd(),
    packageRoot,
    token,
    nodePath: process.execPath,
    env: process.env,
  };
}
