/**
 * First run offers the claude-code provider (consent) when `claude` is on PATH and no key is set,
 * against the real service through the shell's own client; the answer, yes or no, is recorded so
 * neither the dialog nor the Provider view asks again.
 */
import { chmodSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { compressPlugin } from '../../electron/core/compress/plugin.js';
import { memorySecretStores } from '../../electron/core/settings/secrets.js';
import { claudeCodeOffer, readFirstRun, recordFirstRun, runFirstRun } from '../../electron/main/first-run.js';
import { serviceClient } from '../../electron/main/service-client.js';
import { startServe } from '../helpers/cli.js';
import { startTestService, tempDir, type TestService } from '../helpers/service.js';

const bin = tempDir('memtray-firstrun-bin-');
writeFileSync(join(bin, 'claude'), '#!/bin/sh\nexit 0\n');
chmodSync(join(bin, 'claude'), 0o755);
const PATH = process.env.PATH;
afterAll(() => {
  rmSync(bin, { recursive: true, force: true });
  process.env.PATH = PATH;
});

describe('first run: the claude-code offer', () => {
  let t: TestService | undefined;
  afterEach(async () => {
    await t?.dispose();
    t = undefined;
  });
  const start = async (key: string | null) => {
    t = await startTestService({
      secretStore: memorySecretStores({ 'api-key': key }),
      plugins: [compressPlugin()],
    });
    return serviceClient({ baseUrl: `http://127.0.0.1:${t.port}`, token: t.token });
  };

  it('claude on PATH and no key: offered; yes sets provider.kind, recorded, not offered again', async () => {
    process.env.PATH = `/nonexistent:${bin}`;
    const client = await start(null);
    expect(await claudeCodeOffer(client)).toBe(join(bin, 'claude'));
    const choice = { installHooks: false, importHistory: false, useClaudeCode: true };
    recordFirstRun(t!.dataDir, choice, 1);
    expect(readFirstRun(t!.dataDir)?.choice).toEqual(choice);
    expect((await runFirstRun(client, choice)).errors).toEqual([]);
    const s = await client.getSettings();
    expect(s.provider.kind).toBe('claude-code');
    expect(s.providerKind).toBe('claude-code');
    expect(await claudeCodeOffer(client)).toBeNull();
  });

  it('no: rules, recorded; never offered with a key set or without claude', async () => {
    process.env.PATH = bin;
    let client = await start(null);
    await runFirstRun(client, { installHooks: false, importHistory: false, useClaudeCode: false });
    expect((await client.getSettings()).provider.kind).toBe('rules');
    expect(await claudeCodeOffer(client)).toBeNull();
    await t!.dispose();

    client = await start('sk-ant-api03-test');
    expect(await claudeCodeOffer(client)).toBeNull();
    await t!.dispose();

    process.env.PATH = '/nonexistent';
    client = await start(null);
    expect(await claudeCodeOffer(client)).toBeNull();
    // Not asked: the choice leaves the provider alone.
    await runFirstRun(client, { installHooks: false, importHistory: false });
    expect((await client.getSettings()).provider.kind).toBeNull();
  });
});

describe('first run, headless: memtray serve', () => {
  it('says Claude Code can write the memories when it is on PATH and nothing is chosen; not otherwise', async () => {
    const printed = async (env: NodeJS.ProcessEnv): Promise<string> => {
      const dir = tempDir('memtray-serve-offer-');
      const s = await startServe(['--port', '0', '--data-dir', dir, '--quiet'], env);
      const end = Date.now() + 10_000;
      while (!s.output().includes('Press Ctrl+C') && Date.now() < end)
        await new Promise((r) => setTimeout(r, 50));
      await new Promise((r) => setTimeout(r, 200));
      s.child.kill('SIGTERM');
      await new Promise((r) => s.child.once('exit', r));
      rmSync(dir, { recursive: true, force: true });
      return s.output();
    };
    const offer = /Claude Code is installed: MemTray can write its memories with your Claude login/;
    expect(await printed({ PATH: `${bin}:/usr/bin:/bin`, ANTHROPIC_API_KEY: '' })).toMatch(offer);
    expect(await printed({ PATH: '/usr/bin:/bin', ANTHROPIC_API_KEY: '' })).not.toMatch(offer);
    expect(await printed({ PATH: `${bin}:/usr/bin:/bin`, ANTHROPIC_API_KEY: 'sk-ant-api03-x' })).not.toMatch(
      offer,
    );
  });
});
