/**
 * Errors about a user's files name the problem and the file, never its content: a project's
 * `.claude/settings.local.json` may be a symlink to any file the service can read.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { installMcp } from '../../electron/core/mcp/install.js';
import { startTestService, tempDir, type TestService } from '../helpers/service.js';

const SECRET = 'secret-host-content-4f2a9';

function projectWith(target: string): string {
  const dir = tempDir('memtray-proj-');
  mkdirSync(join(dir, '.claude'));
  symlinkSync(target, join(dir, '.claude', 'settings.local.json'));
  return dir;
}

describe('errors about user files never echo their content', () => {
  const running: TestService[] = [];
  afterEach(async () => {
    for (const t of running.splice(0)) await t.dispose();
  });

  it('GET /api/capture/hooks with a project settings file that is a symlink to a non-JSON file', async () => {
    const t = await startTestService();
    running.push(t);
    const outside = join(tempDir('memtray-outside-'), 'hostname');
    writeFileSync(outside, `${SECRET}\n`);
    for (const target of [outside, '/etc/hostname']) {
      const dir = projectWith(target);
      const r = await t.api('GET', `/api/capture/hooks?scope=project&projectDir=${encodeURIComponent(dir)}`);
      expect(r.status).toBe(200);
      const body = r.json as { problems: string[] };
      expect(body.problems.join('\n')).toContain('is not valid JSON');
      expect(r.text).not.toContain(SECRET.slice(0, 6));
      if (target === '/etc/hostname') {
        const host = readFileSync('/etc/hostname', 'utf8').trim();
        if (host.length >= 3) expect(r.text).not.toContain(host.slice(0, 3));
      }
      // Install refuses it the same way (409), without content either.
      const inst = await t.api('POST', '/api/capture/hooks/install', { scope: 'project', projectDir: dir });
      expect(inst.status).toBe(409);
      expect(inst.text).not.toContain(SECRET.slice(0, 6));
    }
  });

  it('a settings file that is not a regular file (a FIFO) is refused without reading it', async () => {
    const t = await startTestService();
    running.push(t);
    const fifo = join(tempDir('memtray-fifo-'), 'pipe');
    execFileSync('mkfifo', [fifo]);
    const dir = projectWith(fifo);
    const r = await t.api('GET', `/api/capture/hooks?scope=project&projectDir=${encodeURIComponent(dir)}`);
    expect(r.status).toBe(200);
    expect((r.json as { problems: string[] }).problems.join('\n')).toContain('not a regular file');
  });

  it('memtray mcp install on a non-JSON config names the problem, not the content', () => {
    const file = join(tempDir('memtray-mcp-'), '.mcp.json');
    writeFileSync(file, `${SECRET} more`);
    expect(() => installMcp(file, { type: 'stdio', command: 'x', args: [] })).toThrow(/is not valid JSON/);
    try {
      installMcp(file, { type: 'stdio', command: 'x', args: [] });
    } catch (err) {
      expect((err as Error).message).not.toContain(SECRET.slice(0, 6));
    }
  });
});
