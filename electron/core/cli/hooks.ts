/** `memtray hooks install|uninstall|status`: Claude Code hook settings (see docs/explanation/capture.md). */
import { parseArgs } from 'node:util';
import { ensureDataDir, loadOrCreateToken, resolveDataDir } from '../config/data-dir.js';
import {
  defaultInstallerEnv,
  hooksStatus,
  installHooks,
  uninstallHooks,
  type HookScope,
} from '../capture/installer.js';
import type { HookMode } from '../capture/settings-merge.js';
import { claudePresent } from '../capture/agents/targets.js';
import { packageRoot } from '../config/env.js';
import { otherAgents, parseAgent, printAgentHooks, runAgentHooks } from './agent-hooks.js';
import type { CliHooksOutput } from '../../shared/contract/cli.js';

const USAGE = `Usage:
  memtray hooks install|uninstall|status --agent claude-code|codex|gemini|opencode|cursor|copilot|all
                        (default claude-code; all: every agent present here, the others skipped)
  memtray hooks install [--mode http|command] [--scope user|project] [--settings PATH] [--token-env] [--port N]
                        [--url URL]   (http hooks post to URL, e.g. a desktop MemTray over ssh -R; see docs/explanation/sync.md)
  memtray hooks uninstall [--scope user|project] [--settings PATH]
  memtray hooks status [--scope user|project] [--settings PATH] [--json]
Common: [--data-dir DIR]`;

function print(s: CliHooksOutput, json: boolean, extra: string[] = []): void {
  if (json) {
    process.stdout.write(`${JSON.stringify(s)}\n`);
    return;
  }
  const lines = [
    s.installed
      ? `MemTray hooks are installed (${s.mode} mode) in ${s.settingsPath}: ${s.events.join(', ')}`
      : `MemTray hooks are not installed in ${s.settingsPath}`,
    ...extra,
    ...s.problems.map((p) => `  problem: ${p}`),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

export async function runHooks(argv: string[]): Promise<number> {
  const [sub, ...rest] = argv;
  const { values } = parseArgs({
    args: rest,
    options: {
      mode: { type: 'string' },
      scope: { type: 'string' },
      settings: { type: 'string' },
      'data-dir': { type: 'string' },
      'token-env': { type: 'boolean' },
      port: { type: 'string' },
      url: { type: 'string' },
      json: { type: 'boolean' },
      agent: { type: 'string' },
    },
    strict: true,
  });
  if (values.mode !== undefined && values.mode !== 'http' && values.mode !== 'command')
    throw new Error(`--mode must be http or command, got '${values.mode}'`);
  if (values.scope !== undefined && values.scope !== 'user' && values.scope !== 'project')
    throw new Error(`--scope must be user or project, got '${values.scope}'`);
  const port = values.port !== undefined ? Number(values.port) : undefined;
  if (port !== undefined && (!Number.isInteger(port) || port < 1 || port > 65535))
    throw new Error(`--port must be an integer 1-65535, got '${values.port}'`);
  const dataDir = values['data-dir'] ?? resolveDataDir();
  // With --url the hooks post to another machine's MemTray (an ssh -R tunnel): its token, given in
  // MEMTRAY_TOKEN, not this data dir's.
  const remoteToken = values.url !== undefined ? process.env.MEMTRAY_TOKEN?.trim() : undefined;
  const token = remoteToken || loadOrCreateToken(ensureDataDir(dataDir));
  const env = defaultInstallerEnv(dataDir, token, packageRoot());
  const where = {
    ...(values.scope ? { scope: values.scope as HookScope } : {}),
    ...(values.settings ? { settingsPath: values.settings } : {}),
  };
  const json = values.json === true;
  const agent = parseAgent(values.agent);
  if (agent !== 'claude-code' && ['install', 'uninstall', 'status'].includes(sub ?? '')) {
    const results = await runAgentHooks(sub!, otherAgents(agent), env);
    // `--agent all` covers Claude Code too, through its own installer below, when it is here.
    if (agent === 'all' && claudePresent(env)) await runHooks([sub!, ...withoutAgent(rest)]);
    printAgentHooks(results, json);
    return 0;
  }
  switch (sub) {
    case 'install': {
      const r = installHooks(env, {
        ...where,
        ...(values.mode ? { mode: values.mode as HookMode } : {}),
        ...(values['token-env'] ? { tokenSource: 'env' as const } : {}),
        ...(port !== undefined ? { port } : {}),
        ...(values.url !== undefined ? { url: values.url } : {}),
      });
      print(r, json, r.backup ? [`Backup of the previous file: ${r.backup}`] : []);
      return 0;
    }
    case 'uninstall': {
      const r = uninstallHooks(env, where);
      print(r, json, [
        `Removed ${r.removed} MemTray hook${r.removed === 1 ? '' : 's'}.`,
        ...(r.backup ? [`Backup of the previous file: ${r.backup}`] : []),
      ]);
      return 0;
    }
    case 'status': {
      const s = hooksStatus(env, where);
      print(s, json);
      return s.installed && s.problems.length === 0 ? 0 : 3;
    }
    default:
      process.stderr.write(`${USAGE}\n`);
      return 2;
  }
}

/** The arguments without `--agent X` / `--agent=X` (Claude Code's installer takes none). */
function withoutAgent(args: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--agent') i++;
    else if (!args[i]!.startsWith('--agent=')) out.push(args[i]!);
  }
  return out;
}
