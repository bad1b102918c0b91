/**
 * Privacy: 100+ secret formats (text formats and credentials passed as structured JSON fields) and
 * `<private>` blocks (with and without attributes), placed in prompts, tool inputs and responses,
 * an Edit's `originalFile`, a Stop message, a transcript import and hook events spooled while the
 * service was down. None may reach the spool (as the hook writes it, before any import), the
 * database files (bytes of the .db and -wal), the log, or any request the Messages API test server
 * receives.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memorySecretStores } from '../../../electron/core/settings/secrets.js';
import { fileLogger } from '../../../electron/core/util/logger.js';
import { MessagesApiServer } from '../../helpers/messages-api/server.js';
import { startTestService, tempDir, type TestService } from '../../helpers/service.js';
import { FIELD_CASES, PRIVATE_MARKERS, SECRET_CASES, secretBlob } from './secrets.js';

const KEY = 'sk-ant-api03-privacy-test-key-for-the-local-server';
const SID = 'privacy-session';
const CWD = '/w/privacy';
const blob = secretBlob();
/** A secret (in a format the redactor knows) that only the API's error message carries. */
const ECHOED = 'ghp_EchoedBackByTheApi0123456789abcdefXY';
/**
 * Known gaps, each a failing test kept visible (it.fails) with its reason: formats the redactor of
 * electron/core/privacy/ does not recognise yet. Empty: every seeded format is redacted.
 */
const REDACTOR_MISSES: Record<string, string> = {};
// Tags in their plain form and with attributes / other case (`<private reason="…">`).
const priv = (i: number): string =>
  i % 2 === 0
    ? `<private>${PRIVATE_MARKERS[i]}</private>`
    : `<Private reason="case ${i}" scope='all'>${PRIVATE_MARKERS[i]}</PRIVATE>`;
/** Every structured-field case, each under its own (harmless) key. */
const fieldsInput = (): Record<string, unknown> =>
  Object.fromEntries(FIELD_CASES.map((c, i) => [`case_${i}`, structuredClone(c.value)]));
const ALL_SECRETS = [
  ...SECRET_CASES.map((c) => ({ label: c.label, secret: c.secret })),
  ...FIELD_CASES.map((c) => ({ label: c.label, secret: c.secret })),
];

function hook(dataDir: string, event: string, payload: Record<string, unknown>): Promise<number | null> {
  return new Promise((resolve) => {
    const h = spawn(
      process.execPath,
      [join(process.cwd(), 'dist', 'memtray-hook.cjs'), event, '--data-dir', dataDir],
      { stdio: ['pipe', 'ignore', 'ignore'] },
    );
    h.on('close', (c) => resolve(c));
    h.stdin.end(JSON.stringify(payload));
  });
}

