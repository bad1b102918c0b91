/**
 * Capture status as the service sees it: when each agent's last event was received live (hook or
 * spool; imports and transcript recovery do not count), and every settings file Claude Code's hooks
 * can live in: the user's, and each known project's `.claude/settings.json` and
 * `.claude/settings.local.json` (known projects: the projects table's roots and the service's folder).
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { AGENT_IDS } from '../../shared/contract/agents.js';
import type {
  AgentHooks,
  AgentReceipt,
  CaptureStatus,
  HookFile,
  HooksState,
} from '../../shared/contract/capture.js';
import { agentHooksStatus } from './agents/install.js';
import type { OtherAgent } from './agents/targets.js';
import type { Core } from '../core.js';
import { hooksStatus, settingsPathFor, type InstallerEnv } from './installer.js';

/** How far back (in event rows) the last live event of each agent is looked for. */
const RECEIPT_WINDOW = 20_000;

function agentReceipts(core: Core): AgentReceipt[] {
  const rows = core.sqlite
    .prepare(
      `SELECT s.agent AS agent, MAX(e.received_at) AS lastEventAt
         FROM (SELECT claude_session_id, received_at FROM events
                WHERE id > (SELECT coalesce(MAX(id), 0) FROM events) - ? AND source <> 'transcript') e
         JOIN sessions s ON s.claude_session_id = e.claude_session_id
        GROUP BY s.agent ORDER BY lastEventAt DESC`,
    )
    .all(RECEIPT_WINDOW) as AgentReceipt[];
  return rows;
}

/** When a file was last written (ms), or null when it does not exist. */
export function changedAt(path: string): number | null {
  try {
    return Math.floor(statSync(path).mtimeMs);
  } catch {
    return null;
  }
}

/** The project folders whose `.claude/` settings are looked at: known project roots and `cwd`. */
function projectDirs(core: Core, cwd: string): string[] {
  const dirs = new Set<string>([cwd]);
  for (const root of core.projects.rootPaths()) dirs.add(root);
  return [...dirs];
}

/** Every file hooks can live in; project files only when they exist. */
export function hookFiles(core: Core, env: InstallerEnv): HookFile[] {
  const user = settingsPathFor('user', env);
  const files: HookFile[] = [fileStatus(env, 'user', user)];
  for (const dir of projectDirs(core, env.cwd)) {
    for (const name of ['settings.json', 'settings.local.json']) {
      const path = join(dir, '.claude', name);
      if (changedAt(path) !== null) files.push(fileStatus(env, 'project', path));
    }
  }
  return files;
}

function fileStatus(env: InstallerEnv, scope: HookFile['scope'], settingsPath: string): HookFile {
  const s = hooksStatus(env, { scope, settingsPath });
  return {
    scope,
    settingsPath,
    installed: s.installed,
    problems: s.problems,
    changedAt: changedAt(settingsPath),
  };
}

/** The other agents found on this machine (command on PATH or config folder), with their hooks' state. */
function otherAgents(env: InstallerEnv): AgentHooks[] {
  return AGENT_IDS.filter((a): a is OtherAgent => a !== 'claude-code')
    .map((a) => agentHooksStatus(a, env))
    .filter((s) => s.present)
    .map(({ agent, installed, path, events, problems }) => ({ agent, installed, path, events, problems }));
}

/** A rewrite of a settings file the service made at start: its sentence, and the file's mtime after it. */
export interface HookRepair {
  note: string;
  changedAt: number | null;
}
/** The service's rewrites at start, by settings file. */
export type HookRepairs = ReadonlyMap<string, HookRepair>;

/**
 * A file's problems with the service's rewrite of it appended, while the file is as the service
 * left it (an install or an edit since then supersedes the note).
 */
function withRepair(repairs: HookRepairs, path: string, problems: string[]): string[] {
  const r = repairs.get(path);
  return r && r.changedAt === changedAt(path) ? [...problems, r.note] : problems;
}

export function captureStatus(
  core: Core,
  env: InstallerEnv,
  repairs: HookRepairs = new Map(),
): CaptureStatus {
  const files = hookFiles(core, env).map((f) => ({
    ...f,
    problems: withRepair(repairs, f.settingsPath, f.problems),
  }));
  return {
    agents: agentReceipts(core),
    hookFiles: files,
    otherAgents: otherAgents(env),
    checkedAt: core.clock(),
  };
}

/**
 * Claude Code's hooks wherever they are installed: the first file holding them (the user's first),
 * else the user file's state, so `installed` is true after a project-scope install too.
 */
export function anyScopeHooks(core: Core, env: InstallerEnv, repairs: HookRepairs = new Map()): HooksState {
  const found = hookFiles(core, env).find((f) => f.installed);
  if (!found) return hooksStatus(env, { scope: 'user' });
  const s = hooksStatus(env, { scope: found.scope, settingsPath: found.settingsPath });
  return { ...s, problems: withRepair(repairs, s.settingsPath, s.problems) };
}
