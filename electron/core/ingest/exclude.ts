/**
 * Path exclusion globs (`excludedPaths` setting): `**` matches across folders, `*` and `?` within
 * one, a leading `~/` is the home folder. A glob also excludes everything below a matching folder.
 */
import { homedir } from 'node:os';

const cache = new Map<string, RegExp>();

export function globToRegExp(glob: string, home: string = homedir()): RegExp {
  const key = `${home}\0${glob}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const g = glob.startsWith('~/') ? `${home}/${glob.slice(2)}` : glob;
  let re = '';
  for (let i = 0; i < g.length; i++) {
    const c = g[i]!;
    if (c === '*') {
      if (g[i + 1] === '*') {
        re += '.*';
        i++;
        if (g[i + 1] === '/') i++;
      } else re += '[^/]*';
    } else if (c === '?') re += '[^/]';
    else re += c.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  const compiled = new RegExp(`^${re}(?:/.*)?$`);
  if (cache.size > 1000) cache.clear();
  cache.set(key, compiled);
  return compiled;
}

export function isPathExcluded(path: string, globs: readonly string[], home?: string): boolean {
  if (globs.length === 0) return false;
  const p = path.replace(/\\/g, '/');
  return globs.some((g) => globToRegExp(g, home).test(p));
}
