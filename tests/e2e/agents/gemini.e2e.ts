/**
 * The real Gemini CLI (devDependency @google/gemini-cli, pinned) against a scripted Gemini API
 * (streamGenerateContent SSE, and the `auto` model's router), with hooks written into
 * `~/.gemini/settings.json` of a temporary HOME by `memtray hooks install --agent gemini`. Proves:
 * the prompt and the shell call land in a session tagged `gemini`; the fix made there reaches Claude
 * Code's SessionStart digest for the same project, search and MCP search; the next Gemini session's
 * model receives the memory context from the SessionStart hook; with the MCP server registered by
 * `memtray mcp install --agent gemini`, the model calls MemTray's search and reads what Claude Code
 * did; uninstall removes exactly MemTray's hooks and server. A package.json Gemini read whole shows
 * in the digest's project setup, and so it does from its imported history; a file it read only in
 * part does not.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { geminiProtocol } from '../../helpers/agent-models/gemini.js';
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
  type Rig,
} from './rig.js';

const FIX = 'LedgerRoundingError fixed: amounts kept in integer cents in src/ledger.ts';

function writeGeminiSettings(r: Rig, extra: Record<string, unknown> = {}): string {
  const dir = join(r.home, '.gemini');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'settings.json');
  const settings = { security: { auth: { selectedType: 'gemini-api-key' } }, ...extra };
  writeFileSync(file, JSON.stringify(settings, null, 2));
  return file;
}

const runGemini = (r: Rig, model: ScriptedModelServer, prompt: string) =>
  runAgent('gemini', ['-p', prompt, '--yolo', '-o', 'stream-json'], r, {
    GEMINI_API_KEY: 'scripted-key',
    GOOGLE_GEMINI_BASE_URL: model.base,
    GEMINI_CLI_TRUST_WORKSPACE: 'true',
  });

describe('real Gemini CLI', () => {
  const open: Array<() => Promise<unknown>> = [];
  afterEach(async () => {
    for (const c of open.splice(0)) await c().catch(() => undefined);
  });

  async function setup(): Promise<{ r: Rig; model: ScriptedModelServer }> {
    const { r, model } = await startRigWithModel('ledger-service', geminiProtocol, open);
    writeGeminiSettings(r);
    return { r, model };
  }

  it('captures a Gemini session tagged gemini; its fix reaches Claude Code, search and MCP', async () => {
    const { r, model } = await setup();
    const installed = memtrayHooks(r, 'install', 'gemini') as { agents: Array<{ installed: boolean }> };
    expect(installed.agents[0]!.installed).toBe(true);

    model.plan([`echo "${FIX}" > FIX.md && cat FIX.md`], 'Fixed the ledger rounding.');
    const run = await runGemini(r, model, 'Fix the LedgerRoundingError in the ledger');
    expect(run.code, run.err).toBe(0);
    const s = await expectCaptured(r, 'gemini', {
      project: 'ledger-service',
      prompt: 'Fix the LedgerRoundingError in the ledger',
      term: 'LedgerRoundingError',
      events: ['SessionStart', 'UserPromptSubmit', 'PostToolUse', 'Stop', 'SessionEnd'],
    });

    await expectSeenByOthers(r, s, 'LedgerRoundingError', open);

    // The next Gemini session starts with the memory: its model sees the context.
    await expectNextSeesMemory(
      model,
      () => runGemini(r, model, 'What changed in the ledger?'),
      'LedgerRoundingError',
    );
  });

  it("the model searches MemTray through its MCP server and reads Claude Code's fix", async () => {
    const { r, model } = await setup();
    // Claude Code fixed something in this project yesterday (its own hooks, posted as it does).
    const claude = { session_id: 'claude-webhooks', cwd: r.proj, transcript_path: '/tmp/none.jsonl' };
    await r.t.api('POST', '/api/hooks/UserPromptSubmit', { ...claude, prompt: 'Fix WebhookSignatureError' });
    await r.t.api('POST', '/api/hooks/PostToolUse', {
      ...claude,
      tool_name: 'Bash',
      tool_input: { command: 'npm test -- webhooks' },
      tool_response: { stdout: 'WebhookSignatureError gone: clock skew tolerance set to 300s', stderr: '' },
    });
    await r.t.api('POST', '/api/hooks/Stop', { ...claude, last_assistant_message: 'Fixed.' });
    await r.t.settled();
    const reg = memtrayJson(r, ['mcp', 'install', '--agent', 'gemini']) as {
      agents: Array<{ status: string; path: string }>;
    };
    expect(reg.agents[0]!.status).toBe('installed');

    const query = { query: 'WebhookSignatureError' };
    model.planSteps([
      { kind: 'call', name: 'mcp_memtray_search', args: query },
      { kind: 'text', text: 'Claude fixed it with a clock skew tolerance.' },
    ]);
    const run = await runGemini(r, model, 'What did Claude do about webhook signatures?');
    expect(run.code, run.err).toBe(0);
    // The turn after the call carries MemTray's answer as the tool's response.
    const responses = model.turns().flatMap((raw) => {
      const body = JSON.parse(raw) as { contents: Array<{ parts?: Array<{ functionResponse?: unknown }> }> };
      return body.contents.flatMap((c) => (c.parts ?? []).map((p) => p.functionResponse).filter(Boolean));
    });
    const answer = JSON.stringify(
      responses.find((f) => (f as { name?: string }).name === 'mcp_memtray_search'),
    );
    expect(answer).toContain('clock skew tolerance');

    const removed = memtrayJson(r, ['mcp', 'uninstall', '--agent', 'gemini']) as {
      agents: Array<{ status: string }>;
    };
    expect(removed.agents[0]!.status).toBe('removed');
    expect(readFileSync(reg.agents[0]!.path, 'utf8')).not.toContain('memtray');
  });

  it('uninstall removes exactly MemTray hooks; install twice is once', async () => {
    const { r } = await setup();
    const foreign = { hooks: [{ type: 'command', command: 'echo theirs' }] };
    const file = writeGeminiSettings(r, { hooks: { AfterAgent: [foreign] }, ui: { theme: 'Default' } });
    const before = JSON.parse(readFileSync(file, 'utf8')) as unknown;
    memtrayHooks(r, 'install', 'gemini');
    memtrayHooks(r, 'install', 'gemini');
    const installed = JSON.parse(readFileSync(file, 'utf8')) as {
      hooks: Record<string, Array<{ hooks: Array<{ command: string }> }>>;
    };
    expect(installed.hooks.AfterAgent).toHaveLength(2);
    expect(installed.hooks.AfterTool![0]!.hooks[0]!.command).toMatch(
      /memtray-hook.* --agent gemini AfterTool$/,
    );
    const out = memtrayHooks(r, 'uninstall', 'gemini') as { agents: Array<{ installed: boolean }> };
    expect(out.agents[0]!.installed).toBe(false);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(before);
  });

  /** Gemini CLI reads the manifest whole, and the first line of `.gitignore`. */
  async function readManifest(r: Rig, model: ScriptedModelServer): Promise<void> {
    writeFileSync(join(r.proj, 'package.json'), PACKAGE_JSON);
    writeFileSync(join(r.proj, '.gitignore'), 'node_modules/\ndist/\n.env\n');
    model.planSteps([
      { kind: 'call', name: 'read_file', args: { file_path: join(r.proj, 'package.json') } },
      {
        kind: 'call',
        name: 'read_file',
        args: { file_path: join(r.proj, '.gitignore'), start_line: 1, end_line: 1 },
      },
      { kind: 'text', text: 'It is an ES module package.' },
    ]);
    const run = await runGemini(r, model, 'which module format does this package use');
    expect(run.code, run.err).toBe(0);
  }
  const SHOWN = '- package.json: { "name": "billing", "version": "1.0.0", "type": "module" }';

  it("a manifest Gemini read whole shows in Claude Code's digest, one read in part does not", async () => {
    const { r, model } = await setup();
    memtrayHooks(r, 'install', 'gemini');
    await readManifest(r, model);
    await expectSetupShown(r, 2, SHOWN);
  });

  it('its history, imported, gives the same digest: file tools under Claude Code names', async () => {
    const { r, model } = await setup();
    await readManifest(r, model);
    const out = memtrayJson(r, ['import', '--agent', 'gemini']) as { status: string; toolCalls: number };
    expect(out).toMatchObject({ status: 'done', toolCalls: 2 });
    await expectSetupShown(r, 2, SHOWN);
  });

  /** Gemini CLI searches the sources for TODOs and lists the TypeScript files. */
  async function searchTodos(r: Rig, model: ScriptedModelServer): Promise<void> {
    seedTodos(r);
    model.planSteps([
      {
        kind: 'call',
        name: 'grep_search',
        args: { pattern: 'TODO', dir_path: 'src', include_pattern: '*.ts' },
      },
      { kind: 'call', name: 'glob', args: { pattern: 'src/**/*.ts' } },
      { kind: 'text', text: 'Three TODOs in two files.' },
    ]);
    const run = await runGemini(r, model, 'find the TODOs');
    expect(run.code, run.err).toBe(0);
  }

  it('its grep_search and glob are remembered as searches, live and imported', async () => {
    const { r, model } = await setup();
    memtrayHooks(r, 'install', 'gemini');
    await searchTodos(r, model);
    await expectSearchesRemembered(r);

    const again = await setup();
    await searchTodos(again.r, again.model);
    const out = memtrayJson(again.r, ['import', '--agent', 'gemini']) as { toolCalls: number };
    expect(out.toolCalls).toBe(2);
    await expectSearchesRemembered(again.r);
  });
});
