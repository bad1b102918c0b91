/**
 * Choosing the provider: `provider.kind` through `PUT /api/settings` (automatic by default), the
 * write-only key of the openai-compatible endpoint, partial patches that keep the other fields,
 * `GET /api/provider` (the claude CLI found on PATH or not), and the small pure parts: finding the
 * CLI, recognising MemTray's own runs, classifying a failed `claude` run.
 */
import { chmodSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { classifyClaudeFailure } from '../../electron/core/compress/claude-code.js';
import { findClaude } from '../../electron/core/compress/claude-path.js';
import { compressPlugin } from '../../electron/core/compress/plugin.js';
import { memorySecretStores } from '../../electron/core/settings/secrets.js';
import { isInternalCwd } from '../../electron/core/util/internal-runs.js';
import { providerStateSchema } from '../../electron/shared/contract/providers.js';
import { rawRequest, startTestService, tempDir, type TestService } from '../helpers/service.js';

const bin = tempDir('memtray-claude-bin-');
const fakeClaude = join(bin, 'claude');
writeFileSync(fakeClaude, '#!/bin/sh\nexit 0\n');
chmodSync(fakeClaude, 0o755);
afterAll(() => rmSync(bin, { recursive: true, force: true }));

describe('provider settings and state over HTTP', () => {
  let t: TestService | undefined;
  const path = process.env.PATH;
  afterEach(async () => {
    await t?.dispose();
    t = undefined;
    process.env.PATH = path;
  });
  const start = (key: string | null) =>
    startTestService({
      secretStore: memorySecretStores({ 'api-key': key }),
      plugins: [compressPlugin()],
    });
  const settings = async (s: TestService) =>
    (await s.api('GET', '/api/settings')).json as Record<string, unknown>;

  it('automatic by default: rules without a key, anthropic with one; an explicit kind wins', async () => {
    t = await start(null);
    expect(await settings(t)).toMatchObject({ provider: { kind: null }, providerKind: 'rules' });
    expect((await t.api('PUT', '/api/settings', { apiKey: 'sk-ant-api03-abc' })).status).toBe(200);
    expect(await settings(t)).toMatchObject({ providerKind: 'anthropic', apiKeySet: true });
    const r = await t.api('PUT', '/api/settings', { provider: { kind: 'claude-code' } });
    expect(r.json).toMatchObject({ provider: { kind: 'claude-code' }, providerKind: 'claude-code' });
    const bad = await t.api('PUT', '/api/settings', { provider: { kind: 'gpt' } });
    expect(bad.status).toBe(400);
    expect(bad.text).toMatch(/provider\.kind/);
  });

  it('a partial provider patch keeps every other field', async () => {
    t = await start(null);
    await t.api('PUT', '/api/settings', {
      provider: {
        kind: 'openai-compatible',
        baseUrl: 'http://127.0.0.1:11434/v1',
        model: 'qwen2.5',
        batchSize: 3,
      },
    });
    const r = await t.api('PUT', '/api/settings', { provider: { dailyTokenBudget: 5000 } });
    expect(r.json).toMatchObject({
      provider: {
        kind: 'openai-compatible',
        baseUrl: 'http://127.0.0.1:11434/v1',
        model: 'qwen2.5',
        batchSize: 3,
        dailyTokenBudget: 5000,
      },
    });
    await t.api('PUT', '/api/settings', { context: { tokenBudget: 900 } });
    await t.api('PUT', '/api/settings', { context: { maxSummaries: 1 } });
    expect(await settings(t)).toMatchObject({ context: { tokenBudget: 900, maxSummaries: 1 } });
  });

  it('the openai-compatible key is write-only: set, reported as set, never returned, cleared by null', async () => {
    t = await start(null);
    const key = 'sk-proj-abcdefghijklmnopqrstuvwxyz012345';
    const r = await t.api('PUT', '/api/settings', { openaiApiKey: key });
    expect(r.text).not.toContain(key);
    expect(r.json).toMatchObject({ openaiApiKeySet: true });
    expect((await t.api('PUT', '/api/settings', { openaiApiKey: null })).json).toMatchObject({
      openaiApiKeySet: false,
    });
  });

  it('GET /api/provider: the kind in force and whether claude is on PATH', async () => {
    t = await start(null);
    process.env.PATH = '/nonexistent';
    let s = providerStateSchema.parse((await t.api('GET', '/api/provider')).json);
    expect(s).toMatchObject({ kind: 'rules', state: 'ok', claude: { found: false, path: null } });
    process.env.PATH = `/nonexistent:${bin}`;
    s = providerStateSchema.parse((await t.api('GET', '/api/provider')).json);
    expect(s.claude).toEqual({ found: true, path: fakeClaude });
    expect((await rawRequest(t.port, { method: 'GET', path: '/api/provider' })).status).toBe(401);
  });
});

describe('provider parts', () => {
  it('findClaude: a configured absolute path, else PATH; nothing when absent or not executable', () => {
    expect(findClaude(fakeClaude, { PATH: '' })).toBe(fakeClaude);
    expect(findClaude('claude', { PATH: bin })).toBeNull(); // relative: refused
    expect(findClaude(null, { PATH: `/nope:${bin}` })).toBe(fakeClaude);
    expect(findClaude(null, { PATH: '/nope' })).toBeNull();
    const plain = join(bin, 'plain');
    mkdirSync(plain, { recursive: true });
    writeFileSync(join(plain, 'claude'), 'not executable');
    expect(findClaude(null, { PATH: plain })).toBeNull();
  });

  it('isInternalCwd: only a .memtray-internal folder or below', () => {
    expect(isInternalCwd('/home/u/.memtray/.memtray-internal/claude-code')).toBe(true);
    expect(isInternalCwd('C:\\Users\\u\\.memtray\\.memtray-internal\\claude-code')).toBe(true);
    expect(isInternalCwd('/home/u/.memtray-internal-notes')).toBe(false);
    expect(isInternalCwd('/work/memtray')).toBe(false);
  });

  it('classifyClaudeFailure: usage limits wait for their reset, a missing login is fatal, the rest retries', () => {
    const now = 1_800_000_000_000;
    const reset = now / 1000 + 3600;
    const a = classifyClaudeFailure(429, `API Error · Claude AI usage limit reached|${reset}`, now).failure;
    expect(a).toMatchObject({ kind: 'retryable', rateLimited: true, retryAfterMs: 3_600_000 });
    const b = classifyClaudeFailure(null, "You've hit your limit · resets 5pm", now).failure;
    expect(b).toMatchObject({ kind: 'retryable', rateLimited: true, retryAfterMs: 30 * 60_000 });
    const c = classifyClaudeFailure(429, 'Request rejected (429) · rate limit', now).failure;
    expect(c).toMatchObject({ kind: 'retryable', rateLimited: true, retryAfterMs: null });
    expect(classifyClaudeFailure(401, 'Invalid API key · Fix external API key', now).failure.kind).toBe(
      'fatal',
    );
    expect(classifyClaudeFailure(null, 'Not logged in · Please run /login', now).failure.kind).toBe('fatal');
    expect(classifyClaudeFailure(529, 'Overloaded', now).failure).toMatchObject({ kind: 'retryable' });
    expect(classifyClaudeFailure(529, 'Overloaded', now).failure).not.toHaveProperty('rateLimited');
  });
});
