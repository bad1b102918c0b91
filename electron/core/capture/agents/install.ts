/**
 * `memtray hooks install|uninstall --agent X`: MemTray's hooks for another coding agent, merged into
 * its hook file (a backup first, an atomic write, a file that is not JSON refused), or written as a
 * file of MemTray's own (opencode's plugin, Copilot CLI's `.github/hooks/memtray.json`). Installing
 * twice is installing once; uninstall removes exactly what install added. An agent that is not on
 * this machine is skipped, with a note saying so.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { hookCommand, readSettings, writeSettings, type InstallerEnv } from '../installer.js';
import { hookProgramProblems } from '../installer-command.js';
import { removeOurHooks } from '../settings-merge.js';
import { forgetCodexTrust, trustCodexHooks } from './codex-trust.js';
import {
  addClaudeLayout,
  addCursorLayout,
  copilotFile,
  eventsWithOurs,
  ourHookPrograms,
  removeCursorLayout,
} from './merge.js';
import { OPENCODE_PLUGIN_MARK, opencodePluginProgram, opencodePluginSource } from './opencode-plugin.js';
import { agentPresent, agentTarget, onPath, type AgentTarget, type OtherAgent } from './targets.js';

export interface AgentHooksResult {
  agent: OtherAgent;
  present: boolean;
  installed: boolean;
  path: string;
  events: string[];
  /** Why the installed hooks would not reach this install (installer-command.ts). */
  problems: string[];
  /** What the user should know: a skipped agent, the trust Codex needs, a backup written. */
  notes: string[];
}

/**
 * MemTray's hooks in the agent's file, read once: the events they are installed for, and the hook
 * programs they run (parsed only when asked: a status with hooks installed).
 */
function readOurHooks(t: AgentTarget): { events: string[]; programs: () => string[] } {
  if (t.layout === 'own') {
    if (!existsSync(t.path)) return { events: [], programs: () => [] };
    const text = readFileSync(t.path, 'utf8');
    const ours = text.includes('memtray-hook') || text.startsWith(OPENCODE_PLUGIN_MARK);
    const programs = (): string[] => {
      if (t.agent !== 'opencode') return ourHookPrograms(JSON.parse(text) as Record<string, unknown>);
      const program = opencodePluginProgram(text);
      return program === null ? [] : [program];
    };
    return { events: ours ? [...t.events] : [], programs };
  }
  const json = readSettings(t.path).json;
  return { events: eventsWithOurs(json), programs: () => ourHookPrograms(json) };
}

/** The events MemTray's hooks are installed for, read back from the agent's file. */
const installedEvents = (t: AgentTarget): string[] => readOurHooks(t).events;

export function agentHooksStatus(agent: OtherAgent, e: InstallerEnv): AgentHooksResult {
  const t = agentTarget(agent, e);
  const { events, programs } = readOurHooks(t);
  let problems: string[] = [];
  try {
    problems = events.length > 0 ? hookProgramProblems(e, hookCommand(e), programs()) : [];
  } catch (err) {
    problems = [`${t.path}: ${(err as Error).message}`];
  }
  return {
    agent,
    present: agentPresent(t, e),
    installed: events.length > 0,
    path: t.path,
    events,
    problems,
    notes: [],
  };
}

function writeOwn(t: AgentTarget, text: string): void {
  mkdirSync(dirname(t.path), { recursive: true });
  writeFileSync(t.path, text, { mode: 0o644 });
}

/** Writes the hooks; returns the backup written, if any. */
function writeHooks(t: AgentTarget, cmd: string): string | null {
  if (t.agent === 'opencode') return (writeOwn(t, opencodePluginSource(cmd)), null);
  if (t.agent === 'copilot') return (writeOwn(t, `${JSON.stringify(copilotFile(t, cmd), null, 2)}\n`), null);
  const cur = readSettings(t.path);
  const next = t.layout === 'cursor' ? addCursorLayout(cur.json, t, cmd) : addClaudeLayout(cur.json, t, cmd);
  return writeSettings(t.path, next, cur.exists, cur.mode, false);
}

async function trustNote(t: AgentTarget, e: InstallerEnv): Promise<string> {
  const codex = onPath('codex', e.env);
  const how =
    "Codex skips hooks nobody has trusted: start `codex` and accept MemTray's hooks when it asks to review them";
  if (!codex) return `${how} (no codex command on PATH to record the trust with)`;
  try {
    const n = await trustCodexHooks(codex, e.cwd, e.env);
    return n === t.events.length
      ? `trusted ${n} hooks in Codex's config (as Codex records a review)`
      : `${how} (${n} of ${t.events.length} trusted)`;
  } catch (err) {
    return `${how} (${(err as Error).message})`;
  }
}

export async function installAgentHooks(agent: OtherAgent, e: InstallerEnv): Promise<AgentHooksResult> {
  const t = agentTarget(agent, e);
  if (!agentPresent(t, e))
    return {
      ...agentHooksStatus(agent, e),
      notes: [`${agent} is not installed here (no ${t.bin} on PATH, no ${t.configDir}): skipped`],
    };
  const backup = writeHooks(t, hookCommand(e));
  const notes = backup ? [`Backup of the previous file: ${backup}`] : [];
  if (agent === 'codex') notes.push(await trustNote(t, e));
  return { ...agentHooksStatus(agent, e), notes };
}

export async function uninstallAgentHooks(agent: OtherAgent, e: InstallerEnv): Promise<AgentHooksResult> {
  const t = agentTarget(agent, e);
  const notes: string[] = [];
  const codex = agent === 'codex' ? onPath('codex', e.env) : null;
  if (codex) {
    const n = await forgetCodexTrust(codex, e.cwd, e.env).catch(() => 0);
    if (n > 0) notes.push(`forgot Codex's trust of ${n} MemTray hooks`);
  }
  if (t.layout === 'own') {
    if (installedEvents(t).length > 0) rmSync(t.path, { force: true });
  } else if (existsSync(t.path)) {
    const cur = readSettings(t.path);
    const r =
      t.layout === 'cursor'
        ? removeCursorLayout(cur.json)
        : (({ settings, removed }) => ({ file: settings, removed }))(removeOurHooks(cur.json));
    const backup = r.removed > 0 ? writeSettings(t.path, r.file, cur.exists, cur.mode, false) : null;
    if (backup) notes.push(`Backup of the previous file: ${backup}`);
  }
  return { ...agentHooksStatus(agent, e), notes };
}
