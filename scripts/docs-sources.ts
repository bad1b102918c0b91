/**
 * The facts the reference is generated from, read from the code itself: the service's route table,
 * the contract's schemas, the settings schema, the CLI's help, the data dir layout, the environment
 * variables the code reads and the agents' event mappings.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { z } from 'zod';
import { toMemTrayEvent } from '../electron/core/agents/index.js';
import { dataDirPaths } from '../electron/core/config/data-dir.js';
import { featurePlugins } from '../electron/core/features.js';
import { KNOWN_HOOK_EVENTS, hookSchemas } from '../electron/core/ingest/payloads.js';
import { startService } from '../electron/core/service.js';
import { settingsSchema } from '../electron/shared/contract/settings.js';
import { AGENT_IDS, type AgentId } from '../electron/shared/contract/agents.js';
import { LIVE_EVENT_NAMES, liveEventSchemas } from '../electron/shared/contract/events.js';

export const ROOT = join(import.meta.dirname, '..');
const CONTRACT_DIR = join(ROOT, 'electron/shared/contract');

export interface RouteFact {
  method: string;
  path: string;
  auth: boolean;
  /** `file.ts` export name of the answer's schema in the contract, or null. */
  response: string | null;
}

/** Every contract schema by identity, named `file.exportName`, so a route's answer can be named. */
async function contractNames(): Promise<Map<unknown, string>> {
  const names = new Map<unknown, string>();
  for (const f of readdirSync(CONTRACT_DIR).sort()) {
    if (!f.endsWith('.ts')) continue;
    const mod = (await import(join(CONTRACT_DIR, f))) as Record<string, unknown>;
    for (const [k, v] of Object.entries(mod)) {
      if (v instanceof z.ZodType && !names.has(v)) names.set(v, `${f.replace(/\.ts$/, '')}.${k}`);
    }
  }
  return names;
}

