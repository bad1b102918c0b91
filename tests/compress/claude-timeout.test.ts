/**
 * The `claude-code` provider's timeout kills the whole run: a `claude` that started a process of its
 * own (as the real CLI starts helpers) leaves nothing behind. A fake `claude` script starts a
 * grandchild that would outlive it, writes its pid, and never answers.
 */
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { claudeCodeProvider } from '../../electron/core/compress/claude-code.js';
import { tempDir } from '../helpers/service.js';

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe.skipIf(process.platform === 'win32')('claude-code provider timeout', () => {
  const started: number[] = [];
  afterEach(() => {
    for (const pid of started.splice(0)) if (alive(pid)) process.kill(pid, 'SIGKILL');
  });

  it('kills the run and every process it started', async () => {
    const dir = tempDir('memtray-fake-claude-');
    const pidFile = join(dir, 'grandchild.pid');
    const claude = join(dir, 'claude');
    writeFileSync(claude, `#!/bin/sh\nsleep 30 &\necho $! > "${pidFile}"\nsleep 30\n`);
    chmodSync(claude, 0o755);
    const provider = claudeCodeProvider({
      path: claude,
      model: 'haiku',
      timeoutMs: 700,
      cwd: join(dir, 'run'),
    });
    const call = provider.call({
      instructions: 'x',
      tool: { name: 'emit', input_schema: { type: 'object' } },
      user: 'batch',
      maxTokens: 100,
    });
    await expect(call).rejects.toThrow(/no answer within/);
    expect(existsSync(pidFile)).toBe(true);
    const grandchild = Number(readFileSync(pidFile, 'utf8').trim());
    started.push(grandchild);
    const end = Date.now() + 2000;
    while (alive(grandchild) && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
    expect(alive(grandchild), `grandchild ${grandchild} survived the timeout`).toBe(false);
  });
});
