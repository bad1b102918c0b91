/**
 * bench/compress: replays the corpus PostToolUse events through a local Messages API server with a
 * fixed latency and reports, from the recorded requests, input/output tokens per observation and
 * observations per minute for MemTray (batching + prompt caching + truncation, the real queue
 * worker) and for a naive baseline (one call per observation, whole payload, no caching), in the
 * same run. Also measures secret redaction per corpus event (ours vs secretlint's async engine).
 * Prints JSON.
 *
 *   npx tsx bench/compress/run.ts [--latency-ms 100] [--concurrency 2]
 */
import Anthropic from '@anthropic-ai/sdk';
import { lintSource } from '@secretlint/core';
import { creator as recommended } from '@secretlint/secretlint-rule-preset-recommend';
import { rmSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { compressCoreOptions, compressPlugin } from '../../electron/core/compress/plugin.js';
import {
  OBSERVE_INSTRUCTIONS,
  OBSERVE_TOOL_DEF,
  toolCallElement,
} from '../../electron/core/compress/prompt.js';
import { redactSecrets } from '../../electron/core/privacy/redact.js';
import { mapStringsDeep } from '../../electron/core/privacy/strip-tags.js';
import { startService } from '../../electron/core/service.js';
import { memorySecretStores } from '../../electron/core/settings/secrets.js';
import { loadCorpusEvents } from '../../tests/helpers/corpus.js';
import { MessagesApiServer, type RecordedRequest } from '../../tests/helpers/messages-api/server.js';
import { MIGRATIONS_DIR, tempDir } from '../../tests/helpers/service.js';

const { values } = parseArgs({
  options: {
    'latency-ms': { type: 'string', default: '100' },
    concurrency: { type: 'string', default: '2' },
  },
});
const latencyMs = Number(values['latency-ms']);
const concurrency = Number(values.concurrency);
const KEY = 'sk-ant-api03-bench-key';
const posts = loadCorpusEvents().filter((e) => e.eventName === 'PostToolUse');

interface Tally {
  requests: number;
  inputTokens: number;
  cacheReadTokens: number;
  cacheWriteTokens: number;
  outputTokens: number;
}

function tally(reqs: RecordedRequest[], usages: Tally[]): Tally {
  const t = {
    requests: reqs.length,
    inputTokens: 0,
    cacheReadTokens: 0,
    cacheWriteTokens: 0,
    outputTokens: 0,
  };
  for (const u of usages) {
    t.inputTokens += u.inputTokens;
    t.cacheReadTokens += u.cacheReadTokens;
    t.cacheWriteTokens += u.cacheWriteTokens;
    t.outputTokens += u.outputTokens;
  }
  return t;
}

function perObservation(t: Tally, n: number, ms: number): Record<string, number> {
  const prompt = t.inputTokens + t.cacheReadTokens + t.cacheWriteTokens;
  const r = (x: number): number => Math.round((x / n) * 10) / 10;
  return {
    observations: n,
    requests: t.requests,
    promptTokensPerObs: r(prompt),
    uncachedInputTokensPerObs: r(t.inputTokens),
    cacheReadTokensPerObs: r(t.cacheReadTokens),
    cacheWriteTokensPerObs: r(t.cacheWriteTokens),
    // billed like input: uncached ×1, cache writes ×1.25, cache reads ×0.1
    billedInputEquivPerObs: r(t.inputTokens + 1.25 * t.cacheWriteTokens + 0.1 * t.cacheReadTokens),
    outputTokensPerObs: r(t.outputTokens),
    obsPerMinute: Math.round((n / ms) * 60_000),
    wallMs: Math.round(ms),
  };
}

async function runMemTray(): Promise<Record<string, number>> {
  const api = new MessagesApiServer();
  api.latencyMs = latencyMs;
  await api.start();
  const dataDir = tempDir('memtray-bench-');
  let worker: { idle(): Promise<void> } | null = null;
  const plugin = compressPlugin({ timeoutMs: 60_000 });
  const svc = await startService({
    dataDir,
    migrationsDir: MIGRATIONS_DIR,
    port: 0,
    writeServerJson: false,
    secretStore: memorySecretStores({ 'api-key': KEY }),
    ...compressCoreOptions(),
    plugins: [
      (core) => {
        const p = plugin(core) as ReturnType<typeof plugin> & { worker: { idle(): Promise<void> } };
        worker = p.worker;
        return p;
      },
    ],
  });
  svc.core.settings.update({ provider: { baseUrl: api.url, concurrency } });
  const t0 = performance.now();
  for (const ev of posts) svc.core.ingest.handleHook('PostToolUse', structuredClone(ev.payload));
  await new Promise((r) => setTimeout(r, 50));
  await worker!.idle();
  const ms = performance.now() - t0;
  const n = (
    svc.core.sqlite
      .prepare(`SELECT count(*) AS n FROM observations WHERE produced_by = 'claude-haiku-4-5'`)
      .get() as { n: number }
  ).n;
  const rows = svc.core.sqlite
    .prepare(
      `SELECT sum(input_tokens) AS i, sum(output_tokens) AS o, sum(cache_read_tokens) AS r, sum(cache_write_tokens) AS w FROM llm_usage`,
    )
    .get() as { i: number; o: number; r: number; w: number };
  await svc.stop();
  await api.stop();
  rmSync(dataDir, { recursive: true, force: true });
  return perObservation(
    tally(api.requests, [
      {
        requests: 0,
        inputTokens: rows.i,
        outputTokens: rows.o,
        cacheReadTokens: rows.r,
        cacheWriteTokens: rows.w,
      },
    ]),
    n,
    ms,
  );
}

/** The naive way: one call per observation, the whole stored payload, no cache_control. */
async function runNaive(payloads: Array<Record<string, unknown>>): Promise<Record<string, number>> {
  const api = new MessagesApiServer();
  api.latencyMs = latencyMs;
  await api.start();
  const client = new Anthropic({ apiKey: KEY, baseURL: api.url, maxRetries: 0 });
  const usages: Tally[] = [];
  let next = 0;
  const t0 = performance.now();
  const lane = async (): Promise<void> => {
    while (next < payloads.length) {
      const i = next++;
      const p = payloads[i]!;
      const msg = await client.messages.create({
        model: 'claude-haiku-4-5',
        max_tokens: 1024,
        system: OBSERVE_INSTRUCTIONS,
        tools: [OBSERVE_TOOL_DEF],
        tool_choice: { type: 'tool', name: OBSERVE_TOOL_DEF.name },
        messages: [
          {
            role: 'user',
            content: toolCallElement(i + 1, String(p.tool_name), false, {
              input: p.tool_input,
              response: p.tool_response,
            }),
          },
        ],
      });
      usages.push({
        requests: 1,
        inputTokens: msg.usage.input_tokens,
        outputTokens: msg.usage.output_tokens,
        cacheReadTokens: msg.usage.cache_read_input_tokens ?? 0,
        cacheWriteTokens: msg.usage.cache_creation_input_tokens ?? 0,
      });
    }
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
  const ms = performance.now() - t0;
  await api.stop();
  return perObservation(tally(api.requests, usages), payloads.length, ms);
}

async function redactionCost(): Promise<Record<string, number>> {
  const events = loadCorpusEvents();
  const walk = (fn: (s: string) => string): number => {
    const t = performance.now();
    for (const e of events) mapStringsDeep(structuredClone(e.payload), fn);
    return performance.now() - t;
  };
  walk((s) => redactSecrets(s, null)); // warm-up
  const rounds = 5;
  let ours = 0;
  let base = 0;
  for (let k = 0; k < rounds; k++) {
    ours += walk((s) => redactSecrets(s, null));
    base += walk((s) => s);
  }
  const config = { rules: [{ id: '@secretlint/secretlint-rule-preset-recommend', rule: recommended }] };
  const t = performance.now();
  for (const e of events) {
    await lintSource({
      source: { content: JSON.stringify(e.payload), filePath: '/e.json', ext: '.json', contentType: 'text' },
      options: { config, noPhysicFilePath: true },
    });
  }
  const sl = performance.now() - t;
  return {
    events: events.length,
    memtrayRedactUsPerEvent: Math.round(((ours - base) * 1000) / (rounds * events.length)),
    secretlintAsyncUsPerEvent: Math.round((sl * 1000) / events.length),
  };
}

const memtray = await runMemTray();
const stored = posts
  .map((e) => structuredClone(e.payload))
  .filter(
    (p) =>
      !['ListMcpResourcesTool', 'SlashCommand', 'Skill', 'TodoWrite', 'AskUserQuestion'].includes(
        String(p.tool_name),
      ),
  )
  .map((p) => {
    const r = p.tool_response as Record<string, unknown> | null;
    if (r && typeof r === 'object' && typeof r.originalFile === 'string') r.originalFile = '[omitted]'; // as ingest stores it
    return mapStringsDeep(p, (s) => redactSecrets(s, null));
  });
const naive = await runNaive(stored);
const redaction = await redactionCost();
process.stdout.write(
  `${JSON.stringify(
    {
      bench: 'compress',
      latencyMs,
      concurrency,
      corpusPostToolUse: posts.length,
      memtray,
      naive,
      ratios: {
        promptTokens: Math.round((memtray.promptTokensPerObs! / naive.promptTokensPerObs!) * 1000) / 1000,
        billedInput:
          Math.round((memtray.billedInputEquivPerObs! / naive.billedInputEquivPerObs!) * 1000) / 1000,
        target: '<= 0.333',
      },
      redaction,
    },
    null,
    2,
  )}\n`,
);
