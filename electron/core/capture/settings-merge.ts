/**
 * Pure merge logic for Claude Code's settings.json `hooks` section: add MemTray's hook entries,
 * find them, remove exactly them. Other hooks are never touched. Our entries are recognised by
 * shape: an http hook posting to `<base>/api/hooks/<Event>` (`http://127.0.0.1:<port>` unless
 * installed with `--url`), or a command hook running `memtray-hook`.
 */
import type { HookMode } from '../../shared/contract/capture.js';
import { isRecord } from '../util/json-text.js';

export type { HookMode };

/**
 * Events MemTray listens to: every one that carries memory or session state. SessionStart is always
 * a command hook (Claude Code has no HTTP SessionStart). PreToolUse stays off: it sits on Claude's
 * path before every call and nothing here needs it (PermissionRequest only fires while the user is
 * asked anyway, and MemTray's answer decides nothing).
 */
export const CAPTURE_EVENTS = [
  'SessionStart',
  'UserPromptSubmit',
  'PostToolUse',
  'PostToolUseFailure',
  'SubagentStart',
  'SubagentStop',
  'Notification',
  'PreCompact',
  'PermissionRequest',
  'Stop',
  'SessionEnd',
] as const;

/** Events whose groups match tool names (`*`: every tool). */
const TOOL_EVENTS: ReadonlySet<string> = new Set(['PostToolUse', 'PostToolUseFailure', 'PermissionRequest']);

interface HookSpec {
  mode: HookMode;
  port: number;
  /** Where http hooks post instead of `http://127.0.0.1:<port>` (`hooks install --url`; no trailing slash). */
  baseUrl?: string;
  /** Command that runs the hook program (without the event argument). */
  hookCommand: string;
  /** `inline`: the token in the header; `env`: `$MEMTRAY_TOKEN`, interpolated by Claude Code. */
  tokenSource: 'inline' | 'env';
  token: string;
  httpTimeoutSec: number;
  commandTimeoutSec: number;
}

type Json = Record<string, unknown>;

export class SettingsShapeError extends Error {}

const OUR_URL = /^https?:\/\/[^/\s]+\/api\/hooks\/[A-Za-z]+$/;

function isOurHook(h: unknown): boolean {
  if (!isRecord(h)) return false;
  if (h.type === 'http') return typeof h.url === 'string' && OUR_URL.test(h.url);
  if (h.type === 'command') return typeof h.command === 'string' && /memtray-hook/.test(h.command);
  return false;
}

function hookEntry(spec: HookSpec, event: string): Json {
  if (spec.mode === 'command' || event === 'SessionStart') {
    return { type: 'command', command: `${spec.hookCommand} ${event}`, timeout: spec.commandTimeoutSec };
  }
  const auth = spec.tokenSource === 'env' ? 'Bearer $MEMTRAY_TOKEN' : `Bearer ${spec.token}`;
  return {
    type: 'http',
    url: `${spec.baseUrl ?? `http://127.0.0.1:${spec.port}`}/api/hooks/${event}`,
    headers: { Authorization: auth },
    ...(spec.tokenSource === 'env' ? { allowedEnvVars: ['MEMTRAY_TOKEN'] } : {}),
    timeout: spec.httpTimeoutSec,
  };
}

function hooksOf(settings: Json): Json {
  if (settings.hooks === undefined) return {};
  if (!isRecord(settings.hooks)) throw new SettingsShapeError('"hooks" is not an object');
  for (const [event, groups] of Object.entries(settings.hooks)) {
    if (!Array.isArray(groups)) throw new SettingsShapeError(`"hooks.${event}" is not an array`);
  }
  return settings.hooks;
}

/** Returns a copy without MemTray's hooks (empty groups/events/`hooks` removed) and how many were removed. */
export function removeOurHooks(settings: Json): { settings: Json; removed: number } {
  const hooks = hooksOf(settings);
  let removed = 0;
  const next: Json = {};
  for (const [event, groups] of Object.entries(hooks)) {
    const kept: unknown[] = [];
    for (const g of groups as unknown[]) {
      if (!isRecord(g) || !Array.isArray(g.hooks)) {
        kept.push(g);
        continue;
      }
      const inner = g.hooks.filter((h) => !isOurHook(h));
      removed += g.hooks.length - inner.length;
      if (inner.length === g.hooks.length) kept.push(g);
      else if (inner.length > 0) kept.push({ ...g, hooks: inner });
    }
    if (kept.length > 0) next[event] = kept;
  }
  const out: Json = { ...settings };
  if (Object.keys(next).length > 0) out.hooks = next;
  else delete out.hooks;
  return { settings: out, removed };
}

/** Installs MemTray's hooks (replacing any previous MemTray entries): installing twice = once. */
export function addOurHooks(settings: Json, spec: HookSpec): Json {
  const base = removeOurHooks(settings).settings;
  const hooks: Json = { ...(isRecord(base.hooks) ? base.hooks : {}) };
  for (const event of CAPTURE_EVENTS) {
    const group: Json = { hooks: [hookEntry(spec, event)] };
    if (TOOL_EVENTS.has(event)) group.matcher = '*';
    hooks[event] = [...((hooks[event] as unknown[] | undefined) ?? []), group];
  }
  return { ...base, hooks };
}

export interface FoundHooks {
  events: string[];
  mode: HookMode | null;
  ports: number[];
  /** Where the http hooks post (`http://127.0.0.1:37777`, or a `--url` base). */
  bases: string[];
  tokens: string[];
  commands: string[];
}

export function findOurHooks(settings: Json): FoundHooks {
  const found: FoundHooks = { events: [], mode: null, ports: [], bases: [], tokens: [], commands: [] };
  let http = false;
  let command = false;
  for (const [event, groups] of Object.entries(hooksOf(settings))) {
    for (const g of groups as unknown[]) {
      if (!isRecord(g) || !Array.isArray(g.hooks)) continue;
      for (const h of g.hooks) {
        if (!isOurHook(h)) continue;
        const rec = h as Json;
        if (!found.events.includes(event)) found.events.push(event);
        if (rec.type === 'http') {
          http = true;
          const port = Number(/:(\d+)\//.exec(String(rec.url))?.[1]);
          if (!found.ports.includes(port)) found.ports.push(port);
          const base = String(rec.url).replace(/\/api\/hooks\/[A-Za-z]+$/, '');
          if (!found.bases.includes(base)) found.bases.push(base);
          const auth = isRecord(rec.headers) ? String(rec.headers.Authorization ?? '') : '';
          const tok = auth.replace(/^Bearer\s+/, '');
          if (!found.tokens.includes(tok)) found.tokens.push(tok);
        } else {
          if (event !== 'SessionStart') command = true;
          const cmd = String(rec.command).replace(/\s+\S+$/, '');
          if (!found.commands.includes(cmd)) found.commands.push(cmd);
        }
      }
    }
  }
  found.mode = http ? 'http' : command ? 'command' : found.events.length > 0 ? 'command' : null;
  return found;
}
