/**
 * Claude Code's auto memory (`~/.claude/projects/<project>/memory/`) read as memories by a real
 * service over a temp HOME: searchable, shown with their file, kept current as the files change
 * and disappear, cleaned and gated like any captured text, and left out of the SessionStart digest
 * (with what they already hold).
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SearchPage } from '../../electron/shared/contract/search.js';
import { startTestService, tempDir, type TestService } from '../helpers/service.js';

const realHome = process.env.HOME;
let home = '';
let projectDir = '';
let memoryDir = '';

beforeAll(() => {
  home = tempDir('memtray-automem-home-');
  process.env.HOME = home;
});
afterAll(() => {
  process.env.HOME = realHome;
  rmSync(home, { recursive: true, force: true });
});

/** A project folder (no dashes in its path, as Claude Code's folder name reads back) and its memory folder. */
function makeProject(): void {
  projectDir = join(tempDir('amproj'), 'billing');
  mkdirSync(projectDir, { recursive: true });
  const folder = projectDir.replace(/[^a-zA-Z0-9]/g, '-');
  memoryDir = join(home, '.claude', 'projects', folder, 'memory');
  mkdirSync(memoryDir, { recursive: true });
}

const note = (name: string, description: string, body: string): string =>
  `---\nname: ${name}\ndescription: ${description}\ntype: project\n---\n\n${body}\n`;

async function search(t: TestService, q: string): Promise<SearchPage['items']> {
  return ((await t.api('GET', `/api/search?q=${encodeURIComponent(q)}`)).json as SearchPage).items;
}

const waitFor = <T>(fn: () => Promise<T>): Promise<T> => vi.waitFor(fn, { timeout: 10_000, interval: 50 });

describe("Claude Code's auto memory", () => {
  let t: TestService | undefined;
  afterEach(async () => {
    await t?.dispose();
    t = undefined;
  });

  it('is searchable with its file, follows edits and deletions, and stays out of the digest', async () => {
    makeProject();
    const file = join(memoryDir, 'ledger_rounding.md');
    writeFileSync(
      file,
      note('Ledger rounding', 'how invoices round', 'Invoices round half-even with the quokkaledger helper.'),
    );
    writeFileSync(
      join(memoryDir, 'MEMORY.md'),
      '- [Ledger rounding](ledger_rounding.md) — how invoices round\n',
    );
    t = await startTestService();

    const hit = await waitFor(async () => {
      const items = await search(t!, 'quokkaledger');
      expect(items).toHaveLength(1);
      return items[0]!;
    });
    expect(hit.type).toBe('memory');
    expect(hit.title).toBe('Ledger rounding');
    expect(hit.project).toBe('billing');
    const obs = (await t.api('GET', `/api/observations/${hit.id}`)).json as {
      filesRead: string[];
      toolName: string;
    };
    expect(obs.filesRead).toEqual([file]);
    expect(obs.toolName).toBe('claude_auto_memory');

    // Claude Code loads these notes itself: the digest repeats neither them nor what they hold.
    const user = t.service.core.ingest.user;
    user.saveMemory({ project: 'billing', text: 'Ledger rounding: how invoices round' });
    user.saveMemory({ project: 'billing', text: 'Deploys of billing go out on Tuesdays only.' });
    const digest = (await t.api('GET', '/api/context/inject?project=billing')).text;
    expect(digest).toContain('Tuesdays');
    expect(digest).not.toContain('Ledger rounding');
    expect(digest).not.toContain('MEMORY.md');

    // An edit replaces the note.
    writeFileSync(
      file,
      note('Ledger rounding', 'how invoices round', 'Invoices now round up with the wombatledger helper.'),
    );
    await waitFor(async () => {
      expect(await search(t!, 'wombatledger')).toHaveLength(1);
      expect(await search(t!, 'quokkaledger')).toHaveLength(0);
    });
    // The event recorded with the note (it holds the note's path) is replaced along with it.
    const eventsOf = (): number =>
      (
        t!.service.core.sqlite
          .prepare("SELECT count(*) AS n FROM events WHERE json_extract(payload, '$.tool_use_id') = ?")
          .get(file) as { n: number }
      ).n;
    expect(eventsOf()).toBe(1);

    // A deleted file takes its memory and its event with it.
    rmSync(file);
    await waitFor(async () => expect(await search(t!, 'wombatledger')).toHaveLength(0));
    expect(eventsOf()).toBe(0);
  });

  it('a memory folder that appears in a known project folder is found; its path read from a transcript', async () => {
    // A path with dashes does not read back from Claude Code's folder name: the transcript says it.
    const project = join(tempDir('amproj'), 'pay-service');
    mkdirSync(project, { recursive: true });
    const folder = join(home, '.claude', 'projects', project.replace(/[^a-zA-Z0-9]/g, '-'));
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'abc.jsonl'), `${JSON.stringify({ type: 'user', cwd: project })}\n`);
    makeProject();
    writeFileSync(join(memoryDir, 'first.md'), note('First', 'x', 'The first scan saw the toucanmarker.'));
    t = await startTestService();
    // The first scan is done: the memory folder below appears after it.
    await waitFor(async () => expect(await search(t!, 'toucanmarker')).toHaveLength(1));
    mkdirSync(join(folder, 'memory'));
    writeFileSync(
      join(folder, 'memory', 'refunds.md'),
      note('Refunds', 'how', 'Refunds go through the lemurqueue.'),
    );
    const hit = await waitFor(async () => {
      const items = await search(t!, 'lemurqueue');
      expect(items).toHaveLength(1);
      return items[0]!;
    });
    expect(hit.project).toBe('pay-service');
  });

  it('a new folder is found, secrets are redacted, and an excluded project stays out', async () => {
    t = await startTestService();
    makeProject();
    // The memory folder appears while the service runs (a new project folder under the root).
    writeFileSync(
      join(memoryDir, 'deploy.md'),
      note(
        'Deploy token',
        'ci',
        'Deploy with the platypusdeploy script, token ghp_0123456789abcdefghijklmnopqrstuvwxyz',
      ),
    );
    const hit = await waitFor(async () => {
      const items = await search(t!, 'platypusdeploy');
      expect(items).toHaveLength(1);
      return items[0]!;
    });
    const obs = (await t.api('GET', `/api/observations/${hit.id}`)).json as { narrative: string };
    expect(obs.narrative).toContain('[REDACTED');
    expect(obs.narrative).not.toContain('ghp_0123456789');

    // Excluded: a new note of that folder is not stored (and the stored one is kept as it was).
    expect((await t.api('PUT', '/api/settings', { excludedPaths: [projectDir] })).status).toBe(200);
    writeFileSync(join(memoryDir, 'secret_plan.md'), note('Plan', 'private', 'The narwhalplan is private.'));
    // A second note in a project that is not excluded shows the scan after the exclusion ran.
    const other = memoryDir;
    makeProject();
    writeFileSync(join(memoryDir, 'other.md'), note('Other', 'x', 'The ibexmarker is here.'));
    await waitFor(async () => expect(await search(t!, 'ibexmarker')).toHaveLength(1));
    expect(await search(t!, 'narwhalplan')).toHaveLength(0);
    expect(other).not.toBe(memoryDir);
  });
});
