/**
 * MemTray's hooks in another agent's hook file: added (replacing earlier MemTray entries, so
 * installing twice is installing once) and removed, other hooks never touched. Ours are the
 * command hooks that run `memtray-hook`.
 */
import { removeOurHooks } from '../settings-merge.js';
import type { AgentTarget } from './targets.js';
import { isRecord } from '../../util/json-text.js';

type Json = Record<string, unknown>;
const ours = (h: unknown): boolean =>
  isRecord(h) &&
  typeof (h.command ?? h.bash) === 'string' &&
  /memtray-hook/.test(String(h.command ?? h.bash));

const COMMAND_TIMEOUT_SEC = 5;

/** The command line for one event: the hook program, the agent, the agent's event name. */
const eventCommand = (hookCommand: string, t: AgentTarget, event: string): string =>
  `${hookCommand} --agent ${t.agent} ${event}`;

/** Claude Code's layout (Codex's hooks.json, Gemini CLI's settings.json). */
export function addClaudeLayout(file: Json, t: AgentTarget, hookCommand: string): Json {
  const base = removeOurHooks(file).settings;
  const hooks: Json = { ...(isRecord(base.hooks) ? base.hooks : {}) };
  for (const event of t.events) {
    const entry: Json = { type: 'command', command: eventCommand(hookCommand, t, event) };
    // Codex counts seconds; Gemini CLI milliseconds: its default (60 s) is left alone.
    if (t.agent === 'codex') entry.timeout = COMMAND_TIMEOUT_SEC;
    const group: Json = { hooks: [entry] };
    if (t.toolEvents.includes(event)) group.matcher = '*';
    hooks[event] = [...((hooks[event] as unknown[] | undefined) ?? []), group];
  }
  return { ...base, hooks };
}

/** Cursor's layout: `{version: 1, hooks: {event: [{command}]}}`. */
export function removeCursorLayout(file: Json): { file: Json; removed: number } {
  if (!isRecord(file.hooks)) return { file, removed: 0 };
  let removed = 0;
  const hooks: Json = {};
  for (const [event, list] of Object.entries(file.hooks)) {
    if (!Array.isArray(list)) {
      hooks[event] = list;
      continue;
    }
    const kept = list.filter((h) => !ours(h));
    removed += list.length - kept.length;
    if (kept.length > 0) hooks[event] = kept;
  }
  const out: Json = { ...file, hooks };
  if (Object.keys(hooks).length === 0) delete out.hooks;
  return { file: out, removed };
}

export function addCursorLayout(file: Json, t: AgentTarget, hookCommand: string): Json {
  const base = removeCursorLayout(file).file;
  const hooks: Json = { ...(isRecord(base.hooks) ? base.hooks : {}) };
  for (const event of t.events) {
    const entry = { command: eventCommand(hookCommand, t, event) };
    hooks[event] = [...((hooks[event] as unknown[] | undefined) ?? []), entry];
  }
  return { version: 1, ...base, hooks };
}

/** Copilot CLI's own hook file for MemTray (`.github/hooks/memtray.json`). */
export function copilotFile(t: AgentTarget, hookCommand: string): Json {
  const hooks = Object.fromEntries(
    t.events.map((event) => [
      event,
      [{ type: 'command', bash: eventCommand(hookCommand, t, event), timeoutSec: COMMAND_TIMEOUT_SEC }],
    ]),
  );
  return { version: 1, hooks };
}

/**
 * The hook program each of MemTray's hooks in a hook file runs (either layout, Copilot's too): its
 * command line without the `--agent X event` every install appends.
 */
export function ourHookPrograms(file: Json): string[] {
  if (!isRecord(file.hooks)) return [];
  const found = new Set<string>();
  for (const list of Object.values(file.hooks)) {
    if (!Array.isArray(list)) continue;
    for (const g of list)
      for (const h of isRecord(g) && Array.isArray(g.hooks) ? [g, ...(g.hooks as unknown[])] : [g])
        if (ours(h)) found.add(withoutEvent(String((h as Json).command ?? (h as Json).bash)));
  }
  return [...found];
}

const withoutEvent = (command: string): string => command.replace(/ --agent \S+ \S+$/, '');

/** The events a hook file holds MemTray hooks for (either layout). */
export function eventsWithOurs(file: Json): string[] {
  if (!isRecord(file.hooks)) return [];
  return Object.entries(file.hooks)
    .filter(([, list]) =>
      Array.isArray(list)
        ? list.some((g) => ours(g) || (isRecord(g) && Array.isArray(g.hooks) && g.hooks.some(ours)))
        : false,
    )
    .map(([event]) => event);
}
