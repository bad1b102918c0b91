/**
 * Projects are repositories: real git repositories and worktrees in a temp folder, hook events
 * through the real service, and a database from before project identity adopted at start.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, realpathSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clearIdentityCache, projectIdentity } from '../../electron/core/projects/identity.js';
import { startTestService, tempDir, type TestService } from '../helpers/service.js';

const git = (cwd: string, ...args: string[]): string =>
  execFileSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=t', ...args], {
    cwd,
    encoding: 'utf8',
  });

function repo(path: string): string {
  mkdirSync(path, { recursive: true });
  git(path, 'init', '-q', '-b', 'main');
  git(path, 'commit', '-q', '--allow-empty', '-m', 'first');
  return path;
}

let root: string;
let work: string;
let oss: string;
let spotter: string;
let spotterDov: string;
let plain: string;

beforeAll(() => {
  root = realpathSync(tempDir('memtray-projects-'));
  work = repo(join(root, 'work', 'app'));
  oss = repo(join(root, 'oss', 'app'));
  spotter = repo(join(root, 'spotter'));
  spotterDov = join(root, 'spotter-dov');
  git(spotter, 'worktree', 'add', '-q', '-b', 'dov', spotterDov);
  plain = join(root, 'notes', 'app');
  mkdirSync(join(plain, 'sub'), { recursive: true });
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('project identity', () => {
  it('keys a folder by its repository, a worktree by the common git dir, else by the folder', () => {
    clearIdentityCache();
    const w = projectIdentity(join(work, 'src/deep'));
    expect(w).toMatchObject({ key: `git:${join(work, '.git')}`, base: 'app', worktree: work });
    expect(projectIdentity(oss).key).not.toBe(w.key);
    const d = projectIdentity(spotterDov);
    expect(d).toMatchObject({ key: `git:${join(spotter, '.git')}`, base: 'spotter', worktree: spotterDov });
    expect(projectIdentity(plain)).toMatchObject({ key: `path:${plain}`, base: 'app', worktree: null });
    expect(projectIdentity('/nowhere/at/all/proj/')).toMatchObject({
      key: 'path:/nowhere/at/all/proj',
      base: 'proj',
    });
    expect(projectIdentity(null).key).toBe('unknown');
  });
});

describe('projects through the service', () => {
  let t: TestService;
  afterEach(async () => {
    await t.dispose();
  });

  const start = async (sid: string, cwd: string): Promise<void> => {
    const r = await t.api('POST', '/api/hooks/SessionStart', { session_id: sid, cwd, source: 'startup' });
    expect(r.status).toBe(200);
  };
  const prompt = async (sid: string, cwd: string, text: string): Promise<void> => {
    const r = await t.api('POST', '/api/hooks/UserPromptSubmit', { session_id: sid, cwd, prompt: text });
    expect(r.status).toBe(200);
  };
  const projectOf = (sid: string): { project: string; worktree: string | null; branch: string | null } =>
    t.service.core.sqlite
      .prepare('SELECT project, worktree, branch FROM sessions WHERE claude_session_id = ?')
      .get(sid) as { project: string; worktree: string | null; branch: string | null };

  it('two repositories named alike are two projects; two worktrees of one are one', async () => {
    t = await startTestService();
    await start('s-work', work);
    await start('s-oss', oss);
    await start('s-main', spotter);
    await start('s-dov', join(spotterDov, 'lib'));
    await t.settled();
    expect(projectOf('s-work').project).toBe('app');
    expect(projectOf('s-oss').project).toBe('app (oss)');
    expect(projectOf('s-main')).toEqual({ project: 'spotter', worktree: spotter, branch: 'main' });
    expect(projectOf('s-dov')).toEqual({ project: 'spotter', worktree: spotterDov, branch: 'dov' });

    // The capture switch of one `app` leaves the other alone.
    expect((await t.api('PUT', '/api/projects/app', { capture: false })).status).toBe(200);
    await prompt('s-work2', work, 'not stored');
    await prompt('s-oss2', oss, 'stored in the other app');
    await t.settled();
    const prompts = t.service.core.sqlite.prepare('SELECT prompt FROM user_prompts').pluck().all();
    expect(prompts).toEqual(['stored in the other app']);
  });

  it('the digest at SessionStart in a worktree is the repository’s memory', async () => {
    t = await startTestService();
    await prompt('s-main', spotter, 'make the spotter tile cache evict by size');
    await t.api('POST', '/api/hooks/Stop', {
      session_id: 's-main',
      cwd: spotter,
      last_assistant_message: 'Done.',
    });
    const r = await t.api('POST', '/api/hooks/SessionStart', {
      session_id: 's-dov',
      cwd: spotterDov,
      source: 'startup',
    });
    const ctx = (r.json as { hookSpecificOutput?: { additionalContext?: string } }).hookSpecificOutput
      ?.additionalContext;
    expect(ctx).toContain('MemTray memory: spotter');
    expect(ctx).toContain('evict by size');
  });

  it('adopts projects stored before identity: splits look-alikes, joins worktrees, keeps switches off', async () => {
    const dataDir = tempDir();
    t = await startTestService({ dataDir });
    const db = t.service.core.sqlite;
    const now = Date.now();
    const legacy = (name: string, on: number): void =>
      void db
        .prepare('INSERT INTO projects (name, root_path, capture_enabled, created_at) VALUES (?, NULL, ?, ?)')
        .run(name, on, now);
    const session = (sid: string, project: string, cwd: string): void =>
      void db
        .prepare(
          'INSERT INTO sessions (claude_session_id, project, cwd, started_at, updated_at) VALUES (?, ?, ?, ?, ?)',
        )
        .run(sid, project, cwd, now, now);
    legacy('app', 0);
    legacy('spotter-dov', 1);
    legacy('spotter', 1);
    session('a1', 'app', work);
    session('a2', 'app', work);
    session('a3', 'app', oss);
    session('d1', 'spotter-dov', spotterDov);
    session('m1', 'spotter', spotter);
    await t.stop();

    t = await startTestService({ dataDir });
    expect(projectOf('a1').project).toBe('app');
    expect(projectOf('a3').project).toBe('app (oss)');
    expect(projectOf('d1')).toMatchObject({ project: 'spotter', worktree: spotterDov });
    expect(projectOf('m1').project).toBe('spotter');
    const rows = t.service.core.sqlite
      .prepare('SELECT name, key, capture_enabled AS on_ FROM projects ORDER BY name')
      .all() as Array<{ name: string; key: string | null; on_: number }>;
    expect(rows).toEqual([
      { name: 'app', key: `git:${join(work, '.git')}`, on_: 0 },
      { name: 'app (oss)', key: `git:${join(oss, '.git')}`, on_: 0 },
      { name: 'spotter', key: `git:${join(spotter, '.git')}`, on_: 1 },
    ]);
    // New events in the worktree land in the adopted project.
    await prompt('d2', spotterDov, 'after the upgrade');
    await t.settled();
    expect(projectOf('d2').project).toBe('spotter');
  });
});
