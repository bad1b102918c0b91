/**
 * bench/providers: what one compression call costs MemTray through each provider, against local
 * test servers that answer at once (so the figure is MemTray's and the client's overhead, not a
 * model's): the same 8-call observe batch through `anthropic` (the SDK), `claude-code` (a real
 * `claude -p` run of node_modules/.bin/claude: process start-up included) and
 * `openai-compatible` (the openai package). Wall time per call (p50, max) and, for claude-code,
 * the CPU the child used. Prints JSON.
 *
 *   npx tsx bench/providers/run.ts [--calls 5]
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { anthropicProvider } from '../../electron/core/compress/anthropic.js';
import { claudeCodeProvider } from '../../electron/core/compress/claude-code.js';
import { openAiProvider } from '../../electron/core/compress/openai-compatible.js';
import {
  OBSERVE_INSTRUCTIONS,
  OBSERVE_TOOL_DEF,
  toolCallElement,
} from '../../electron/core/compress/prompt.js';
import type { CompressionProvider } from '../../electron/core/compress/provider.js';
import { MessagesApiServer } from '../../tests/helpers/messages-api/server.js';
import { ChatApiServer } from '../../tests/helpers/openai-api/server.js';
import { tempDir } from '../../tests/helpers/service.js';
import { removeTempDirs } from '../../tests/helpers/temp-dirs.js';

const { values } = parseArgs({ options: { calls: { type: 'string', default: '5' } } });
const calls = Number(values.calls);

const user = Array.from({ length: 8 }, (_, i) =>
  toolCallElement(i + 1, 'Read', false, {
    input: { file_path: `/w/src/f${i}.ts` },
    response: 'x'.repeat(400),
  }),
).join('\n\n');

async function measure(p: CompressionProvider): Promise<{ p50Ms: number; maxMs: number; ok: number }> {
  const times: number[] = [];
  let ok = 0;
  for (let i = 0; i < calls; i++) {
    const t0 = performance.now();
    const r = await p.call({
      instructions: OBSERVE_INSTRUCTIONS,
      tool: OBSERVE_TOOL_DEF,
      user,
      maxTokens: 3200,
    });
    times.push(performance.now() - t0);
    if (r.toolInput !== null || r.text.includes('"observations"')) ok++;
  }
  times.sort((a, b) => a - b);
  return { p50Ms: Math.round(times[Math.floor(times.length / 2)]!), maxMs: Math.round(times.at(-1)!), ok };
}

const messages = new MessagesApiServer();
await messages.start();
const chat = new ChatApiServer();
await chat.start();
process.env.ANTHROPIC_BASE_URL = messages.url;
process.env.ANTHROPIC_API_KEY = 'sk-ant-bench';
const anthropic = await measure(
  anthropicProvider({ apiKey: 'sk-ant-bench', baseUrl: messages.url, timeoutMs: 30_000 }, 'claude-haiku-4-5'),
);
const openai = await measure(
  openAiProvider({ baseUrl: chat.url, apiKey: null, model: 'llama3.2', timeoutMs: 30_000 }),
);
const claude = await measure(
  claudeCodeProvider({
    path: join(process.cwd(), 'node_modules', '.bin', 'claude'),
    model: 'claude-haiku-4-5',
    timeoutMs: 60_000,
    cwd: join(tempDir('memtray-bench-'), '.memtray-internal', 'claude-code'),
  }),
);
// Children's CPU is not in process.resourceUsage(); read it from the OS for the reaped children.
const stat = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
const ticks = 100;
const childCpuMs = ((Number(stat[13]) + Number(stat[14])) / ticks) * 1000;
console.log(
  JSON.stringify(
    {
      calls,
      batch: 8,
      anthropic,
      openaiCompatible: openai,
      claudeCode: { ...claude, childCpuMsPerCall: Math.round(childCpuMs / calls) },
      cliVersion: '2.1.197',
    },
    null,
    2,
  ),
);
await messages.stop();
await chat.stop();
removeTempDirs();
