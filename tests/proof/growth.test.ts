/**
 * Bounded growth: retention drops raw tool responses older than N days but keeps the structured
 * memories; log rotation caps the log; checkpoint/VACUUM give the space back; and a simulated week
 * of heavy use (real corpus payloads) stays within a stated size.
 */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../electron/core/maintenance/retention.js';
import { fileLogger } from '../../electron/core/util/logger.js';
import { loadHookTimeline } from '../helpers/corpus.js';
import { prng, pick } from '../helpers/proof.js';
import { startTestService, tempDir, type TestService } from '../helpers/service.js';

/** The stated bound: a week of heavy use with `retention.rawDays = 2` (docs/explanation/performance.md). */
export const WEEK_BUDGET_BYTES = 64 * 1024 * 1024;
const WEEK = {
  days: 7,
  sessionsPerDay: Number(process.env.MEMTRAY_GROWTH_SESSIONS ?? 17),
  toolCallsPerSession: 60,
};

const big = (n: number, seed: string): string =>
  `${seed} `.repeat(Math.ceil(n / (seed.length + 1))).slice(0, n);

describe('bounded growth', () => {
  const running: TestService[] = [];
  afterEach(async () => {
    for (const t of running.splice(0)) await t.dispose();
  });

  it('retention drops old raw responses (observations and events), keeps memories, recent rows and pending work', async () => {
    let now = Date.UTC(2026, 0, 1);
    const t = await startTestService({ clock: () => now });
    running.push(t);
    const post = (ev: string, body: Record<string, unknown>) =>
      t.api('POST', `/api/hooks/${ev}`, { cwd: '/w/retain', ...body });
    await post('UserPromptSubmit', { session_id: 'old', prompt: 'refactor the parser' });
    await post('PostToolUse', {
      session_id: 'old',
      tool_name: 'Read',
      tool_use_id: 'o1',
      tool_input: { file_path: '/w/retain/parser.ts' },
      tool_response: { file: { filePath: '/w/retain/parser.ts', content: big(20_000, 'oldcontent') } },
    });
    await post('PostToolUse', {
      session_id: 'old',
      tool_name: 'Bash',
      tool_use_id: 'o2',
      tool_input: { command: 'false' },
      tool_response: { stdout: '', stderr: 'boom', interrupted: false },
    });
    now += 10 * DAY_MS;
    await post('UserPromptSubmit', { session_id: 'new', prompt: 'keep me raw' });
    await post('PostToolUse', {
      session_id: 'new',
      tool_name: 'Read',
      tool_use_id: 'n1',
      tool_input: { file_path: '/w/retain/new.ts' },
      tool_response: { file: { filePath: '/w/retain/new.ts', content: big(20_000, 'newcontent') } },
    });
    const db = t.service.core.sqlite;
    const before = db
      .prepare(
        `SELECT id, tool_use_id AS u, title, status, tool_input AS i, length(tool_response) AS n FROM observations ORDER BY id`,
      )
      .all() as Array<{ id: number; u: string; title: string | null; status: string; i: string; n: number }>;
    expect(
      before.every((o) => o.status !== 'pending'),
      'rule extraction makes them processed',
    ).toBe(true);

    // The default (30 days) keeps these 10-day-old responses: a run changes nothing.
    const keep = (await t.api('POST', '/api/maintenance/run', {})).json as { retention: unknown };
    expect(keep.retention).toMatchObject({ observations: 0, events: 0 });
    expect((await t.api('PUT', '/api/settings', { retention: { rawDays: 7 } })).status).toBe(200);
    const run = (await t.api('POST', '/api/maintenance/run', {})).json as {
      retention: { observations: number; events: number; bytesDropped: number };
      error: string | null;
    };
    expect(run.error).toBeNull();
    expect(run.retention).toMatchObject({ observations: 1, events: 1 });
    expect(run.retention.bytesDropped).toBeGreaterThan(40_000);

    const after = db
      .prepare(
        `SELECT id, tool_use_id AS u, title, status, tool_input AS i, tool_response AS r FROM observations ORDER BY id`,
      )
      .all() as Array<{ id: number; u: string; title: string | null; status: string; i: string; r: string }>;
    const byUse = Object.fromEntries(after.map((o) => [o.u, o]));
    expect(JSON.parse(byUse.o1!.r)).toMatchObject({ memtrayRetention: 'dropped' });
    expect(byUse.o2!.r, 'small responses (errors) are kept').toContain('boom');
    expect(byUse.n1!.r, 'recent responses are kept').toContain('newcontent');
    for (const o of before) expect(byUse[o.u]).toMatchObject({ title: o.title, status: o.status, i: o.i });
    const oldEvent = db
      .prepare(
        `SELECT payload FROM events WHERE event_name = 'PostToolUse' AND json_extract(payload, '$.tool_use_id') = 'o1'`,
      )
      .get() as { payload: string };
    expect(oldEvent.payload).not.toContain('oldcontent');
    expect(JSON.parse(oldEvent.payload)).toMatchObject({ tool_input: { file_path: '/w/retain/parser.ts' } });
    // The memory is still found and the session state still derives.
    const search = (await t.api('GET', '/api/search?q=parser')).json as { items: unknown[] };
    expect(search.items.length).toBeGreaterThan(0);
    const oldSession = (await t.api('GET', '/api/sessions?project=retain')).json as {
      items: Array<{ id: number; claudeSessionId: string }>;
    };
    const sid = oldSession.items.find((s) => s.claudeSessionId === 'old')!.id;
    expect((await t.api('GET', `/api/sessions/${sid}/state`)).status).toBe(200);
    // Idempotent.
    const again = (await t.api('POST', '/api/maintenance/run', {})).json as {
      retention: { observations: number; events: number };
    };
    expect(again.retention).toMatchObject({ observations: 0, events: 0 });
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
  });

  it('by default raw payloads older than 30 days are compacted and memories kept; Health shows size and growth', async () => {
    let now = Date.UTC(2026, 0, 1);
    const t = await startTestService({ clock: () => now });
    running.push(t);
    const read = (id: string, content: string) =>
      t.api('POST', '/api/hooks/PostToolUse', {
        session_id: 'defaults',
        cwd: '/w/defaults',
        tool_name: 'Read',
        tool_use_id: id,
        tool_input: { file_path: `/w/defaults/${id}.ts` },
        tool_response: { file: { filePath: `/w/defaults/${id}.ts`, content } },
      });
    expect((await read('ancient', big(20_000, 'ancientcontent'))).status).toBe(200);
    const first = (await t.api('POST', '/api/maintenance/run', {})).json as { error: string | null };
    expect(first.error).toBeNull();
    now += 31 * DAY_MS;
    for (let i = 0; i < 20; i++) expect((await read(`fresh${i}`, big(20_000, `fresh${i}`))).status).toBe(200);
    expect(t.service.core.settings.get().retention.rawDays, 'the shipped default').toBe(30);
    const run = (await t.api('POST', '/api/maintenance/run', {})).json as {
      retention: { observations: number; events: number } | null;
    };
    expect(run.retention).toMatchObject({ observations: 1, events: 1 });
    await t.settled();
    const db = t.service.core.sqlite;
    const all = (db.prepare(`SELECT group_concat(payload) AS p FROM events`).get() as { p: string }).p;
    expect(all).not.toContain('ancientcontent');
    expect(all, 'recent payloads stay raw').toContain('fresh19');
    const titles = db.prepare(`SELECT title FROM observations WHERE tool_use_id = 'ancient'`).get() as {
      title: string;
    };
    expect(titles.title, 'the memory stays').toBeTruthy();
    const health = (await t.api('GET', '/api/health/storage')).json as {
      sizes: { db: number };
      growth: { bytesPerDay: number | null; eventsPerDay: number | null; days: number } | null;
    };
    expect(health.sizes.db).toBeGreaterThan(0);
    expect(
      health.growth,
      'two samples a month apart: growth over the last week is not known yet',
    ).toMatchObject({
      bytesPerDay: null,
    });
    now += 2 * DAY_MS;
    for (let i = 0; i < 20; i++) expect((await read(`later${i}`, big(20_000, `later${i}`))).status).toBe(200);
    await t.api('POST', '/api/maintenance/run', {});
    const h2 = (await t.api('GET', '/api/health/storage')).json as {
      growth: { bytesPerDay: number; eventsPerDay: number; days: number };
    };
    expect(h2.growth.days).toBe(2);
    expect(h2.growth.eventsPerDay).toBe(10);
    expect(h2.growth.bytesPerDay).toBeGreaterThan(0);
  });

  it('log rotation keeps the log under twice its limit', () => {
    const dir = tempDir();
    const file = join(dir, 'memtray.log');
    const log = fileLogger(file, 64 * 1024);
    for (let i = 0; i < 5000; i++) log.info('a line of some length to fill the log', { i, path: '/x/y/z' });
    const total = statSync(file).size + statSync(`${file}.1`).size;
    expect(total).toBeLessThanOrEqual(2 * 64 * 1024);
    expect(readFileSync(file, 'utf8')).toContain('"i":4999');
  });

  it(`a week of heavy use (${WEEK.sessionsPerDay} sessions × ${WEEK.toolCallsPerSession} tool calls a day) stays within ${WEEK_BUDGET_BYTES / 1048576} MiB with rawDays = 2`, async () => {
    const corpus = loadHookTimeline().filter(
      (e) =>
        e.eventName === 'PostToolUse' || e.eventName === 'PreToolUse' || e.eventName === 'UserPromptSubmit',
    );
    const posts = corpus.filter((e) => e.eventName === 'PostToolUse');
    const prompts = corpus.filter((e) => e.eventName === 'UserPromptSubmit');
    let now = Date.UTC(2026, 0, 5, 8);
    // Sizes do not depend on fsync; NORMAL spares this test ~30,000 fsyncs (one per direct write).
    const t = await startTestService({ clock: () => now, synchronous: 'NORMAL' });
    running.push(t);
    await t.api('PUT', '/api/settings', { retention: { rawDays: 2 } });
    const core = t.service.core;
    const rnd = prng(7);
    const sizes: Array<{ day: number; db: number; wal: number; ms: number; retention: unknown }> = [];
    let calls = 0;
    let kept = 0;
    const skip = new Set(core.settings.get().skipTools);
    for (let day = 0; day < WEEK.days; day++) {
      for (let s = 0; s < WEEK.sessionsPerDay; s++) {
        const sid = `week-${day}-${s}`;
        const cwd = `/w/proj${s % 4}`;
        core.ingest.handleHook('SessionStart', { session_id: sid, cwd, source: 'startup' });
        for (let c = 0; c < WEEK.toolCallsPerSession; c++) {
          if (c % 15 === 0) {
            const p = pick(rnd, prompts).payload;
            core.ingest.handleHook('UserPromptSubmit', { ...p, session_id: sid, cwd });
          }
          const e = pick(rnd, posts).payload;
          const tu = `${sid}-${c}`;
          core.ingest.handleHook('PreToolUse', {
            session_id: sid,
            cwd,
            tool_name: e.tool_name,
            tool_input: e.tool_input,
            tool_use_id: tu,
          });
          core.ingest.handleHook('PostToolUse', { ...e, session_id: sid, cwd, tool_use_id: tu });
          now += 20_000;
          calls++;
          if (!skip.has(String(e.tool_name))) kept++;
        }
        core.ingest.handleHook('Stop', { session_id: sid, cwd });
        core.ingest.handleHook('SessionEnd', { session_id: sid, cwd, reason: 'exit' });
      }
      now = Date.UTC(2026, 0, 5 + day + 1, 3);
      const run = (await t.api('POST', '/api/maintenance/run', {})).json as {
        ms: number;
        retention: unknown;
        sizes: { db: number; wal: number };
      };
      sizes.push({ day, db: run.sizes.db, wal: run.sizes.wal, ms: run.ms, retention: run.retention });
      now = Date.UTC(2026, 0, 5 + day + 1, 8);
    }
    const final = (await t.api('POST', '/api/maintenance/run', { vacuum: true })).json as {
      ms: number;
      sizes: { db: number; wal: number };
    };
    const total = final.sizes.db + final.sizes.wal;
    const tables = core.sqlite
      .prepare(`SELECT name, sum(pgsize) AS bytes FROM dbstat GROUP BY name ORDER BY bytes DESC LIMIT 8`)
      .all() as Array<{ name: string; bytes: number }>;
    const report = {
      toolCalls: calls,
      largest: tables.map((x) => `${x.name} ${(x.bytes / 1048576).toFixed(1)} MiB`),
      perDay: sizes.map((s) => ({ day: s.day, dbMiB: +(s.db / 1048576).toFixed(2), maintenanceMs: s.ms })),
      finalMiB: +(total / 1048576).toFixed(2),
      vacuumMs: final.ms,
    };
    console.log(`growth: ${JSON.stringify(report)}`);
    expect(calls).toBe(WEEK.days * WEEK.sessionsPerDay * WEEK.toolCallsPerSession);
    expect(total).toBeLessThanOrEqual(WEEK_BUDGET_BYTES);
    expect(final.sizes.wal).toBe(0);
    expect(core.sqlite.pragma('integrity_check', { simple: true })).toBe('ok');
    // Nothing structured was lost: every captured tool call is still an observation (the remembered
    // rows built beside them, tool_name memtray:*, are not tool calls).
    const n = (
      core.sqlite
        .prepare(`SELECT count(*) AS n FROM observations WHERE tool_name NOT LIKE 'memtray:%'`)
        .get() as { n: number }
    ).n;
    expect(n).toBe(kept);
  }, 600_000);
});