function transcript(file: string): void {
  const base = {
    isSidechain: false,
    userType: 'external',
    cwd: CWD,
    sessionId: 'privacy-transcript',
    version: '2.1.39',
  };
  const lines = [
    {
      ...base,
      type: 'user',
      uuid: 'u-1',
      parentUuid: null,
      timestamp: '2026-01-02T10:00:00.000Z',
      message: { role: 'user', content: `deploy with these ${priv(3)}\n${blob}` },
    },
    {
      ...base,
      type: 'assistant',
      uuid: 'a-1',
      parentUuid: 'u-1',
      timestamp: '2026-01-02T10:00:01.000Z',
      message: {
        role: 'assistant',
        model: 'claude-opus-4-6',
        id: 'msg_1',
        type: 'message',
        content: [
          {
            type: 'tool_use',
            id: 'toolu_tr_1',
            name: 'Bash',
            input: { command: `echo "${blob.slice(0, 2000)}" ${priv(4)}`, ...fieldsInput() },
          },
        ],
      },
    },
    {
      ...base,
      type: 'user',
      uuid: 'u-2',
      parentUuid: 'a-1',
      timestamp: '2026-01-02T10:00:02.000Z',
      message: {
        role: 'user',
        content: [{ type: 'tool_result', tool_use_id: 'toolu_tr_1', content: `${blob}\n${priv(4)}` }],
      },
      toolUseResult: { stdout: blob, stderr: '', interrupted: false },
    },
  ];
  writeFileSync(file, lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
}

describe('privacy: secrets and <private> blocks never stored, logged, spooled or sent', () => {
  const api = new MessagesApiServer();
  const dataDir = tempDir('memtray-privacy-');
  let t: TestService;
  let sinks: Record<string, string> = {};
  let spoolAsWritten = '';

  beforeAll(async () => {
    await api.start();
    // 1. Hook events while no service runs: they go to the spool (raw until imported).
    const spooled = [
      hook(dataDir, 'UserPromptSubmit', {
        session_id: SID,
        cwd: CWD,
        hook_event_name: 'UserPromptSubmit',
        prompt: `spooled prompt ${priv(0)} ${blob}`,
      }),
      hook(dataDir, 'PostToolUse', {
        session_id: SID,
        cwd: CWD,
        hook_event_name: 'PostToolUse',
        tool_name: 'Bash',
        tool_use_id: 'toolu_sp_1',
        tool_input: { command: `env ${priv(1)}`, ...fieldsInput() },
        tool_response: { stdout: blob, stderr: '', interrupted: false },
      }),
    ];
    expect(await Promise.all(spooled)).toEqual([0, 0]);
    // The spool as the hook wrote it (no service yet): already redacted and stripped.
    spoolAsWritten = readFileSync(join(dataDir, 'spool.jsonl'), 'utf8');
    expect(spoolAsWritten).toContain('spooled prompt'); // the test is live: both events are there
    expect(spoolAsWritten).toContain('toolu_sp_1');

    // 2. The service starts (imports the spool), with a key and the Messages API test server.
    t = await startTestService({
      dataDir,
      writeServerJson: true,
      secretStore: memorySecretStores({ 'api-key': KEY }),
      logger: fileLogger(join(dataDir, 'memtray.log')),
    });
    expect(
      (await t.api('PUT', '/api/settings', { provider: { baseUrl: api.url, batchSize: 4 } })).status,
    ).toBe(200);
    // An API error that echoes request content back must not carry it into the log or the DB either.
    api.next({
      kind: 'status',
      status: 400,
      body: {
        type: 'error',
        error: { type: 'invalid_request_error', message: `bad input near: token ${ECHOED}` },
      },
    });

    const post = async (ev: string, body: Record<string, unknown>): Promise<void> => {
      const r = await t.api('POST', `/api/hooks/${ev}`, { session_id: SID, cwd: CWD, ...body });
      expect(r.status, r.text).toBe(200);
    };
    await post('UserPromptSubmit', { prompt: `here are my creds ${priv(1)}\n${blob}` });
    await post('PreToolUse', {
      tool_name: 'Bash',
      tool_use_id: 'toolu_b1',
      tool_input: {
        command: `export ${SECRET_CASES.map((s) => s.text.split('\n')[0]).join(' ')}`,
        ...fieldsInput(),
      },
    });
    await post('PostToolUse', {
      tool_name: 'Bash',
      tool_use_id: 'toolu_b1',
      tool_input: { command: `cat .env ${priv(1)}` },
      tool_response: { stdout: blob, stderr: priv(2), interrupted: false, isImage: false },
    });
    await post('PostToolUse', {
      tool_name: 'Write',
      tool_use_id: 'toolu_w1',
      tool_input: { file_path: `${CWD}/.env`, content: blob, ...fieldsInput() },
      tool_response: { type: 'create', filePath: `${CWD}/.env`, content: blob },
    });
    await post('PostToolUse', {
      tool_name: 'Edit',
      tool_use_id: 'toolu_e1',
      tool_input: {
        file_path: `${CWD}/config.ts`,
        old_string: SECRET_CASES[11]!.text,
        new_string: 'process.env.KEY',
      },
      tool_response: {
        filePath: `${CWD}/config.ts`,
        oldString: SECRET_CASES[11]!.text,
        newString: 'process.env.KEY',
        originalFile: `// config ${priv(2)}\n${blob}\n`,
        structuredPatch: [{ lines: [`-${SECRET_CASES[11]!.text}`, '+process.env.KEY'] }],
      },
    });
    await post('PostToolUse', {
      tool_name: 'Read',
      tool_use_id: 'toolu_r1',
      tool_input: { file_path: `${CWD}/.env` },
      tool_response: {
        type: 'text',
        file: { filePath: `${CWD}/.env`, content: blob, numLines: 70, startLine: 1, totalLines: 70 },
      },
    });
    await post('Notification', { message: `waiting ${priv(5)} ${SECRET_CASES[4]!.text}` });
    await post('Stop', { last_assistant_message: `Done. I used ${SECRET_CASES[11]!.text} ${priv(5)}` });

    // 3. A transcript import.
    const tr = join(tempDir('memtray-privacy-tr-'), 'privacy-transcript.jsonl');
    transcript(tr);
    expect((await t.api('POST', '/api/capture/import', { paths: [tr] })).status).toBe(202);

    // 4. Wait: spool imported and gone, import done, queue drained (the failed job retried).
    const end = Date.now() + 60_000;
    for (;;) {
      const q = (await t.api('GET', '/api/queue')).json as {
        pending: number;
        leased: number;
        failed: number;
      };
      const imports = (await t.api('GET', '/api/capture/imports')).json as {
        items: Array<{ status: string }>;
      };
      const spool = readdirSync(dataDir).filter((f) => f.startsWith('spool.jsonl'));
      if (q.failed > 0) await t.api('POST', '/api/queue/retry', {});
      if (
        q.pending + q.leased + q.failed === 0 &&
        spool.length === 0 &&
        imports.items.every((i) => i.status !== 'running')
      )
        break;
      if (Date.now() > end) throw new Error(`not settled: ${JSON.stringify({ q, imports, spool })}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    const db = t.service.core.sqlite;
    const counts = db
      .prepare(
        `SELECT (SELECT count(*) FROM user_prompts) AS prompts, (SELECT count(*) FROM observations) AS obs, (SELECT count(*) FROM events WHERE source = 'spool') AS spooled`,
      )
      .get() as { prompts: number; obs: number; spooled: number };
    expect(counts.spooled, 'the spooled events were imported').toBe(2);
    expect(counts.prompts).toBeGreaterThanOrEqual(3);
    expect(api.requests.length).toBeGreaterThanOrEqual(2);
    if (process.env.MEMTRAY_PRIVACY_DEBUG) {
      const tables = (
        db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table'`).all() as Array<{ name: string }>
      ).map((x) => x.name);
      for (const tb of tables) {
        const dump = JSON.stringify(db.prepare(`SELECT * FROM "${tb}"`).all());
        const hits = [
          ...SECRET_CASES.filter((c) => dump.includes(c.secret)).map((c) => c.label),
          ...PRIVATE_MARKERS.filter((m) => dump.includes(m)),
        ];
        if (hits.length) console.log(`privacy debug: ${tb}: ${hits.join(', ')}`);
      }
    }
    await t.stop();
    const files = readdirSync(dataDir);
    const read = (f: string): string =>
      existsSync(join(dataDir, f)) ? readFileSync(join(dataDir, f)).toString('latin1') : '';
    sinks = {
      'database file': files
        .filter((f) => f.startsWith('memtray.db'))
        .map(read)
        .join('\n'),
      log: files
        .filter((f) => f.startsWith('memtray.log'))
        .map(read)
        .join('\n'),
      spool: files
        .filter((f) => f.startsWith('spool'))
        .map(read)
        .join('\n'),
      'Messages API requests': api.allRequestText(),
      'spool as the hook wrote it': spoolAsWritten,
    };
    expect(sinks['database file']!.length).toBeGreaterThan(100_000);
    expect(sinks['Messages API requests']).toContain('[REDACTED:');
  }, 120_000);

  afterAll(async () => {
    await t?.stop();
    await api.stop();
  });

  it(`covers ${ALL_SECRETS.length} secret formats`, () => {
    expect(ALL_SECRETS.length).toBeGreaterThanOrEqual(100);
    expect(new Set(ALL_SECRETS.map((s) => s.label)).size).toBe(ALL_SECRETS.length);
  });

  it('the spool holds redaction markers, not secrets (the hook redacts before writing)', () => {
    expect(spoolAsWritten).toContain('[REDACTED:');
  });

  for (const s of ALL_SECRETS) {
    const gap = REDACTOR_MISSES[s.label];
    (gap ? it.fails : it)(`${s.label}: in no sink${gap ? ` (known gap: ${gap})` : ''}`, () => {
      const found = Object.entries(sinks)
        .filter(([, text]) => text.includes(s.secret))
        .map(([k]) => k);
      expect(found, `${s.label} found in`).toEqual([]);
    });
  }

  // The worker redacts (and caps) the API's error text before jobs.last_error and the log.
  it('an API error that echoes request content: not in the log or the database', () => {
    const found = Object.entries(sinks)
      .filter(([k, text]) => k !== 'Messages API requests' && text.includes(ECHOED))
      .map(([k]) => k);
    expect(found).toEqual([]);
    expect(sinks.log).toContain('[REDACTED:github-token]');
  });

  it('<private> content: in no sink', () => {
    for (const m of PRIVATE_MARKERS) {
      const found = Object.entries(sinks)
        .filter(([, text]) => text.includes(m))
        .map(([k]) => k);
      expect(found, m).toEqual([]);
    }
  });
});
