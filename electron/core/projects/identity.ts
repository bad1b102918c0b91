/**
 * What project a working directory belongs to: its git repository (the common git dir, so every
 * worktree of one repository is one project), or the directory itself when there is none.
 *
 * Reads the file system (a few `stat`s and two small files per new directory, never git itself),
 * so results are cached per directory; the branch is read fresh each time it is asked for.
 */
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, resolve } from 'node:path';

export interface ProjectIdentity {
  /** Stable identity: `git:<common git dir>`, `path:<directory>`, or `unknown`. */
  key: string;
  /** The name it is shown by: the main checkout's folder name (the directory's for `path:`). */
  base: string;
  /** The main checkout (git) or the directory; null for `unknown`. */
  root: string | null;
  /** The worktree the directory is in (its top level), when in a repository. */
  worktree: string | null;
  /** The worktree's own git dir (where HEAD is), when in a repository. */
  gitDir: string | null;
}

const MAX_DEPTH = 64;
const MAX_FILE = 4096;
const CACHE_MAX = 512;
const cache = new Map<string, ProjectIdentity>();

/** Normalizes a path as Claude Code reports it (trailing separators, `..`). */
function norm(p: string): string {
  // A path from another OS (a Windows path here) is kept as written.
  const r = isAbsolute(p) ? resolve(p) : p;
  return r.length > 1 ? r.replace(/[\\/]+$/, '') : r;
}

/** The last segment, whatever the separator. */
function lastSegment(p: string): string {
  const parts = p.split(/[\\/]/).filter((x) => x !== '');
  return parts[parts.length - 1] ?? p;
}

function readSmall(path: string): string | null {
  let fd: number | undefined;
  try {
    fd = openSync(path, 'r');
    const buf = Buffer.alloc(MAX_FILE);
    const n = readSync(fd, buf, 0, MAX_FILE, 0);
    return buf.subarray(0, n).toString('utf8');
  } catch {
    return null;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

function kind(path: string): 'dir' | 'file' | null {
  try {
    const st = statSync(path);
    return st.isDirectory() ? 'dir' : st.isFile() ? 'file' : null;
  } catch {
    return null;
  }
}

/** The worktree top level and its git dir, walking up from `dir`. */
function findGitDir(dir: string): { worktree: string; gitDir: string } | null {
  let cur = dir;
  for (let i = 0; i < MAX_DEPTH; i++) {
    const dotGit = join(cur, '.git');
    const k = kind(dotGit);
    if (k === 'dir' && kind(join(dotGit, 'HEAD')) === 'file') return { worktree: cur, gitDir: dotGit };
    if (k === 'file') {
      // A linked worktree (or submodule): `gitdir: <path>`.
      const m = /^gitdir:\s*(.+?)\s*$/m.exec(readSmall(dotGit) ?? '');
      if (m) return { worktree: cur, gitDir: isAbsolute(m[1]!) ? norm(m[1]!) : norm(join(cur, m[1]!)) };
    }
    const up = dirname(cur);
    if (up === cur) return null;
    cur = up;
  }
  return null;
}

/** The repository's common git dir: a linked worktree's `commondir` file points to it. */
function commonDir(gitDir: string): string {
  const rel = readSmall(join(gitDir, 'commondir'))?.trim();
  if (!rel) return gitDir;
  return isAbsolute(rel) ? norm(rel) : norm(join(gitDir, rel));
}

function identify(cwd: string): ProjectIdentity {
  const dir = norm(cwd);
  const found = isAbsolute(dir) ? findGitDir(dir) : null;
  if (!found) return { key: `path:${dir}`, base: lastSegment(dir), root: dir, worktree: null, gitDir: null };
  const common = commonDir(found.gitDir);
  // `<root>/.git` for a normal repository; a bare repository (`x.git`) is its own root.
  const root = basename(common) === '.git' ? dirname(common) : common;
  const base = basename(root).replace(/\.git$/, '') || basename(found.worktree);
  return { key: `git:${common}`, base, root, worktree: found.worktree, gitDir: found.gitDir };
}

export const UNKNOWN: ProjectIdentity = {
  key: 'unknown',
  base: 'unknown',
  root: null,
  worktree: null,
  gitDir: null,
};

/** The project identity of a working directory (cached per directory). */
export function projectIdentity(cwd: string | null): ProjectIdentity {
  if (!cwd || cwd.trim() === '' || cwd.length > 4096) return UNKNOWN;
  const hit = cache.get(cwd);
  if (hit) return hit;
  const id = identify(cwd);
  if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value!);
  cache.set(cwd, id);
  return id;
}

/** The branch checked out in the identity's worktree (`HEAD`), or a short commit when detached. */
export function currentBranch(id: ProjectIdentity): string | null {
  if (!id.gitDir) return null;
  const head = readSmall(join(id.gitDir, 'HEAD'))?.trim();
  if (!head) return null;
  const ref = /^ref:\s*refs\/heads\/(.+)$/.exec(head);
  if (ref) return ref[1]!.slice(0, 200);
  return /^[0-9a-f]{7,64}$/.test(head) ? head.slice(0, 12) : null;
}

/** Forgets cached identities (tests, or after a repository was created or moved). */
export function clearIdentityCache(): void {
  cache.clear();
}
