import { describe, expect, it } from 'vitest';
import { isPathExcluded } from './exclude.js';

const linux = { home: '/home/dev', platform: 'linux' } as const;
const excluded = (path: string, glob: string, opts: Parameters<typeof isPathExcluded>[2] = linux): boolean =>
  isPathExcluded(path, [glob], opts);

describe('excludedPaths globs', () => {
  it('braces pick one of several names', () => {
    expect(excluded('/home/dev/app/secret/key.pem', '**/{secret,private}/**')).toBe(true);
    expect(excluded('/home/dev/app/private/notes.md', '**/{secret,private}/**')).toBe(true);
    expect(excluded('/home/dev/app/public/index.ts', '**/{secret,private}/**')).toBe(false);
  });

  it('classes match one character of a set', () => {
    expect(excluded('/srv/ac/x.ts', '/srv/[ab]c')).toBe(true);
    expect(excluded('/srv/bc/x.ts', '/srv/[ab]c')).toBe(true);
    expect(excluded('/srv/cc/x.ts', '/srv/[ab]c')).toBe(false);
    // picomatch also takes a class literally, so a folder really named `[ab]c` stays excluded.
    expect(excluded('/srv/[ab]c/x.ts', '/srv/[ab]c')).toBe(true);
  });

  it('** spans folders (dot folders too) and matches whole names only', () => {
    expect(excluded('/home/dev/.config/tool/secrets/a.json', '**/secrets/**')).toBe(true);
    expect(excluded('/home/dev/a/b/c/secrets', '**/secrets')).toBe(true);
    expect(excluded('/opt/work/a/b/node_modules/x/index.js', '/opt/work/**/node_modules')).toBe(true);
    expect(excluded('/home/dev/notsecrets/a.json', '**/secrets')).toBe(false);
  });

  it('* and ? stay within one folder; a matching folder excludes what is below it', () => {
    expect(excluded('/home/dev/p1/src/a.ts', '/home/dev/p?')).toBe(true);
    expect(excluded('/home/dev/work/x/src/a.ts', '/home/dev/*/x')).toBe(true);
    expect(excluded('/home/dev/work/deep/x/a.ts', '/home/dev/*/x')).toBe(false);
    expect(excluded('/opt/private', '/opt/private/')).toBe(true);
    expect(excluded('/opt/privateer', '/opt/private')).toBe(false);
  });

  it('~/ is the home folder, taken literally', () => {
    expect(excluded('/home/dev/secret/a', '~/secret')).toBe(true);
    expect(excluded('/home/other/secret/a', '~/secret')).toBe(false);
    const odd = { home: '/home/a[1]', platform: 'linux' } as const;
    expect(excluded('/home/a[1]/secret/a', '~/secret', odd)).toBe(true);
    expect(excluded('/home/a1/secret/a', '~/secret', odd)).toBe(false);
  });

  it('ignores case where the file system does (macOS, Windows), not on Linux', () => {
    const mac = { home: '/Users/Dev', platform: 'darwin' } as const;
    expect(excluded('/Users/Dev/Secret/a.ts', '/users/dev/secret', mac)).toBe(true);
    expect(excluded('/Users/Dev/Secret/a.ts', '~/SECRET/**', mac)).toBe(true);
    const win = { home: 'C:\\Users\\dev', platform: 'win32' } as const;
    expect(excluded('C:\\Users\\Dev\\Private\\a.txt', 'c:/users/dev/private', win)).toBe(true);
    expect(excluded('C:\\Users\\Dev\\Private\\a.txt', '~/private', win)).toBe(true);
    expect(excluded('/home/dev/Secret/a.ts', '/home/dev/secret')).toBe(false);
  });

  it('no globs, no exclusion', () => {
    expect(isPathExcluded('/anything', [], linux)).toBe(false);
  });
});
