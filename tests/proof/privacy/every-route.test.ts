/**
 * What the user excludes reaches no file, whatever the route it came by. Tool calls on an excluded
 * path (`excludedPaths`) and of never-captured tools (`skipTools`, a decision tool among them) are
 * sent through every capture route: the HTTP hook route, the command hook program with real
 * stdin (service up), the same program while the service is down (the spool), and a transcript
 * import. Then every file of the data dir (database, WAL, log, spool, state), of the sync folder and
 * of both exports is scanned for their unique markers: none may be there, while an allowed prompt
 * of every route is (the test is live).
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileLogger } from '../../../electron/core/util/logger.js';
import { DEFAULT_SKIP_TOOLS } from '../../../electron/shared/contract/tools.js';
import { startTestService, tempDir, type TestService } from '../../helpers/service.js';

const CWD = '/w/every';
const ROUTES = ['http', 'hook', 'spool', 'transcript'] as const;
type RouteName = (typeof ROUTES)[number];
type Json = Record<string, unknown>;

/** What must never reach a file, for one route: file contents, new text, questions, file names. */
const forbidden = (r: RouteName): string[] => [
  `QZXREAD${r}`,
  `QZXEDIT${r}`,
  `QZXORIG${r}`,
  `QZNASK${r}`,
  `QZNTOOL${r}`,
  `prod-${r}.env`,
  `notes-${r}.md`,
];
const allowed = (r: RouteName): string => `QZOK${r}`;

/** The tool calls of one route: [tool name, input, response]. */
function calls(r: RouteName): Array<[string, Json, Json]> {
  return [
    [
      'Read',
      { file_path: `${CWD}/config/secrets/prod-${r}.env` },
      { type: 'text', file: { filePath: `${CWD}/config/secrets/prod-${r}.env`, content: `QZXREAD${r}` } },
    ],
    [
      'Edit',
      { file_path: `${CWD}/secrets/notes-${r}.md`, old_string: 'x', new_string: `QZXEDIT${r}` },
      { filePath: `${CWD}/secrets/notes-${r}.md`, originalFile: `QZXORIG${r}` },
    ],
    [
      'AskUserQuestion',
      { questions: [{ question: `QZNASK${r}?`, header: 'Q', options: [{ label: 'Yes' }] }] },
      { answers: { [`QZNASK${r}?`]: 'Yes' } },
    ],
    ['NeverTool', { note: `QZNTOOL${r}` }, { ok: `QZNTOOL${r}` }],
  ];
}

/** The route's events as hook payloads: an allowed prompt, then each call's Pre and Post. */
function hookEvents(r: RouteName): Array<[string, Json]> {
  const base = { session_id: `every-${r}`, cwd: CWD };
  const out: Array<[string, Json]> = [['UserPromptSubmit', { ...base, prompt: `${allowed(r)} go on` }]];
  calls(r).forEach(([tool_name, tool_input, tool_response], i) => {
    const call = { ...base, tool_name, tool_input, tool_use_id: `toolu_${r}_${i}` };
    out.push(['PreToolUse', call], ['PostToolUse', { ...call, tool_response }]);
  });
  return out;
}

function runHook(dataDir: string, event: string, payload: Json): Promise<number | null> {
  return new Promise((resolve) => {
    const h = spawn(
      process.execPath,
      [join(process.cwd(), 'dist', 'memtray-hook.cjs'), event, '--data-dir', dataDir],
      { stdio: ['pipe', 'ignore', 'ignore'] },
    );
    h.on('close', (c) => resolve(c));
    h.stdin.end(JSON.stringify({ ...payload, hook_event_name: event }));
  });
}

function transcript(file: string): void {
  const sid = 'every-transcript';
  const base = { isSidechain: false, userType: 'external', cwd: CWD, sessionId: sid, version: '2.1.39' };
  const at = (s: number): string => `2026-01-02T10:00:${String(s).padStart(2, '0')}.000Z`;
  const lines: Json[] = [
    {
      ...base,
      type: 'user',
      uuid: 'u-0',
      parentUuid: null,
      timestamp: at(0),
      message: { role: 'user', content: `${allowed('transcript')} go on` },
    },
  ];
  calls('transcript').forEach(([name, input, response], i) => {
    const id = `toolu_tr_${i}`;
    lines.push(
      {
        ...base,
        type: 'assistant',
        uuid: `a-${i}`,
        parentUuid: 'u-0',
        timestamp: at(2 * i + 1),
        message: {
          role: 'assistant',
          model: 'claude-opus-4-6',
          id: `msg_${i}`,
          type: 'message',
          content: [{ type: 'tool_use', id, name, input }],
        },
      },
      {
        ...base,
        type: 'user',
        uuid: `r-${i}`,
        parentUuid: `a-${i}`,
        timestamp: at(2 * i + 2),
        message: {
          role: 'user',
          content: [{ type: 'tool_result', tool_use_id: id, content: JSON.stringify(response) }],
        },
        toolUseResult: response,
      },
    );
  });
  writeFileSync(file, lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
}

/** Every file under `dir`, recursively. */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? filesUnder(p) : [p];
  });
}