/** The route table of a real service with every feature plugin, started on a throwaway data dir. */
export async function routeFacts(): Promise<RouteFact[]> {
  const dir = mkdtempSync(join(tmpdir(), 'memtray-docs-'));
  const names = await contractNames();
  const service = await startService({
    dataDir: dir,
    migrationsDir: join(ROOT, 'drizzle/migrations'),
    port: 0,
    plugins: featurePlugins(),
    writeServerJson: false,
    backgroundCheckpoints: false,
  });
  try {
    return service.routes.map((r) => ({
      method: r.method,
      path: r.path,
      auth: r.auth !== false,
      response: r.response ? (names.get(r.response) ?? 'declared') : null,
    }));
  } finally {
    await service.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The built CLI's help (run from dist, as users run it): the top level and `hooks --help`, the
 * command words, and every option the commands parse (`--name`, from their `parseArgs` tables).
 */
export function cliHelp(): { top: string; hooks: string; commands: string[]; flags: string[] } {
  const run = (args: string[]): string => {
    const r = spawnSync(process.execPath, [join(ROOT, 'dist/cli.mjs'), ...args], { encoding: 'utf8' });
    if (r.error) throw r.error;
    return r.stdout + r.stderr;
  };
  const top = run(['--help']);
  const section = top.split('Commands:\n')[1]?.split('\n\n')[0] ?? '';
  const commands = [...new Set(section.split('\n').map((l) => l.trim().split(/\s+/)[0] ?? ''))].filter((c) =>
    /^[a-z]+$/.test(c),
  );
  const flags = new Set(['--help']);
  const cliDir = join(ROOT, 'electron/core/cli');
  for (const f of readdirSync(cliDir).sort()) {
    const text = readFileSync(join(cliDir, f), 'utf8');
    for (const m of text.matchAll(/^\s+'?([a-z][a-z-]*)'?: \{ type: '(?:string|boolean)'/gm))
      flags.add(`--${m[1]}`);
  }
  return { top, hooks: run(['hooks', '--help']), commands, flags: [...flags].sort() };
}

export interface SettingFact {
  key: string;
  type: string;
  default: string;
  limits: string;
}

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  default?: unknown;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  items?: JsonSchema;
  minimum?: number;
  maximum?: number;
  maxItems?: number;
  maxLength?: number;
};

function typeOf(s: JsonSchema): string {
  if (s.enum) return s.enum.map((v) => JSON.stringify(v)).join(' \\| ');
  if (s.anyOf) return s.anyOf.map(typeOf).join(' \\| ');
  if (s.type === 'array') return `${s.items ? typeOf(s.items) : 'unknown'}[]`;
  return Array.isArray(s.type) ? s.type.join(' \\| ') : (s.type ?? 'unknown');
}

function limitsOf(s: JsonSchema): string {
  const inner = s.anyOf?.find((a) => a.type !== 'null') ?? s;
  const parts: string[] = [];
  if (inner.minimum !== undefined) parts.push(`≥ ${inner.minimum}`);
  if (inner.maximum !== undefined && inner.maximum < Number.MAX_SAFE_INTEGER)
    parts.push(`≤ ${inner.maximum}`);
  if (inner.maxItems !== undefined) parts.push(`at most ${inner.maxItems} items`);
  if (inner.maxLength !== undefined) parts.push(`at most ${inner.maxLength} characters`);
  return parts.join(', ');
}

/** Every leaf of the settings schema, dotted (`provider.kind`), with its type, default and limits. */
export function settingFacts(): SettingFact[] {
  const root = z.toJSONSchema(settingsSchema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  const out: SettingFact[] = [];
  const walk = (s: JsonSchema, prefix: string): void => {
    for (const [k, v] of Object.entries(s.properties ?? {})) {
      const key = prefix ? `${prefix}.${k}` : k;
      if (v.type === 'object' && v.properties) walk(v, key);
      else out.push({ key, type: typeOf(v), default: JSON.stringify(v.default) ?? '—', limits: limitsOf(v) });
    }
  };
  walk(root, '');
  return out;
}

/** The data dir's files, as `config/data-dir.ts` names them. */
export function dataDirFacts(): Array<{ key: string; file: string }> {
  const paths = dataDirPaths('DATA');
  return Object.entries(paths)
    .filter(([k]) => k !== 'root')
    .map(([key, p]) => ({ key, file: relative('DATA', p) }));
}

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const f of readdirSync(dir).sort()) {
    const p = join(dir, f);
    if (statSync(p).isDirectory()) out.push(...sourceFiles(p));
    else if (/\.(ts|mjs|cjs)$/.test(f) && !f.endsWith('.test.ts')) out.push(p);
  }
  return out;
}

/** Environment variables the shipped code reads (`env.NAME`, or a `'MEMTRAY_…'` constant). */
export function envFacts(): string[] {
  const found = new Set<string>();
  for (const dir of ['electron', 'hooks', 'bin']) {
    for (const f of sourceFiles(join(ROOT, dir))) {
      const text = readFileSync(f, 'utf8');
      for (const m of text.matchAll(/\benv\.([A-Z][A-Z0-9_]+)/g)) found.add(m[1]!);
      for (const m of text.matchAll(/['"](MEMTRAY_[A-Z0-9_]+)['"]/g)) found.add(m[1]!);
    }
  }
  return [...found].sort();
}

/** The native event names an agent's adapter lists (its `EVENTS` map or `SAME` set). */
function nativeEvents(agent: AgentId): string[] {
  if (agent === 'claude-code') return [...KNOWN_HOOK_EVENTS];
  const text = readFileSync(join(ROOT, 'electron/core/agents', `${agent}.ts`), 'utf8');
  const block =
    /const (?:EVENTS|SAME)\b[^=]*=\s*(?:new Set\(\[|\{)([\s\S]*?)(?:\]\)|\n\});/.exec(text)?.[1] ?? '';
  const names = [...block.matchAll(/^\s*['"]?([A-Za-z][\w.]*)['"]?\s*[:,]/gm)].map((m) => m[1]!);
  return [...new Set(names)];
}

/** Each agent's hook events and the MemTray event its adapter makes of them (run through the adapter). */
export function agentEventFacts(): Array<{ agent: AgentId; pairs: Array<[string, string]> }> {
  return AGENT_IDS.map((agent) => ({
    agent,
    pairs: nativeEvents(agent).map((n): [string, string] => [
      n,
      toMemTrayEvent(agent, n, { session_id: 's' }).event,
    ]),
  }));
}

/** The live events (SSE and IPC) and the fields of each. */
export function liveEventFacts(): Array<{ name: string; fields: string[] }> {
  return LIVE_EVENT_NAMES.map((name) => {
    const s = liveEventSchemas[name] as z.ZodType;
    const shape = 'shape' in s ? Object.keys((s as z.ZodObject).shape) : [];
    return { name, fields: shape };
  });
}

/** Each known hook event with the payload fields MemTray validates (every event may carry more). */
export function hookEventFacts(): Array<{ event: string; fields: string[] }> {
  return KNOWN_HOOK_EVENTS.map((event) => {
    const s = hookSchemas[event];
    const fields = s && 'shape' in s ? Object.keys((s as z.ZodObject).shape) : [];
    return { event, fields };
  });
}
