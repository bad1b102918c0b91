/**
 * Hardening proof: text is well-formed
 * UTF-8 on every ingest path, a malformed percent-encoding is a 400 without an ERROR line, one size
 * limit holds for every path (live, spool, transcript), and the transcript reader accepts only
 * regular files, bounds file size and line length, and reports what it refused.
 */
import { isUtf8 } from 'node:buffer';
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createImportRun, runImport } from '../../electron/core/capture/importer.js';
import { importSpool } from '../../electron/core/capture/spool.js';
import { readTranscript } from '../../electron/core/capture/transcript.js';
import { MAX_EVENT_BYTES } from '../../electron/core/ingest/limits.js';
import type { Logger } from '../../electron/core/util/logger.js';
import {
  rawRequest,
  startTestService,
  tempDir,
  type HttpResult,
  type TestService,
} from '../helpers/service.js';

const LONE = '\ud800';

interface Captured extends Logger {
  lines: string[];
}
function capturingLogger(): Captured {
  const lines: string[] = [];
  const at = (level: string) => (msg: string, f?: Record<string, unknown>) =>
    void lines.push(`${level} ${msg} ${JSON.stringify(f ?? {})}`);
  return { lines, info: at('INFO'), warn: at('WARN'), error: at('ERROR') };
}

/** Every text column of every row, as the bytes SQLite holds. */
function textBytes(t: TestService, table: string): Buffer[] {
  const rows = t.service.core.sqlite.prepare(`select * from ${table}`).raw().all() as unknown[][];
  const out: Buffer[] = [];
  for (const r of rows) {
    for (const v of r) {
      if (typeof v !== 'string') continue;
      const hex = t.service.core.sqlite.prepare('select hex(cast(? as blob)) h').get(v) as { h: string };
      out.push(Buffer.from(hex.h, 'hex'));
    }
  }
  return out;
}

function hasLoneSurrogate(s: string): boolean {
  return /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(s);
}

/** Stored text is valid UTF-8 and stored JSON decodes to well-formed strings only. */
function expectWellFormed(t: TestService): void {
  for (const table of ['events', 'user_prompts', 'observations', 'sessions']) {
    for (const b of textBytes(t, table)) expect(isUtf8(b)).toBe(true);
  }
  const payloads = t.service.core.sqlite.prepare('select payload from events').pluck().all() as string[];
  for (const p of payloads) {
    const walk = (v: unknown): void => {
      if (typeof v === 'string') expect(hasLoneSurrogate(v)).toBe(false);
      else if (v && typeof v === 'object')
        for (const [k, x] of Object.entries(v)) {
          expect(hasLoneSurrogate(k)).toBe(false);
          walk(x);
        }
    };
    walk(JSON.parse(p));
  }
  const prompts = t.service.core.sqlite.prepare('select prompt from user_prompts').pluck().all() as string[];
  for (const p of prompts) expect(hasLoneSurrogate(p)).toBe(false);
}

function writeSpool(dataDir: string, lines: unknown[]): void {
  writeFileSync(join(dataDir, 'spool.jsonl'), lines.map((l) => `${JSON.stringify(l)}\n`).join(''));
}

function transcriptLines(sid: string, prompt: string, toolOut: string): string {
  const base = { sessionId: sid, cwd: '/tmp/hard', timestamp: '2026-01-01T00:00:00.000Z' };
  return [
    { ...base, type: 'user', uuid: `${sid}-u1`, message: { role: 'user', content: prompt } },
    {
      ...base,
      type: 'assistant',
      uuid: `${sid}-a1`,
      message: {
        role: 'assistant',
        content: [{ type: 'tool_use', id: `${sid}-t1`, name: 'Bash', input: { command: 'ls' } }],
      },
    },
    {
      ...base,
      type: 'user',
      uuid: `${sid}-u2`,
      message: {
        role: 'user',
        content: [{ type: 'tool_result', tool_use_id: `${sid}-t1`, content: toolOut }],
      },
    },
  ]
    .map((l) => JSON.stringify(l))
    .join('\n');
}

