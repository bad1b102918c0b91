/**
 * `memtray search` on the command line asks from the project of the directory it runs in, as
 * Claude's MCP search does: that project's strong matches first, other projects' below. The real
 * CLI (a child process with its own cwd) against a real service's database file.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliSearchOutput } from '../../electron/shared/contract/search.js';
import { runCli } from '../helpers/cli.js';
import { startTestService, tempDir, type TestService } from '../helpers/service.js';
import { ASKED_FROM_QUESTION, seedAskedFrom } from './seed.js';

let t: TestService;
let here: string;
let dir: string;
let answer: number;

beforeAll(async () => {
  t = await startTestService();
  dir = tempDir();
  here = t.service.core.projects.nameFor(dir, undefined, Date.now());
  answer = seedAskedFrom(t.service.core.sqlite, {
    project: here,
    other: 'webshop',
    others: 30,
    now: Date.now(),
  });
});
afterAll(async () => {
  await t.dispose();
});

const search = async (args: string[], cwd?: string) => {
  const r = await runCli(['search', ASKED_FROM_QUESTION, '--data-dir', t.dataDir, '--limit', '10', ...args], {
    ...(cwd !== undefined ? { cwd } : {}),
  });
  expect(r.code, r.stderr).toBe(0);
  return r.stdout;
};
const json = async (args: string[], cwd?: string) =>
  cliSearchOutput.parse(JSON.parse(await search(['--json', ...args], cwd)));
const ids = (o: { items: Array<{ id: number }> }): number[] => o.items.map((i) => i.id);

describe('memtray search asked from a directory', () => {
  it("outside any known project: every project alike, the other project's newer work fills the page", async () => {
    const out = await json([], tempDir());
    expect(out.askedFrom).toBeUndefined();
    expect(ids(out)).not.toContain(answer);
  });

  it("in the project's directory: asked from it, the answer first, the other project's below", async () => {
    const elsewhere = ids(await json([], tempDir()));
    const out = await json([], dir);
    expect(out.askedFrom).toBe(here);
    expect(ids(out)[0]).toBe(answer);
    expect(ids(out).slice(1)).toEqual(elsewhere.slice(0, 9));
    expect(await search([], dir)).toMatch(new RegExp(`^Asked from ${here}: its matches first`));
  });

  it('--all-projects ranks every project alike; --prefer names the project; --project keeps to one', async () => {
    const alike = await json(['--all-projects'], dir);
    expect(alike.askedFrom).toBeUndefined();
    expect(ids(alike)).not.toContain(answer);
    const named = await json(['--prefer', here], tempDir());
    expect(named.askedFrom).toBe(here);
    expect(ids(named)[0]).toBe(answer);
    const filtered = await json(['--project', 'webshop'], dir);
    expect(filtered.askedFrom).toBeUndefined();
    expect(ids(filtered)).not.toContain(answer);
  });

  it('refuses --prefer with --all-projects', async () => {
    const r = await runCli(['search', 'x', '--data-dir', t.dataDir, '--prefer', here, '--all-projects']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('--prefer and --all-projects exclude each other');
  });
});
