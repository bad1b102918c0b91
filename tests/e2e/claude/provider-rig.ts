/**
 * A service whose compression provider is `claude-code`: the real Claude Code CLI, signed in with a
 * test key against the scripted Messages API (tests/helpers/messages-api), HOME a temp folder.
 */
import { mkdirSync, readdirSync, readlinkSync } from 'node:fs';
import { join } from 'node:path';
import { capturePlugin } from '../../../electron/core/capture/plugin.js';
import { compressPlugin, type CompressPluginOptions } from '../../../electron/core/compress/plugin.js';
import { packageRoot } from '../../../electron/core/config/env.js';
import { recallPlugin } from '../../../electron/core/recall/plugin.js';
import { memorySecretStores } from '../../../electron/core/settings/secrets.js';
import { internalRunDir } from '../../../electron/core/util/internal-runs.js';
import { MessagesApiServer } from '../../helpers/messages-api/server.js';
import { startTestService, tempDir, type TestService } from '../../helpers/service.js';
import { CLAUDE } from './cli.js';

export interface CliRig {
  t: TestService;
  api: MessagesApiServer;
  home: string;
  root: string;
  dispose(): Promise<void>;
}

export async function startCliRig(
  opts: { provider?: Record<string, unknown>; plugin?: CompressPluginOptions } = {},
): Promise<CliRig> {
  const root = tempDir('memtray-cc-');
  const home = join(root, 'home');
  mkdirSync(home);
  const api = new MessagesApiServer();
  await api.start();
  // What the provider's `claude` runs inherit: this HOME, signed in with a test key against the
  // scripted API. (A subscription user's login lives in their HOME the same way.)
  process.env.HOME = home;
  process.env.ANTHROPIC_BASE_URL = api.url;
  process.env.ANTHROPIC_API_KEY = 'sk-ant-test-claude-code-provider';
  delete process.env.CLAUDECODE;
  const t = await startTestService({
    dataDir: join(root, 'data'),
    writeServerJson: true,
    secretStore: memorySecretStores({ 'api-key': null }), // no key for MemTray itself
    plugins: [
      (core) => capturePlugin(core, { packageRoot: packageRoot() }),
      recallPlugin,
      compressPlugin({ cliTimeoutMs: 60_000, ...opts.plugin }),
    ],
  });
  const r = await t.api('PUT', '/api/settings', {
    provider: { kind: 'claude-code', claudePath: CLAUDE, ...opts.provider },
  });
  if (r.status !== 200) throw new Error(`settings: ${r.text}`);
  return {
    t,
    api,
    home,
    root,
    dispose: async () => {
      await t.stop();
      await api.stop();
    },
  };
}

/** Pids of live processes whose working directory is the provider's internal folder (Linux /proc). */
export function claudeRunsAlive(dataDir: string): number[] {
  const dir = internalRunDir(dataDir, 'claude-code');
  const out: number[] = [];
  for (const p of readdirSync('/proc')) {
    if (!/^\d+$/.test(p)) continue;
    try {
      if (readlinkSync(`/proc/${p}/cwd`) === dir) out.push(Number(p));
    } catch {
      // gone, or not ours
    }
  }
  return out;
}
