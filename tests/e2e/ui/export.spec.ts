/**
 * Settings › Export in a browser: the export is a download named memtray-<date>.<ext>, an archive
 * the user picks is uploaded and imported, and what projects with capture off would leave out is
 * said before exporting and included when the user asks.
 */
import { readFileSync } from 'node:fs';
import type { Download, Page } from '@playwright/test';
import { expect, openTab, test } from './fixtures';
import { seedCorpus } from './serve';

type Projects = { items: Array<{ name: string; sessionCount: number; observationCount: number }> };
type Record = { k: string; project?: string; uid?: string };

async function exportDownload(page: Page): Promise<{ download: Download; records: Record[] }> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export', exact: true }).click(),
  ]);
  const path = await download.path();
  const lines = readFileSync(path, 'utf8').trim().split('\n');
  expect(JSON.parse(lines[0]!)).toMatchObject({ format: 'memtray-archive' });
  return { download, records: lines.slice(1).map((l) => JSON.parse(l) as Record) };
}

const sessionProjects = (records: Record[]): Set<string> =>
  new Set(records.filter((r) => r.k === 'session').map((r) => r.project!));

test('export downloads the archive, says what capture-off projects leave out, and upload imports it', async ({
  page,
  ownServe,
}) => {
  const a = await ownServe();
  const b = await ownServe();
  await seedCorpus(a);
  // A second project of its own: a bare clone's corpus may hold one project only.
  const extra = {
    session_id: 'e2e-export-extra',
    transcript_path: '/tmp/none.jsonl',
    cwd: '/work/e2e-export-extra',
  };
  await a.api('POST', '/api/hooks/UserPromptSubmit', {
    ...extra,
    hook_event_name: 'UserPromptSubmit',
    prompt: 'Tidy the exporter',
  });
  await a.api('POST', '/api/hooks/PostToolUse', {
    ...extra,
    hook_event_name: 'PostToolUse',
    tool_name: 'Bash',
    tool_use_id: 'toolu_e2e_export_extra',
    tool_input: { command: 'ls' },
    tool_response: { stdout: 'README.md', stderr: '', interrupted: false },
  });
  const listed = async () =>
    ((await a.api('GET', '/api/projects')).json as Projects).items.filter(
      (p) => p.sessionCount > 0 && p.observationCount > 0,
    );
  await expect.poll(async () => (await listed()).some((p) => p.name === 'e2e-export-extra')).toBe(true);
  const projects = await listed();
  expect(projects.length).toBeGreaterThan(1);
  const off = projects.reduce((x, y) => (y.sessionCount < x.sessionCount ? y : x));
  expect(
    (await a.api('PUT', `/api/projects/${encodeURIComponent(off.name)}`, { capture: false })).status,
  ).toBe(200);

  await page.goto(a.uiUrl);
  await openTab(page, 'Export');
  const leftOut = page.getByLabel('Left out of the export');
  await expect(leftOut).toContainText(
    `${off.sessionCount} sessions and ${off.observationCount} memories of projects whose capture is off now (${off.name})`,
  );

  const plain = await exportDownload(page);
  expect(plain.download.suggestedFilename()).toMatch(/^memtray-\d{4}-\d{2}-\d{2}\.jsonl$/);
  const kept = sessionProjects(plain.records);
  expect(kept.has(off.name)).toBe(false);
  expect(kept.size).toBeGreaterThan(0);
  await expect(page.getByText(/^Saved memtray-\d{4}-\d{2}-\d{2}\.jsonl \(\d+ sessions/)).toBeVisible();

  await leftOut.getByRole('checkbox', { name: /Include them/ }).check();
  const all = await exportDownload(page);
  expect(sessionProjects(all.records)).toEqual(new Set([...kept, off.name]));
  const offSessions = all.records.filter((r) => r.k === 'session' && r.project === off.name);
  expect(offSessions.length).toBe(off.sessionCount);

  // The downloaded archive, uploaded into another service through its page.
  await page.goto(b.uiUrl);
  await openTab(page, 'Export');
  await page.getByLabel('Archive to import').setInputFiles(await all.download.path());
  const result = page.getByLabel('Archive import');
  await expect(result).toContainText('done', { timeout: 30_000 });
  const sessions = all.records.filter((r) => r.k === 'session').length;
  await expect(result).toContainText(`Added ${sessions} sessions`);
  const imported = ((await b.api('GET', '/api/projects')).json as Projects).items;
  expect(imported.find((p) => p.name === off.name)?.sessionCount).toBe(off.sessionCount);
});

test('an upload that is not an archive says so', async ({ app }) => {
  await openTab(app, 'Export');
  await app.getByLabel('Archive to import').setInputFiles({
    name: 'notes.jsonl',
    mimeType: 'application/x-ndjson',
    buffer: Buffer.from('hello\n'),
  });
  await expect(app.getByLabel('Archive import')).toContainText(/failed[\s\S]*not a MemTray archive/);
});

test('an archive within the bound is taken whatever it grows to as sent; one past it is refused with the command that imports it', async ({
  page,
  ownServe,
}) => {
  const s = await ownServe();
  await page.goto(s.uiUrl);
  await openTab(page, 'Export');
  // 5 MiB of quotes: past the service's 8 MiB body limit once escaped as JSON, within the bound.
  await page.getByLabel('Archive to import').setInputFiles({
    name: 'quotes.jsonl',
    mimeType: 'application/x-ndjson',
    buffer: Buffer.from('"'.repeat(5 * 1024 * 1024)),
  });
  await expect(page.getByLabel('Archive import')).toContainText(/failed[\s\S]*not a MemTray archive/, {
    timeout: 30_000,
  });
  // Past the bound: refused before anything is sent.
  await page.getByLabel('Archive to import').setInputFiles({
    name: 'big.jsonl',
    mimeType: 'application/x-ndjson',
    buffer: Buffer.from('x'.repeat(9 * 1024 * 1024)),
  });
  await expect(
    page.getByText(/big\.jsonl is too large to upload here.*memtray import --archive/),
  ).toBeVisible();
  expect((await s.api('GET', '/api/data/imports/2')).status).toBe(404);
});
