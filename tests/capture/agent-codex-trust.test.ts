/**
 * Recording Codex's trust through the real `codex app-server` leaves nothing behind that would keep
 * the `memtray` process alive once the answers are in (a pending timer held the CLI open).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { forgetCodexTrust, trustCodexHooks } from '../../electron/core/capture/agents/codex-trust.js';
import { tempDir } from '../helpers/service.js';

const CODEX = join(process.cwd(), 'node_modules', '.bin', 'codex');
const timers = (): number => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;

it('asks codex app-server and leaves no timer pending', async () => {
  const home = tempDir('memtray-codex-trust-');
  mkdirSync(join(home, '.codex'));
  const env = { ...process.env, HOME: home, CODEX_HOME: join(home, '.codex') };
  const before = timers();
  expect(await trustCodexHooks(CODEX, home, env)).toBe(0);
  expect(await forgetCodexTrust(CODEX, home, env)).toBe(0);
  expect(timers()).toBeLessThanOrEqual(before);
});
