/**
 * A git remote for the sync engine tests: a bare repository and a clone of it per machine, with
 * git's configuration isolated from this machine's (no system or global config, a fixed identity).
 * Everything is local paths: no network.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The documented sync sequence, run as the user runs it (docs/how-to/sync.md). */
export const SYNC_SCRIPT = join(process.cwd(), 'docs', 'how-to', 'memtray-git-sync.sh');

export function gitBinary(): string | null {
  return spawnSync('git', ['--version']).status === 0 ? 'git' : null;
}

export function gitEnv(home: string, name: string): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: home,
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: join(home, '.gitconfig'),
    GIT_AUTHOR_NAME: name,
    GIT_AUTHOR_EMAIL: `${name}@memtray.test`,
    GIT_COMMITTER_NAME: name,
    GIT_COMMITTER_EMAIL: `${name}@memtray.test`,
    GIT_TERMINAL_PROMPT: '0',
  };
}

export function git(cwd: string, env: NodeJS.ProcessEnv, ...args: string[]): string {
  return execFileSync('git', args, { cwd, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/** A bare repository with one commit on `main`, and clones of it named `names` under `root`. */
export function gitRemote(root: string, names: string[]): { remote: string; clones: string[] } {
  const remote = join(root, 'remote.git');
  const home = join(root, 'git-home');
  mkdirSync(home, { recursive: true });
  writeFileSync(join(home, '.gitconfig'), '');
  const env = gitEnv(home, 'setup');
  git(root, env, 'init', '-q', '--bare', '--initial-branch=main', remote);
  const seed = join(root, 'seed');
  git(root, env, 'clone', '-q', remote, seed);
  git(seed, env, 'checkout', '-q', '-b', 'main');
  git(seed, env, 'commit', '-q', '--allow-empty', '-m', 'memtray sync folder');
  git(seed, env, 'push', '-q', '-u', 'origin', 'main');
  const clones = names.map((n) => {
    const dir = join(root, n);
    git(root, env, 'clone', '-q', remote, dir);
    return dir;
  });
  return { remote, clones };
}

/**
 * One run of the documented sync script in `folder` (asynchronously: the services in this process
 * keep writing and reading meanwhile); its exit code and output.
 */
export function syncOnce(folder: string, env: NodeJS.ProcessEnv): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const c = spawn('sh', [SYNC_SCRIPT, folder], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    c.stdout.on('data', (d: Buffer) => (output += d.toString()));
    c.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const t = setTimeout(() => c.kill('SIGKILL'), 30_000);
    c.on('close', (code) => (clearTimeout(t), resolve({ code: code ?? -1, output })));
  });
}
