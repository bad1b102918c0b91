/**
 * Path exclusion globs (`excludedPaths` setting), matched by picomatch: `**` across folders, `*` and
 * `?` within one, braces (`{secret,private}`), classes (`[ab]`), dot folders included; a leading
 * `~/` is the home folder. A glob also excludes everything below a matching folder. Where file
 * systems are case-insensitive by default (macOS, Windows) so is the match.
 */
import { homedir } from 'node:os';
import picomatch from 'picomatch';

export interface ExcludeOptions {
  /** The home folder `~/` stands for (default: this user's). */
  home?: string;
  /** Whose file system rules apply (default: this one's): darwin and win32 match case-insensitively. */
  platform?: NodeJS.Platform;
}

type Matcher = (path: string) => boolean;

const cache = new Map<string, Matcher>();
const slashes = (p: string): string => p.replace(/\\/g, '/');
/** A literal path inside a glob: its glob characters escaped. */
const literal = (p: string): string => p.replace(/[*?[\]{}()!+@]/g, '\\$&');

function caseInsensitive(platform: NodeJS.Platform): boolean {
  return platform === 'darwin' || platform === 'win32';
}

function globMatcher(glob: string, opts: ExcludeOptions = {}): Matcher {
  const home = slashes(opts.home ?? homedir()).replace(/\/+$/, '');
  const nocase = caseInsensitive(opts.platform ?? process.platform);
  const key = `${nocase ? 'i' : 's'}\0${home}\0${glob}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const g = (glob.startsWith('~/') ? `${literal(home)}/${glob.slice(2)}` : glob).replace(/\/+$/, '') || '/';
  // The glob itself, or a folder it matches and anything below it.
  const matcher = picomatch([g, g === '/' ? '/**' : `${g}/**`], { dot: true, nocase, windows: false });
  if (cache.size > 1000) cache.clear();
  cache.set(key, matcher);
  return matcher;
}

export function isPathExcluded(path: string, globs: readonly string[], opts: ExcludeOptions = {}): boolean {
  if (globs.length === 0) return false;
  const p = slashes(path);
  return globs.some((g) => globMatcher(g, opts)(p));
}
