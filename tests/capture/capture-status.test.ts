/**
 * Capture status over HTTP: hooks found in a known project's settings count as installed (the
 * service's own folder is not that project), and the last event is reported per agent. Finding the
 * known projects' folders counts no memories (at a million memories, counting took 160 ms).
 */
import { realpathSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import type { CaptureStatus, HooksState } from '../../electron/shared/contract/capture.js';
import { startTestService, tempDir, type TestService } from '../helpers/service.js';

let t: TestService | undefined;
const home = process.env.HOME;
beforeAll(() => {
  // The service reads ~/.claude/settings.json: a private HOME, never the real one.
  process.env.HOME = tempDir('memtray-home-');
});
afterAll(() => {
  process.env.HOME = home;
});
afterEach(async () => {
  await t?.dispose();
  t = undefined;
});

it("a known project's hooks count as installed; each agent's last event is reported", async () => {
  t = await startTestService();
  const proj = realpathSync(tempDir('memtray-known-'));
  const before = Date.now();
  await t.api('POST', '/api/hooks/UserPromptSubmit', { session_id: 'cs-1', cwd: proj, prompt: 'hello' });
  await t.api('POST', '/api/hooks/codex/UserPromptSubmit', {
    session_id: 'cx-1',
    cwd: proj,
    prompt: 'hi',
    hook_event_name: 'UserPromptSubmit',
  });
  expect(((await t.api('GET', '/api/capture/hooks')).json as HooksState).installed).toBe(false);
  const inst = await t.api('POST', '/api/capture/hooks/install', { scope: 'project', projectDir: proj });
  expect(inst.status).toBe(200);

  const counted = vi.spyOn(t.service.core.projects, 'list');
  const h = (await t.api('GET', '/api/capture/hooks')).json as HooksState;
  const local = join(proj, '.claude', 'settings.local.json');
  expect(h).toMatchObject({ installed: true, scope: 'project', settingsPath: local });
  const s = (await t.api('GET', '/api/capture/status')).json as CaptureStatus;
  expect(s.hookFiles.find((f) => f.settingsPath === local)).toMatchObject({ installed: true });
  expect(s.hookFiles[0]).toMatchObject({ scope: 'user', installed: false, changedAt: null });
  expect(counted).not.toHaveBeenCalled();
  const agents = Object.fromEntries(s.agents.map((a) => [a.agent, a.lastEventAt]));
  expect(agents['claude-code']).toBeGreaterThanOrEqual(before);
  expect(agents.codex).toBeGreaterThanOrEqual(before);

  // Uninstalling that file by its path (as the Health card does); a path not listed is refused.
  const un = await t.api('POST', '/api/capture/hooks/uninstall', { settingsPath: local });
  expect(un.json).toMatchObject({ installed: false });
  const bad = await t.api('POST', '/api/capture/hooks/uninstall', { settingsPath: '/etc/passwd' });
  expect(bad.status).toBe(400);
});
