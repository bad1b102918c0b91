/**
 * The real Codex CLI (devDependency @openai/codex, pinned) against a scripted Responses API, with
 * hooks written by `memtray hooks install --agent codex` into a temporary HOME and trusted the way
 * Codex records a review (no `--dangerously-bypass-hook-trust`). Proves: the prompt and the shell
 * call land in a session tagged `codex`; the fix made there reaches Claude Code's SessionStart
 * digest for the same project (the real command hook's output), the API's search and MCP search;
 * the next Codex session's model sees the memory context; uninstall removes exactly MemTray's hooks
 * and their trust.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { responsesProtocol } from '../../helpers/agent-models/responses.js';
import { ScriptedModelServer } from '../../helpers/agent-models/server.js';
import {
  expectCaptured,
  expectNextSeesMemory,
  expectSeenByOthers,
  memtrayHooks,
  runAgent,
  startRigWithModel,
  type Rig,
} from './rig.js';

const FIX = 'ParserTimeoutError fixed: retry budget raised to 5 in src/parser.ts';

function writeCodexConfig(r: Rig, model: ScriptedModelServer): void {
  mkdirSync(join(r.home, '.codex'), { recursive: true });
  writeFileSync(
    join(r.home, '.codex', 'config.toml'),
    [
      'model = "gpt-scripted"',
      'model_provider = "scripted"',
      '[model_providers.scripted]',
      'name = "scripted"',
      `base_url = "${model.base}/v1"`,
      'env_key = "SCRIPTED_API_KEY"',
      'wire_api = "responses"',
      '',
    ].join('\n'),
  );
}

const runCodex = (r: Rig, prompt: string) =>
  runAgent(
    'codex',
    ['exec', '--skip-git-repo-check', '--dangerously-bypass-approvals-and-sandbox', prompt],
    r,
    { SCRIPTED_API_KEY: 'sk-scripted' },
  );

describe('real Codex CLI', () => {
  const open: Array<() => Promise<unknown>> = [];
  afterEach(async () => {
    for (const c of open.splice(0)) await c().catch(() => undefined);
  });

  async function setup(): Promise<{ r: Rig; model: ScriptedModelServer }> {
    const { r, model } = await startRigWithModel('billing-api', responsesProtocol, open);
    writeCodexConfig(r, model);
    return { r, model };
  }

  it('captures a Codex session tagged codex; its fix reaches Claude Code, search and MCP', async () => {
    const { r, model } = await setup();
    const installed = memtrayHooks(r, 'install', 'codex') as {
      agents: Array<{ installed: boolean; notes: string[]; events: string[] }>;
    };
    expect(installed.agents[0]!.installed).toBe(true);
    expect(installed.agents[0]!.notes.join('\n')).toMatch(/trusted 6 hooks/);

    model.plan([`echo "${FIX}" > FIX.md && cat FIX.md`], 'Fixed the parser timeout.');
    const run = await runCodex(r, 'Fix the ParserTimeoutError in the parser');
    expect(run.code, run.err).toBe(0);
    const s = await expectCaptured(r, 'codex', {
      project: 'billing-api',
      prompt: 'Fix the ParserTimeoutError in the parser',
      term: 'ParserTimeoutError',
      events: ['SessionStart', 'UserPromptSubmit', 'PostToolUse', 'Stop'],
    });

    // Claude Code, later, in the same repository: its SessionStart digest carries the fix.
    await expectSeenByOthers(r, s, 'ParserTimeoutError', open);
    const inject = await r.t.api('GET', '/api/context/inject?project=billing-api');
    expect(inject.text).toContain('ParserTimeoutError');

    // The next Codex session starts with the memory: its model sees the context.
    await expectNextSeesMemory(model, () => runCodex(r, 'What changed in the parser?'), 'ParserTimeoutError');
  });

  it('uninstall removes exactly MemTray hooks and their trust; install twice is once', async () => {
    const { r } = await setup();
    const hooksFile = join(r.home, '.codex', 'hooks.json');
    const foreign = { type: 'command', command: 'echo theirs' };
    writeFileSync(hooksFile, JSON.stringify({ hooks: { Stop: [{ hooks: [foreign] }] } }));
    memtrayHooks(r, 'install', 'codex');
    memtrayHooks(r, 'install', 'codex');
    const installed = JSON.parse(readFileSync(hooksFile, 'utf8')) as {
      hooks: Record<string, Array<{ hooks: Array<{ command: string }> }>>;
    };
    expect(installed.hooks.Stop).toHaveLength(2);
    expect(installed.hooks.PostToolUse![0]!.hooks[0]!.command).toMatch(
      /memtray-hook.* --agent codex PostToolUse$/,
    );
    expect(readFileSync(join(r.home, '.codex', 'config.toml'), 'utf8')).toMatch(/trusted_hash/);
    const out = memtrayHooks(r, 'uninstall', 'codex') as {
      agents: Array<{ installed: boolean; notes: string[] }>;
    };
    expect(out.agents[0]!.installed).toBe(false);
    expect(out.agents[0]!.notes.join('\n')).toMatch(/forgot Codex's trust of 6/);
    expect(JSON.parse(readFileSync(hooksFile, 'utf8'))).toEqual({ hooks: { Stop: [{ hooks: [foreign] }] } });
    expect(readFileSync(join(r.home, '.codex', 'config.toml'), 'utf8')).not.toMatch(/trusted_hash/);
  });
});
