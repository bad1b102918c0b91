/**
 * The real opencode (devDependency opencode-ai, pinned) against a scripted OpenAI-compatible Chat
 * Completions server (its `@ai-sdk/openai-compatible` provider), with MemTray's plugin written into
 * the temporary HOME's `~/.config/opencode/plugin/` by `memtray hooks install --agent opencode`.
 * Proves: the prompt and the shell call land in a session tagged `opencode`; the fix made there
 * reaches Claude Code's SessionStart digest for the same project, search and MCP search; the next
 * opencode session's model receives the memory context (the plugin adds it to the system prompt);
 * with the MCP server registered by `memtray mcp install --agent opencode`, the model calls MemTray's
 * search and reads the fix; uninstall removes the plugin. A package.json opencode read whole and
 * edited shows in the digest's project setup as edited, and so it does from its imported history;
 * a file it read only in part does not.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { chatProtocol } from '../../helpers/agent-models/chat.js';
import { ScriptedModelServer } from '../../helpers/agent-models/server.js';
import {
  expectCaptured,
  expectNextSeesMemory,
  expectSearchesRemembered,
  expectSeenByOthers,
  expectSetupShown,
  memtrayHooks,
  memtrayJson,
  PACKAGE_JSON,
  runAgent,
  seedTodos,
  startRigWithModel,
  until,
  type Rig,
} from './rig.js';

const FIX = 'InvoiceDuplicateError fixed: idempotency key checked in src/invoices.ts';

function writeOpencodeConfig(r: Rig, model: ScriptedModelServer): void {
  const dir = join(r.home, '.config', 'opencode');
  mkdirSync(dir, { recursive: true });
  const config = {
    $schema: 'https://opencode.ai/config.json',
    model: 'scripted/scripted-model',
    small_model: 'scripted/scripted-model',
    autoupdate: false,
    share: 'disabled',
    provider: {
      scripted: {
        npm: '@ai-sdk/openai-compatible',
        name: 'Scripted',
        options: { baseURL: `${model.base}/v1`, apiKey: 'sk-scripted' },
        models: { 'scripted-model': { name: 'Scripted model', tool_call: true } },
      },
    },
    permission: { bash: 'allow', edit: 'allow' },
  };
  writeFileSync(join(dir, 'opencode.json'), JSON.stringify(config, null, 2));
}

/** opencode's grep and glob run ripgrep from PATH (.ci/run installs Debian's); without it they fail. */
const hasRipgrep = ((): boolean => {
  try {
    execFileSync('rg', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/** The prompt as separate words: `opencode run` quotes a single argument holding spaces. */
const runOpencode = (r: Rig, prompt: string) =>
  runAgent('opencode', ['run', '--format', 'json', ...prompt.split(' ')], r, {
    OPENCODE_DISABLE_MODELS_FETCH: 'true',
    OPENCODE_DISABLE_AUTOUPDATE: 'true',
    OPENCODE_DISABLE_LSP_DOWNLOAD: 'true',
    OPENCODE_DISABLE_SHARE: 'true',
  });

describe('real opencode', () => {
  const open: Array<() => Promise<unknown>> = [];
  afterEach(async () => {
    for (const c of open.splice(0)) await c().catch(() => undefined);
  });

  async function setup(): Promise<{ r: Rig; model: ScriptedModelServer }> {
    const { r, model } = await startRigWithModel('invoice-worker', chatProtocol, open);
    writeOpencodeConfig(r, model);
    return { r, model };
  }

  it('captures an opencode session tagged opencode; its fix reaches Claude Code, search and MCP', async () => {
    const { r, model } = await setup();
    const installed = memtrayHooks(r, 'install', 'opencode') as {
      agents: Array<{ installed: boolean; path: string }>;
    };
    expect(installed.agents[0]!.installed).toBe(true);

    model.plan([`echo "${FIX}" > FIX.md && cat FIX.md`], 'Fixed the duplicate invoices.');
    const run = await runOpencode(r, 'Fix the InvoiceDuplicateError in the invoices');
    expect(run.code, run.err).toBe(0);
    const s = await expectCaptured(r, 'opencode', {
      project: 'invoice-worker',
      prompt: 'Fix the InvoiceDuplicateError in the invoices',
      term: 'InvoiceDuplicateError',
      events: ['SessionStart', 'UserPromptSubmit', 'PostToolUse', 'Stop'],
      exact: true,
    });

    await expectSeenByOthers(r, s, 'InvoiceDuplicateError', open);

    // The next opencode session starts with the memory: its model sees the context.
    await expectNextSeesMemory(
      model,
      () => runOpencode(r, 'What changed in the invoices?'),
      'InvoiceDuplicateError',
    );

    // With the MCP server registered, the model calls MemTray's search and reads the answer.
    const reg = memtrayJson(r, ['mcp', 'install', '--agent', 'opencode']) as {
      agents: Array<{ status: string }>;
    };
    expect(reg.agents[0]!.status).toBe('installed');
    model.planSteps([
      { kind: 'call', name: 'memtray_search', args: { query: 'InvoiceDuplicateError' } },
      { kind: 'text', text: 'It was the idempotency key.' },
    ]);
    const asked = await runOpencode(r, 'How was the duplicate invoice bug fixed?');
    expect(asked.code, asked.err).toBe(0);
    const toolAnswers = model.turns().flatMap((raw) => {
      const body = JSON.parse(raw) as { messages: Array<{ role: string; content: unknown }> };
      return body.messages.filter((m) => m.role === 'tool').map((m) => JSON.stringify(m.content));
    });
    expect(toolAnswers.join('\n')).toContain('idempotency key checked');

    const out = memtrayHooks(r, 'uninstall', 'opencode') as { agents: Array<{ installed: boolean }> };
    expect(out.agents[0]!.installed).toBe(false);
    expect(existsSync(installed.agents[0]!.path)).toBe(false);
  });

  /** opencode reads the manifest whole and edits it, and reads the first line of `.gitignore`. */
  async function readAndEditManifest(r: Rig, model: ScriptedModelServer): Promise<void> {
    writeFileSync(join(r.proj, 'package.json'), PACKAGE_JSON);
    writeFileSync(join(r.proj, '.gitignore'), 'node_modules/\ndist/\n.env\n');
    const pkg = join(r.proj, 'package.json');
    model.planSteps([
      { kind: 'call', name: 'read', args: { filePath: pkg } },
      { kind: 'call', name: 'edit', args: { filePath: pkg, oldString: '"1.0.0"', newString: '"1.1.0"' } },
      { kind: 'call', name: 'read', args: { filePath: join(r.proj, '.gitignore'), limit: 1 } },
      { kind: 'text', text: 'Bumped to 1.1.0.' },
    ]);
    const run = await runOpencode(r, 'bump the minor version');
    expect(run.code, run.err).toBe(0);
  }
  const SHOWN = '- package.json: { "name": "billing", "version": "1.1.0", "type": "module" }';

  it("a manifest opencode read whole and edited shows in Claude Code's digest, one read in part does not", async () => {
    const { r, model } = await setup();
    memtrayHooks(r, 'install', 'opencode');
    await readAndEditManifest(r, model);
    await expectSetupShown(r, 3, SHOWN);
  });

  it('its history, imported, gives the same digest: file tools under Claude Code names', async () => {
    const { r, model } = await setup();
    await readAndEditManifest(r, model);
    const out = memtrayJson(r, ['import', '--agent', 'opencode']) as { status: string; toolCalls: number };
    expect(out).toMatchObject({ status: 'done', toolCalls: 3 });
    await expectSetupShown(r, 3, SHOWN);
  });

  /** opencode searches the sources for TODOs and lists the TypeScript files. */
  async function searchTodos(r: Rig, model: ScriptedModelServer): Promise<void> {
    seedTodos(r);
    model.planSteps([
      { kind: 'call', name: 'grep', args: { pattern: 'TODO', path: join(r.proj, 'src'), include: '*.ts' } },
      { kind: 'call', name: 'glob', args: { pattern: 'src/**/*.ts' } },
      { kind: 'text', text: 'Three TODOs in two files.' },
    ]);
    const run = await runOpencode(r, 'find the TODOs');
    expect(run.code, run.err).toBe(0);
  }

  it.skipIf(!hasRipgrep)('its grep and glob are remembered as searches, live and imported', async () => {
    const { r, model } = await setup();
    memtrayHooks(r, 'install', 'opencode');
    await searchTodos(r, model);
    await expectSearchesRemembered(r);

    const again = await setup();
    await searchTodos(again.r, again.model);
    const out = memtrayJson(again.r, ['import', '--agent', 'opencode']) as { toolCalls: number };
    expect(out.toolCalls).toBe(2);
    await expectSearchesRemembered(again.r);
  });

  it('a subagent task is remembered as delegated work with what it reported, live and imported', async () => {
    const delegate = async (r: Rig, model: ScriptedModelServer): Promise<void> => {
      model.planSteps([
        {
          kind: 'call',
          name: 'task',
          args: {
            description: 'Audit retry safety',
            prompt: 'Check each write endpoint.',
            subagent_type: 'general',
          },
        },
        { kind: 'text', text: 'POST /orders is not idempotent (src/app.js:43).' },
        { kind: 'text', text: 'The audit found one unsafe endpoint.' },
      ]);
      const run = await runOpencode(r, 'audit the endpoints');
      expect(run.code, run.err).toBe(0);
    };
    const remembered = (r: Rig) =>
      until(
        () =>
          r.t.service.core.sqlite
            .prepare("select title, facts from observations where tool_name = 'Task'")
            .get() as { title: string; facts: string } | undefined,
      );
    const { r, model } = await setup();
    memtrayHooks(r, 'install', 'opencode');
    await delegate(r, model);
    const live = await remembered(r);
    expect(live.title).toBe('Delegated: Audit retry safety');
    expect(live.facts).toContain('POST /orders is not idempotent (src/app.js:43).');

    const again = await setup();
    await delegate(again.r, again.model);
    memtrayJson(again.r, ['import', '--agent', 'opencode']);
    expect(await remembered(again.r)).toEqual(live);
  });
});
