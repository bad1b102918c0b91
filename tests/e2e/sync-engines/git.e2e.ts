/**
 * MemTray sync through git, as docs/how-to/sync.md tells the user to run it: each machine's sync
 * folder is a clone of one bare repository, and docs/how-to/memtray-git-sync.sh (add, commit, pull
 * with a merge, push) runs exactly as written. Proves: A's work reaches B after A pushes and B
 * pulls, and the reverse; both at once merge without a conflict and converge, each row once;
 * syncs run while MemTray is writing lose nothing; MemTray changes only its own machine's folder;
 * nothing private is in any file or anywhere in the repository's history.
 */
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../../helpers/service.js';
import { git, gitBinary, gitEnv, gitRemote, syncOnce } from './git.js';
import { capture, everyFile, machine, sessionId, tables, work, type Machine } from './memtray.js';
import { until } from './syncthing.js';

const BIN = gitBinary();
if (!BIN) console.warn('sync-engines: git is not installed: skipped');

const PRIVATE = [
  'TOPSECRET-ZEBRA-42',
  'hush-project',
  'HUSHWORD',
  'classified',
  'CLASSIFIEDWORD',
  '<private>',
];

describe.skipIf(!BIN)('MemTray through a git remote (the documented sync script)', () => {
  let root: string;
  let remote: string;
  let fa: string;
  let fb: string;
  let a: Machine;
  let b: Machine;
  const env = (n: string): NodeJS.ProcessEnv => gitEnv(join(root, 'git-home'), n);

  const sync = async (m: 'A' | 'B'): Promise<void> => {
    const r = await syncOnce(m === 'A' ? fa : fb, env(m));
    expect(r.code, r.output).toBe(0);
  };
  /** Both machines written out, then a round of syncs until both hold the same rows. */
  const converge = async (what: string): Promise<void> => {
    const written = async (m: Machine): Promise<boolean> => (await m.status()).pending === 0;
    await until(`${what}: written`, async () => (await written(a)) && (await written(b)), 15_000);
    await until(
      what,
      async () => {
        await sync('A');
        await sync('B');
        await sync('A');
        return JSON.stringify(tables(a)) === JSON.stringify(tables(b));
      },
      30_000,
      () => JSON.stringify([tables(a), tables(b)]),
    );
    for (const m of [a, b]) for (const t of Object.values(tables(m))) expect(t.rows).toBe(t.distinct);
  };

  beforeAll(async () => {
    root = tempDir('memtray-git-');
    mkdirSync(join(root, 'git-home'));
    ({
      remote,
      clones: [fa, fb],
    } = gitRemote(root, ['A', 'B']) as { remote: string; clones: [string, string] });
    a = await machine(fa);
    b = await machine(fb);
    for (const m of [a, b]) {
      expect((await m.api('PUT', '/api/projects/hush-project', { capture: false })).status).toBe(200);
      expect((await m.api('PUT', '/api/settings', { excludedPaths: ['/w/classified'] })).status).toBe(200);
    }
  }, 60_000);

  afterAll(async () => {
    for (const m of [a, b]) await m?.dispose();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it('A commits and pushes, B pulls: B reads what arrived (search, SessionStart digest); and the reverse', async () => {
    await capture(a, {
      ...work('git-a1', '/w/orbit', 'QuasarRetry'),
      prompts: ['fix the flaky QuasarRetry timeout <private>TOPSECRET-ZEBRA-42</private> in orbit'],
    });
    await until('A written', async () => (await a.status()).pending === 0, 15_000);
    await sync('A');
    await sync('B');
    // No explicit read: the pull's writes wake B's watcher.
    await until('git-a1 on B', () => sessionId(b, 'git-a1') !== undefined, 15_000);
    const hit = (await b.api('GET', '/api/search?q=QuasarRetry')).json as { items: unknown[] };
    expect(hit.items.length).toBeGreaterThan(0);
    expect((await b.api('GET', '/api/context/inject?project=orbit')).text).toMatch(/QuasarRetry/);

    await capture(b, work('git-b1', '/w/lunar', 'MeteorShard'));
    await until('B written', async () => (await b.status()).pending === 0, 15_000);
    await sync('B');
    await sync('A');
    await until('git-b1 on A', () => sessionId(a, 'git-b1') !== undefined, 15_000);
    await converge('A and B');
  });

  it('work on both at once merges without a conflict and converges, each row once; a deletion follows', async () => {
    const jobs: Array<Promise<void>> = [];
    for (let i = 0; i < 3; i++) {
      jobs.push(capture(a, work(`git-both-a${i}`, '/w/orbit', `Comet${i}`)));
      jobs.push(capture(b, work(`git-both-b${i}`, '/w/lunar', `Meteor${i}`)));
    }
    for (const m of [a, b]) {
      jobs.push(capture(m, work(`git-hush-${m.id}`, '/w/hush-project', 'HUSHWORD')));
      jobs.push(capture(m, work(`git-ex-${m.id}`, '/w/classified/x', 'CLASSIFIEDWORD')));
    }
    await Promise.all(jobs);
    for (const m of [a, b]) await until('written', async () => (await m.status()).pending === 0, 15_000);
    // Both commit and push at once: one push is refused, that machine merges and pushes again.
    const both = await Promise.all([syncOnce(fa, env('A')), syncOnce(fb, env('B'))]);
    for (const r of both) expect(r.code, r.output).toBe(0);
    await converge('both machines');
    expect(tables(a).sessions!.rows).toBe(8);
    expect(git(fa, env('A'), 'log', '--merges', '--oneline').trim()).not.toBe('');
    expect(git(fa, env('A'), 'ls-files', '--unmerged')).toBe('');

    expect((await a.api('DELETE', `/api/sessions/${sessionId(a, 'git-both-a0')}`)).status).toBe(200);
    await converge('the deletion');
    expect(sessionId(b, 'git-both-a0')).toBeUndefined();
  }, 90_000);

  it('syncs run while both machines write lose nothing (pulls and commits mid-write)', async () => {
    const writing = (async () => {
      for (let i = 0; i < 12; i++) {
        await capture(a, work(`git-live-a${i}`, '/w/orbit', `Live${i}`));
        await capture(b, work(`git-live-b${i}`, '/w/lunar', `Live${i}`));
      }
    })();
    let done = false;
    void writing.finally(() => (done = true));
    let rounds = 0;
    while (!done) {
      await Promise.all([syncOnce(fa, env('A')), syncOnce(fb, env('B'))]);
      rounds++;
    }
    await writing;
    expect(rounds).toBeGreaterThan(1);
    await converge('after the live writes');
    for (let i = 0; i < 12; i++)
      for (const m of [a, b]) {
        expect(sessionId(m, `git-live-a${i}`)).toBeDefined();
        expect(sessionId(m, `git-live-b${i}`)).toBeDefined();
      }
  }, 120_000);

  it('MemTray changes only its own folder; nothing private in any file or in the history', async () => {
    for (const [m, dir] of [
      [a, fa],
      [b, fb],
    ] as const) {
      const changed = git(dir, env('x'), 'status', '--porcelain', '--untracked-files=all')
        .split('\n')
        .filter(Boolean)
        .map((l) => l.slice(3));
      for (const f of changed) expect(f.startsWith(`memtray/${m.id}/`), f).toBe(true);
      for (const f of everyFile(dir).filter((x) => !x.path.includes('/.git/')))
        for (const s of PRIVATE) expect(f.text.includes(s), `${s} in ${f.path}`).toBe(false);
    }
    const history = git(remote, env('x'), 'log', '-p', '--all', '--format=%H %s');
    expect(history).toContain('.mseg');
    for (const s of PRIVATE) expect(history.includes(s), s).toBe(false);
  });
});