describe('hardening: input', () => {
  let t: TestService | undefined;
  afterEach(async () => {
    await t?.dispose();
    t = undefined;
  });

  it('14: a lone surrogate is stored as U+FFFD on the hook endpoint, the spool and a transcript', async () => {
    t = await startTestService();
    // Live: the escape is valid JSON text; the string it denotes is not well-formed UTF-16.
    const body = `{"session_id":"lone-http","cwd":"/tmp/hard","prompt":"a\\ud800b","x\\udc00":"k"}`;
    const r = await rawRequest(t.port, {
      method: 'POST',
      path: '/api/hooks/UserPromptSubmit',
      headers: { authorization: `Bearer ${t.token}`, 'content-type': 'application/json' },
      body,
    });
    expect(r.status).toBe(200);
    writeSpool(t.dataDir, [
      {
        v: 1,
        id: 'spool-lone-0001',
        event: 'UserPromptSubmit',
        at: Date.now(),
        payload: { session_id: 'lone-spool', cwd: '/tmp/hard', prompt: `c${LONE}d` },
      },
    ]);
    expect((await importSpool(t.service.core, 0)).imported).toBe(1);
    const dir = tempDir('memtray-tr-');
    writeFileSync(join(dir, 'lone-tr.jsonl'), transcriptLines('lone-tr', `e${LONE}f`, `out${LONE}`));
    const run = await runImport(t.service.core, createImportRun(t.service.core, dir), { paths: [dir] });
    expect(run.status).toBe('done');
    await t.settled();
    const prompts = t.service.core.sqlite
      .prepare('select prompt from user_prompts order by id')
      .pluck()
      .all() as string[];
    expect(prompts).toEqual(['a\ufffdb', 'c\ufffdd', 'e\ufffdf']);
    expectWellFormed(t);
  });

  it('15: GET /%E0%A4%A and /% answer 400 without an ERROR log line', async () => {
    const ui = tempDir('memtray-ui-');
    writeFileSync(join(ui, 'index.html'), '<!doctype html><title>x</title>');
    const logger = capturingLogger();
    t = await startTestService({ uiDir: ui, logger });
    for (const path of ['/%E0%A4%A', '/%', '/assets/%zz.js']) {
      const r = await rawRequest(t.port, { path });
      expect(r.status, path).toBe(400);
    }
    expect((await rawRequest(t.port, { path: '/' })).status).toBe(200);
    expect(logger.lines.filter((l) => l.startsWith('ERROR'))).toEqual([]);
  });

  it('16: an event over the size limit is refused live, and skipped and counted in the spool and a transcript', async () => {
    const logger = capturingLogger();
    t = await startTestService({ logger });
    const big = 'Z'.repeat(MAX_EVENT_BYTES + 1024);
    const payload = {
      session_id: 'big-1',
      cwd: '/tmp/hard',
      tool_name: 'Bash',
      tool_input: { command: 'cat' },
    };
    const live = await t.api('POST', '/api/hooks/PostToolUse', { ...payload, tool_response: big });
    expect(live.status).toBe(413);
    writeSpool(t.dataDir, [
      {
        v: 1,
        id: 'spool-big-00001',
        event: 'PostToolUse',
        at: Date.now(),
        payload: { ...payload, tool_response: big },
      },
      {
        v: 1,
        id: 'spool-small-0001',
        event: 'UserPromptSubmit',
        at: Date.now(),
        payload: { session_id: 'big-1', cwd: '/tmp/hard', prompt: 'small one' },
      },
    ]);
    const spool = await importSpool(t.service.core, 0);
    expect(spool).toMatchObject({ imported: 1, tooLarge: 1 });
    const dir = tempDir('memtray-tr-');
    writeFileSync(join(dir, 'big-tr.jsonl'), transcriptLines('big-tr', 'a prompt', big));
    const run = await runImport(t.service.core, createImportRun(t.service.core, dir), { paths: [dir] });
    expect(run.status).toBe('done');
    expect(run.skippedLines).toBeGreaterThanOrEqual(1);
    await t.settled();
    const sizes = t.service.core.sqlite
      .prepare('select max(length(payload)) from events')
      .pluck()
      .get() as number;
    expect(sizes).toBeLessThan(MAX_EVENT_BYTES);
    // No tool call was recorded (the turn's own episode row, tool_name memtray:episode, is not one).
    const obs = t.service.core.sqlite
      .prepare("select count(*) from observations where tool_name not like 'memtray:%'")
      .pluck()
      .get() as number;
    expect(obs).toBe(0);
    // The prompt of the transcript is kept: only the oversized line is skipped.
    const prompts = t.service.core.sqlite
      .prepare('select prompt from user_prompts')
      .pluck()
      .all() as string[];
    expect(prompts.sort()).toEqual(['a prompt', 'small one']);
    // Logged, without the content.
    expect(logger.lines.join('\n')).not.toContain('ZZZZZZZZ');
  });
});

