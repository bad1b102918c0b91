import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { archiveHeader, importReport } from '../../electron/shared/contract/sync.js';
import { runCli } from '../helpers/cli.js';
import { startTestService, tempDir } from '../helpers/service.js';
import { seedSession } from './helpers.js';

describe('memtray export / import --archive', () => {
  it('exports from one data dir and imports into another exactly once', async () => {
    const t = await startTestService();
    await seedSession(t, 's1', '/w/alpha', 3);
    await seedSession(t, 's2', '/w/beta', 2);
    await t.stop();
    const out = join(tempDir(), 'all.jsonl');
    const exp = await runCli(['export', '--data-dir', t.dataDir, '--out', out]);
    expect(exp.code, exp.stderr).toBe(0);
    expect(exp.stderr).toMatch(/Exported 2 sessions, 2 prompts/);
    const header = archiveHeader.parse(JSON.parse(readFileSync(out, 'utf8').split('\n')[0]!));
    expect(header.counts.sessions).toBe(2);

    expect(exp.stderr).not.toMatch(/Left out/);
    const md = await runCli(['export', '--data-dir', t.dataDir, '--format', 'markdown', '--project', 'beta']);
    expect(md.code, md.stderr).toBe(0);
    expect(md.stdout).toContain('## beta');
    expect(md.stdout).not.toContain('## alpha');

    const other = tempDir();
    const imp = await runCli(['import', '--archive', out, '--data-dir', other, '--json']);
    expect(imp.code, imp.stderr).toBe(0);
    const r = importReport.parse(JSON.parse(imp.stdout));
    expect(r.added).toEqual(header.counts);
    const again = await runCli(['import', '--archive', out, '--data-dir', other]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toMatch(/^Added 0 sessions, 0 prompts, 0 memories, 0 summaries; updated 0/);

    const bad = await runCli(['import', '--archive', join(other, 'machine-id'), '--data-dir', other]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/not a MemTray archive/);
  });

  it('says what projects with capture off leave out, and includes them when asked', async () => {
    const t = await startTestService();
    await seedSession(t, 's1', '/w/alpha', 3);
    await seedSession(t, 's2', '/w/quiet', 2);
    expect((await t.api('PUT', '/api/projects/quiet', { capture: false })).status).toBe(200);
    await t.stop();
    const dir = tempDir();
    const sessions = (path: string) =>
      archiveHeader.parse(JSON.parse(readFileSync(path, 'utf8').split('\n')[0]!)).counts.sessions;

    const without = await runCli(['export', '--data-dir', t.dataDir, '--out', join(dir, 'a.jsonl')]);
    expect(without.code, without.stderr).toBe(0);
    expect(without.stderr).toMatch(
      /Left out 1 sessions and \d+ memories of projects whose capture is off \(quiet\); add --include-capture-off/,
    );
    expect(sessions(join(dir, 'a.jsonl'))).toBe(1);

    const all = await runCli([
      'export',
      '--data-dir',
      t.dataDir,
      '--include-capture-off',
      '--out',
      join(dir, 'b.jsonl'),
    ]);
    expect(all.code, all.stderr).toBe(0);
    expect(all.stderr).not.toMatch(/Left out/);
    expect(sessions(join(dir, 'b.jsonl'))).toBe(2);
  });
});
