import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  archiveHeader,
  importProgress,
  syncRecord,
  type ImportProgress,
  type SyncRecord,
} from '../../electron/shared/contract/sync.js';
import { startTestService, tempDir, type TestService } from '../helpers/service.js';
import { dump, importFrom, seedSession, waitFor } from './helpers.js';

const services: TestService[] = [];
afterEach(async () => {
  for (const s of services.splice(0)) await s.dispose();
});
async function service(): Promise<TestService> {
  const t = await startTestService();
  services.push(t);
  return t;
}

async function exportTo(t: TestService, path: string, body: Record<string, unknown> = {}) {
  const r = await t.api('POST', '/api/data/export', { path, ...body });
  expect(r.status, r.text).toBe(200);
  return readFileSync(path, 'utf8');
}

const records = (text: string): SyncRecord[] =>
  text
    .trim()
    .split('\n')
    .slice(1)
    .map((l) => syncRecord.parse(JSON.parse(l)));

describe('export and import', () => {
  it('round-trips losslessly, exactly once, with provenance, and leaves private projects behind', async () => {
    const a = await service();
    await seedSession(a, 'sa1', '/w/alpha', 5);
    await seedSession(a, 'sa2', '/w/alpha', 3);
    await seedSession(a, 'sb1', '/w/secret-proj', 2);
    await seedSession(a, 'sc1', '/w/excluded/thing', 2);
    expect((await a.api('PUT', '/api/projects/secret-proj', { capture: false })).status).toBe(200);
    expect((await a.api('PUT', '/api/settings', { excludedPaths: ['/w/excluded'] })).status).toBe(200);
    const adb = a.service.core.sqlite;
    const n = (sql: string): number => (adb.prepare(sql).get() as { n: number }).n;
    const alpha = "(SELECT id FROM sessions WHERE project = 'alpha')";
    const expected = {
      sessions: 2,
      prompts: 2,
      observations: n(`SELECT count(*) AS n FROM observations WHERE session_id IN ${alpha}`),
      summaries: n(`SELECT count(*) AS n FROM session_summaries WHERE session_id IN ${alpha}`),
      tombstones: 0,
    };
    expect(expected.observations).toBeGreaterThanOrEqual(8);
    expect(expected.summaries).toBe(2);

    const dir = tempDir();
    const text = await exportTo(a, join(dir, 'a.jsonl'));
    const header = archiveHeader.parse(JSON.parse(text.split('\n')[0]!));
    const recs = records(text);
    expect(header.counts).toEqual(expected);
    expect(header.note).toMatch(/redacted/);
    expect(recs.filter((r) => r.k === 'session').map((r) => r.k === 'session' && r.uid)).toEqual([
      'sa1',
      'sa2',
    ]);
    expect(text).not.toContain('secret-proj');
    expect(text).not.toContain('/w/excluded');
    expect(text).not.toContain('hunter2');

    const b = await service();
    const p = await importFrom(b, join(dir, 'a.jsonl'));
    expect(p.status).toBe('done');
    expect(p.report.added).toEqual(header.counts);
    // Provenance: the sessions name the machine they came from.
    const origins = b.service.core.sqlite.prepare('SELECT DISTINCT origin FROM sessions').all();
    expect(origins).toEqual([{ origin: header.machine }]);
    // Lossless: what B holds is what A exported, row for row.
    const onlyAlpha = (d: ReturnType<typeof dump>) => ({
      sessions: d.sessions.filter((s) => s.includes('"sa')),
      prompts: d.prompts.filter((s) => s.includes('"sa')),
      observations: d.observations.filter((s) => s.includes('"sa')),
      summaries: d.summaries.filter((s) => s.includes('"sa')),
    });
    expect(dump(b.service.core.sqlite)).toEqual(onlyAlpha(dump(a.service.core.sqlite)));
    // B's export holds the same records as A's.
    const again = records(await exportTo(b, join(dir, 'b.jsonl')));
    expect(again).toEqual(recs);

    // Exactly once: importing again adds nothing.
    const twice = await importFrom(b, join(dir, 'a.jsonl'));
    expect(twice.report.added).toEqual({
      sessions: 0,
      prompts: 0,
      observations: 0,
      summaries: 0,
      tombstones: 0,
    });
    expect(twice.report.skipped).toBe(recs.length);
    expect(dump(b.service.core.sqlite)).toEqual(onlyAlpha(dump(a.service.core.sqlite)));
  });

  it('never overwrites a newer local edit, and takes a newer copy', async () => {
    const a = await service();
    await seedSession(a, 's1', '/w/alpha', 2);
    const dir = tempDir();
    await exportTo(a, join(dir, 'one.jsonl'));
    const b = await service();
    await importFrom(b, join(dir, 'one.jsonl'));
    const db = b.service.core.sqlite;
    const first = db.prepare("SELECT id FROM observations WHERE tool_use_id = 's1-tu0'").get() as {
      id: number;
    };
    db.prepare(
      "UPDATE observations SET title = 'edited here', updated_at = updated_at + 1000 WHERE id = ?",
    ).run(first.id);
    // A edits the other observation later than B's copy.
    a.service.core.sqlite
      .prepare(
        "UPDATE observations SET title = 'edited on A', updated_at = updated_at + 500 WHERE tool_use_id = 's1-tu1'",
      )
      .run();
    const p = await importFrom(b, join(dir, 'one.jsonl'));
    expect(p.report.updated).toBe(0);
    await exportTo(a, join(dir, 'two.jsonl'));
    const q = await importFrom(b, join(dir, 'two.jsonl'));
    expect(q.report.updated).toBe(1);
    const titles = db
      .prepare(
        "SELECT tool_use_id, title FROM observations WHERE tool_name != 'memtray:episode' ORDER BY tool_use_id",
      )
      .all();
    expect(titles).toEqual([
      { tool_use_id: 's1-tu0', title: 'edited here' },
      { tool_use_id: 's1-tu1', title: 'edited on A' },
    ]);
  });

  it('refuses a file that is not an archive, and writes markdown for reading', async () => {
    const a = await service();
    await seedSession(a, 's1', '/w/alpha', 2);
    const dir = tempDir();
    const md = await exportTo(a, join(dir, 'a.md'), { format: 'markdown' });
    expect(md).toMatch(/^# MemTray memory export/);
    expect(md).toContain('## alpha');
    expect(md).toContain('work on s1');
    const p = await importFrom(a, join(dir, 'a.md'));
    expect(p.status).toBe('failed');
    expect(p.error).toMatch(/not a MemTray archive/);
    expect((await a.api('POST', '/api/data/import', { path: 'relative.jsonl' })).status).toBe(400);
    expect((await a.api('POST', '/api/data/export', { path: join(dir, 'a.md') })).status).toBe(409);
  });
});

describe('export and import from the UI', () => {
  it('counts what capture-off projects leave out and exports them only when asked', async () => {
    const a = await service();
    await seedSession(a, 'sa1', '/w/alpha', 3);
    await seedSession(a, 'sb1', '/w/quiet', 2);
    await seedSession(a, 'sb2', '/w/quiet', 4);
    await seedSession(a, 'sx1', '/w/skip/quiet', 2);
    expect((await a.api('PUT', '/api/projects/quiet', { capture: false })).status).toBe(200);
    expect((await a.api('PUT', '/api/settings', { excludedPaths: ['/w/skip'] })).status).toBe(200);
    const db = a.service.core.sqlite;
    const quietMemories = (
      db
        .prepare(
          "SELECT count(*) AS n FROM observations WHERE session_id IN (SELECT id FROM sessions WHERE claude_session_id IN ('sb1', 'sb2'))",
        )
        .get() as { n: number }
    ).n;
    expect(quietMemories).toBeGreaterThan(0);

    const left = await a.api('GET', '/api/data/export/left-out');
    expect(left.status, left.text).toBe(200);
    expect(left.json).toEqual({ sessions: 2, observations: quietMemories, projects: ['quiet'] });

    const uids = (text: string) => records(text).flatMap((r) => (r.k === 'session' ? [r.uid] : []));
    const without = await a.api('POST', '/api/data/export/download', {});
    expect(without.status, without.text).toBe(200);
    const w = without.json as { fileName: string; text: string };
    expect(w.fileName).toMatch(/^memtray-\d{4}-\d{2}-\d{2}\.jsonl$/);
    expect(uids(w.text)).toEqual(['sa1']);
    const header = (text: string) => JSON.parse(text.slice(0, text.indexOf('\n'))) as { filters: unknown };
    expect(header(w.text).filters).toMatchObject({ includeCaptureOff: false });

    const withOff = await a.api('POST', '/api/data/export/download', { includeCaptureOff: true });
    const all = (withOff.json as { text: string }).text;
    // The archive says what it let in.
    expect(header(all).filters).toMatchObject({ includeCaptureOff: true });
    // The excluded path stays out even when capture-off projects are included.
    expect(uids(all)).toEqual(['sa1', 'sb1', 'sb2']);
    expect(all).not.toContain('/w/skip');
    const md = await a.api('POST', '/api/data/export/download', {
      format: 'markdown',
      includeCaptureOff: true,
    });
    expect((md.json as { fileName: string }).fileName).toMatch(/\.md$/);
    expect((md.json as { text: string }).text).toContain('## quiet');

    // The same choice on a file export.
    const dir = tempDir();
    expect(uids(await exportTo(a, join(dir, 'off.jsonl'), { includeCaptureOff: true }))).toEqual([
      'sa1',
      'sb1',
      'sb2',
    ]);
  });

  it('imports an uploaded archive, and refuses a bad or oversized one', async () => {
    const a = await service();
    await seedSession(a, 'sa1', '/w/alpha', 3);
    const text = ((await a.api('POST', '/api/data/export/download', {})).json as { text: string }).text;
    const b = await service();
    const r = await b.api('POST', '/api/data/import/upload', { archive: text });
    expect(r.status, r.text).toBe(202);
    const { id } = r.json as { id: number };
    let p: ImportProgress | null = null;
    await waitFor('the upload import', async () => {
      p = importProgress.parse((await b.api('GET', `/api/data/imports/${id}`)).json);
      return p.status !== 'running';
    });
    expect(p!.status).toBe('done');
    expect(p!.report.added.sessions).toBe(1);
    expect(p!.linesDone).toBe(text.trim().split('\n').length);
    const sessions = b.service.core.sqlite.prepare('SELECT claude_session_id AS uid FROM sessions').all();
    expect(sessions).toEqual([{ uid: 'sa1' }]);

    expect((await b.api('POST', '/api/data/import/upload', { archive: '' })).status).toBe(400);
    expect((await b.api('POST', '/api/data/import/upload', { path: '/etc/passwd' })).status).toBe(400);
    const big = await b.api('POST', '/api/data/import/upload', { archive: 'x'.repeat(9 * 1024 * 1024) });
    expect(big.status).toBe(400);
    expect(big.text).toMatch(/archive/);
    // An archive within the bound whose JSON string (every quote escaped) is past the 8 MiB body limit.
    const quoted = await b.api('POST', '/api/data/import/upload', { archive: '{"k":"v"}\n'.repeat(750_000) });
    expect(quoted.status, quoted.text.slice(0, 200)).toBe(202);

    const junk = await b.api('POST', '/api/data/import/upload', { archive: 'not an archive\n' });
    const jid = (junk.json as { id: number }).id;
    await waitFor('the junk import', async () => {
      p = importProgress.parse((await b.api('GET', `/api/data/imports/${jid}`)).json);
      return p.status !== 'running';
    });
    expect(p!.status).toBe('failed');
    expect(p!.error).toMatch(/not a MemTray archive/);
  });
});