describe('hardening: an oversize body gets an answer it can read', () => {
  let t: TestService | undefined;
  afterEach(async () => {
    await t?.dispose();
    t = undefined;
  });

  /**
   * A client that sends the whole request before it reads anything (as blocking clients do): the
   * socket is paused until the last byte is written, then the answer is read.
   */
  function post(port: number, token: string, bytes: number, declared: boolean): Promise<HttpResult> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1');
      socket.pause();
      const head = [
        'POST /api/hooks/PostToolUse HTTP/1.1',
        `host: 127.0.0.1:${port}`,
        `authorization: Bearer ${token}`,
        'content-type: application/json',
        declared ? `content-length: ${bytes}` : 'transfer-encoding: chunked',
      ];
      socket.write(`${head.join('\r\n')}\r\n\r\n`);
      const chunk = Buffer.alloc(64 * 1024, 'a');
      for (let left = bytes; left > 0; left -= chunk.length) {
        const part = chunk.subarray(0, Math.min(left, chunk.length));
        socket.write(
          declared
            ? part
            : Buffer.concat([Buffer.from(`${part.length.toString(16)}\r\n`), part, Buffer.from('\r\n')]),
        );
      }
      socket.write(declared ? '' : '0\r\n\r\n', () => socket.resume());
      let got = '';
      socket.on('error', reject);
      socket.on('data', (c: Buffer) => {
        got += c.toString('latin1');
        const split = got.indexOf('\r\n\r\n');
        const length = Number(/content-length: (\d+)/i.exec(got.slice(0, split))?.[1] ?? NaN);
        const body = got.slice(split + 4);
        if (split < 0 || body.length < length) return;
        socket.destroy();
        const status = Number(/^HTTP\/1\.1 (\d+)/.exec(got)?.[1] ?? 0);
        resolve({ status, headers: {}, text: body, json: JSON.parse(body) as unknown });
      });
    });
  }

  for (const declared of [true, false])
    it(`a 20 MB body (${declared ? 'content-length' : 'chunked'}) to a hook route: 413 with a JSON error, not a reset`, async () => {
      t = await startTestService();
      const r = await post(t.port, t.token, 20 * 1024 * 1024, declared);
      expect(r.status).toBe(413);
      expect(r.json).toEqual({ error: `body exceeds ${MAX_EVENT_BYTES} bytes`, status: 413 });
      // The service still answers.
      expect((await t.api('GET', '/api/health')).status).toBe(200);
    });
});

describe('hardening: the transcript reader', () => {
  it('1: refuses what is not a regular file (device, FIFO, directory) without blocking', async () => {
    const dir = tempDir('memtray-tr-');
    const fifo = join(dir, 'pipe.jsonl');
    execFileSync('mkfifo', [fifo]);
    mkdirSync(join(dir, 'folder.jsonl'));
    for (const p of ['/dev/zero', fifo, join(dir, 'folder.jsonl')]) {
      await expect(readTranscript(p), p).rejects.toThrow(/not a regular file/);
    }
  });

  it('1: skips and counts a line longer than the line limit, keeps the rest', async () => {
    const dir = tempDir('memtray-tr-');
    const file = join(dir, 'long.jsonl');
    const lines = transcriptLines('long-1', 'first', 'ok').split('\n');
    const long = JSON.stringify({
      sessionId: 'long-1',
      type: 'user',
      uuid: 'long-1-big',
      message: { role: 'user', content: 'x'.repeat(3 * 1024 * 1024) },
    });
    writeFileSync(file, [lines[0], long, ...lines.slice(1)].join('\n'));
    const r = await readTranscript(file, { maxLineBytes: 1024 * 1024 });
    expect(r.skippedLines).toBe(1);
    expect(r.items.map((i) => i.kind)).toEqual(['prompt', 'tool']);
  });

  it('1: refuses a file over the size limit', async () => {
    const dir = tempDir('memtray-tr-');
    const file = join(dir, 'huge.jsonl');
    writeFileSync(file, transcriptLines('huge-1', 'p', 'o'.repeat(4096)));
    await expect(readTranscript(file, { maxFileBytes: 1024 })).rejects.toThrow(/larger than/);
  });
});
