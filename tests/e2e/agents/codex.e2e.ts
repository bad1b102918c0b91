/**
 * The real Codex CLI (devDependency @openai/codex, pinned) against a scripted Responses API, with
 * hooks written by `memtray hooks install --agent codex` into a temporary HOME and trusted the way
 * Codex records a review (no `--dangerously-bypass-hook-trust`). Proves: the prompt and the shell
 * call land in a session tagged `codex`; the fix made there reaches Claude Code's SessionStart
 * digest for the same project (the real command hook's output), the API's search and MCP search;
 * the next Codex session's model sees the memory context; uninstall removes exactly MemTray's hooks
 * and their trust. A patch Codex applies (its `apply_patch` tool) is a change to each file it names:
 * they are the digest's files changed recently.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { responsesProtocol } from '../../helpers/agent-models/responses.js';
import { ScriptedModelServer } from '../../helpers/agent-models/server.js';
import {
  claudeSessionStart,
  expectCaptured,
  expectNextSeesMemory,
  expectSeenByOthers,
  memtrayHooks,
  memtrayJson,
  PACKAGE_JSON,
  runAgent,
  startRigWithModel,
  until,
  type Rig,
} from './rig.js';

const FIX = 'ParserTimeoutError fixed: retry budget raised to 5 in src/parser.ts';

/**
 * `slug`: the model Codex believes it talks to. Its own metadata for a model it knows (`gpt-5.5`)
 * offers the freeform `apply_patch` tool; for an unknown one it falls back to shell calls only.
 */
function writeCodexConfig(r: Rig, model: ScriptedModelServer, slug = 'gpt-scripted'): void {
  mkdirSync(join(r.home, '.codex'), { recursive: true });
  writeFileSync(
    join(r.home, '.codex', 'config.toml'),
    [
      `model = "${slug}"`,
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

  /** Codex applies a patch that updates package.json and adds docs/RELEASING.md. */
  async function applyPatch(r: Rig, model: ScriptedModelServer): Promise<void> {
    writeFileSync(join(r.proj, 'package.json'), PACKAGE_JSON);
    const patch = [
      '*** Begin Patch',
      '*** Update File: package.json',
      '@@',
      '-  "version": "1.0.0",',
      '+  "version": "1.1.0",',
      '*** Add File: docs/RELEASING.md',
      '+Tag the release after the changelog entry lands.',
      '*** End Patch',
      '',
    ].join('\n');
    model.planSteps([
      { kind: 'call', name: 'apply_patch', args: { input: patch } },
      { kind: 'text', text: 'Bumped to 1.1.0.' },
    ]);
    const run = await runCodex(r, 'bump the minor version and note how to release');
    expect(run.code, run.err).toBe(0);
    expect(readFileSync(join(r.proj, 'package.json'), 'utf8')).toContain('"1.1.0"');
  }

  /** The patch's memory: a change to both files, in the digest's files changed and found by its words. */
  async function expectPatchRemembered(r: Rig): Promise<void> {
    const row = await until(
      () =>
        r.t.service.core.sqlite
          .prepare("select title, files_modified f from observations where tool_name = 'apply_patch'")
          .get() as { title: string; f: string } | undefined,
    );
    expect(row.title).toBe('Patched package.json, docs/RELEASING.md');
    expect(JSON.parse(row.f)).toEqual([join(r.proj, 'package.json'), join(r.proj, 'docs/RELEASING.md')]);
    const digest = await claudeSessionStart(r, 'after-patch');
    expect(digest).toMatch(/Files changed recently[^#]*package\.json, docs\/RELEASING\.md/);
    const q = encodeURIComponent('tag the release changelog');
    const hits = (await r.t.api('GET', `/api/search?q=${q}`)).json as { items: Array<{ title: string }> };
    expect(hits.items[0]?.title).toBe('Patched package.json, docs/RELEASING.md');
  }

  it('a patch Codex applies is a change to each file it names, in the digest and in search', async () => {
    const { r, model } = await startRigWithModel('billing-api', responsesProtocol, open);
    writeCodexConfig(r, model, 'gpt-5.5');
    memtrayHooks(r, 'install', 'codex');
    await applyPatch(r, model);
    await expectPatchRemembered(r);
  });

  it('so is the same patch imported from its history', async () => {
    const { r, model } = await startRigWithModel('billing-api', responsesProtocol, open);
    writeCodexConfig(r, model, 'gpt-5.5');
    await applyPatch(r, model);
    const out = memtrayJson(r, ['import', '--agent', 'codex']) as { status: string };
    expect(out.status).toBe('done');
    await expectPatchRemembered(r);
  });
});