async function until(what: string, ok: () => Promise<boolean>, ms = 60_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('privacy: excluded paths and never-captured tools reach no file, by any route', () => {
  const dataDir = tempDir('memtray-every-');
  const syncDir = tempDir('memtray-every-sync-');
  const outDir = tempDir('memtray-every-out-');
  let t: TestService | undefined;
  /** File → its bytes (latin1), every file written. */
  const files = new Map<string, string>();

  const start = async (): Promise<TestService> =>
    startTestService({ dataDir, writeServerJson: true, logger: fileLogger(join(dataDir, 'memtray.log')) });

  beforeAll(async () => {
    // 1. The settings (the service writes hook-config.json for the hook program), then the service stops.
    t = await start();
    const settings = {
      excludedPaths: ['**/secrets/**'],
      skipTools: [...DEFAULT_SKIP_TOOLS, 'AskUserQuestion', 'NeverTool'],
      sync: { folder: syncDir },
    };
    expect((await t.api('PUT', '/api/settings', settings)).status).toBe(200);
    await t.stop();

    // 2. Service down: the command hook spools.
    for (const [ev, p] of hookEvents('spool')) expect(await runHook(dataDir, ev, p)).toBe(0);
    const spooled = readFileSync(join(dataDir, 'spool.jsonl'), 'utf8');
    expect(spooled).toContain(allowed('spool'));
    files.set('spool.jsonl as the hook wrote it', spooled);

    // 3. Service up (imports the spool): the HTTP route, the command hook, a transcript import.
    t = await start();
    const svc = t;
    for (const [ev, p] of hookEvents('http')) {
      const res = await svc.api('POST', `/api/hooks/${ev}`, p);
      expect(res.status, res.text).toBe(200);
    }
    for (const [ev, p] of hookEvents('hook')) expect(await runHook(dataDir, ev, p)).toBe(0);
    const tr = join(tempDir('memtray-every-tr-'), 'every-transcript.jsonl');
    transcript(tr);
    expect((await svc.api('POST', '/api/capture/import', { paths: [tr] })).status).toBe(202);

    // 4. Settled: spool gone, import done, queue drained; then sync and both exports.
    await until('capture settled', async () => {
      const q = (await svc.api('GET', '/api/queue')).json as { pending: number; leased: number };
      const imports = (await svc.api('GET', '/api/capture/imports')).json as {
        items: Array<{ status: string }>;
      };
      const spool = readdirSync(dataDir).some((f) => f.startsWith('spool.jsonl'));
      return q.pending + q.leased === 0 && !spool && imports.items.every((i) => i.status !== 'running');
    });
    await svc.settled();
    await until('sync written', async () => {
      const s = (await svc.api('POST', '/api/sync/run', {})).json as {
        pending: number;
        lastWriteAt: number | null;
      };
      return s.pending === 0 && s.lastWriteAt !== null;
    });
    for (const format of ['jsonl', 'markdown'] as const) {
      const path = join(outDir, `export.${format}`);
      expect((await svc.api('POST', '/api/data/export', { format, path })).status).toBe(200);
    }
    await svc.stop();
    for (const f of [...filesUnder(dataDir), ...filesUnder(syncDir), ...filesUnder(outDir)])
      files.set(f, readFileSync(f).toString('latin1'));
  }, 120_000);

  afterAll(async () => {
    await t?.stop();
  });

  const holding = (marker: string): string[] =>
    [...files].filter(([, text]) => text.includes(marker)).map(([f]) => f);

  it('scans the data dir, the sync folder and both exports', () => {
    const names = [...files.keys()];
    for (const part of [
      'memtray.db',
      'memtray.log',
      'hook-config.json',
      `${syncDir}/`,
      'export.jsonl',
      'export.markdown',
    ])
      expect(
        names.some((n) => n.includes(part)),
        part,
      ).toBe(true);
  });

  for (const r of ROUTES) {
    it(`${r}: the allowed prompt is stored, synced and exported (live)`, () => {
      const where = holding(allowed(r));
      expect(
        where.some((f) => f.includes('memtray.db')),
        where.join(),
      ).toBe(true);
      expect(where.some((f) => f.startsWith(syncDir))).toBe(true);
      expect(where.some((f) => f.startsWith(outDir))).toBe(true);
    });

    it(`${r}: excluded paths and never-captured tools in no file`, () => {
      const found = forbidden(r).flatMap((m) => holding(m).map((f) => `${m} in ${f}`));
      expect(found).toEqual([]);
    });
  }
});
