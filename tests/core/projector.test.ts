/**
 * The hook endpoint journals (event row, projected = 0) and answers; the projector derives the rows.
 * Real SQLite files; the corpus for the equivalence check; a real service for the read-your-writes
 * and flood behaviour.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../electron/core/core.js';
import { featureCoreOptions } from '../../electron/core/features.js';
import { Projector } from '../../electron/core/ingest/projector.js';
import type { HookPayload } from '../../electron/core/ingest/payloads.js';
import { prepareHook } from '../../electron/core/server/hook-prep.js';
import { silentLogger } from '../../electron/core/util/logger.js';
import { hasSharedCorpus, loadHookTimeline } from '../helpers/corpus.js';
import { MIGRATIONS_DIR, startTestService, tempDir, type TestService } from '../helpers/service.js';

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

function core(dataDir = tempDir(), extra: Partial<Parameters<typeof createCore>[0]> = {}): Core {
  let t = 1_700_000_000_000;
  const c = createCore({
    dataDir,
    migrationsDir: MIGRATIONS_DIR,
    clock: () => (t += 7),
    ...featureCoreOptions(),
    ...extra,
  });
  cleanups.push(() => c.close());
  return c;
}

/** Journals a hook the way the endpoint does: prepared (parsed, cleaned, serialized), then stored. */
function journal(c: Core, event: string, payload: unknown): ReturnType<Core['ingest']['journalHook']> {
  const p = prepareHook(event, JSON.stringify(payload), (v, changed) => c.ingest.clean(v, changed));
  return c.ingest.journalHook(event, p, { source: 'http' });
}

const count = (c: Core, sql: string): number => (c.sqlite.prepare(sql).get() as { n: number }).n;

/** Every derived row, without ids and times (the two paths number and stamp them alike anyway). */
function derived(c: Core): unknown {
  const q = (sql: string): unknown[] => c.sqlite.prepare(sql).all();
  return {
    sessions: q(
      'SELECT claude_session_id, project, cwd, prompt_counter, status, first_prompt FROM sessions ORDER BY id',
    ),
    prompts: q('SELECT session_id, prompt_number, prompt FROM user_prompts ORDER BY id'),
    observations: q(
      `SELECT session_id, prompt_number, tool_name, tool_use_id, tool_input, tool_response, failed, type, title,
        facts, files_read, files_modified, status FROM observations ORDER BY id`,
    ),
    jobs: q('SELECT kind, subject_id, idempotency_key, status FROM jobs ORDER BY id'),
    // Compared as values: a re-serialized payload may order its keys differently.
    events: (
      q('SELECT event_name, claude_session_id, payload, projected FROM events ORDER BY id') as Array<{
        payload: string;
      }>
    ).map((e) => ({ ...e, payload: JSON.parse(e.payload) as unknown })),
  };
}

describe('journal and projector', () => {
  it('journaled corpus events, once projected, give exactly the rows of the one-step path', () => {
    const corpus = loadHookTimeline();
    const direct = core();
    const journaled = core();
    journaled.projector.stop(); // project only when the test says so
    for (const ev of corpus) {
      direct.ingest.handleHook(ev.eventName, structuredClone(ev.payload) as HookPayload, { source: 'http' });
      journal(journaled, ev.eventName, ev.payload);
    }
    expect(count(journaled, 'SELECT count(*) n FROM events WHERE projected = 0')).toBe(corpus.length);
    expect(count(journaled, 'SELECT count(*) n FROM observations')).toBe(0);
    journaled.projector.drain();
    expect(count(journaled, 'SELECT count(*) n FROM events WHERE projected != 1')).toBe(0);
    expect(count(journaled, 'SELECT count(*) n FROM observations')).toBeGreaterThan(
      hasSharedCorpus ? 100 : 40,
    );
    expect(derived(journaled)).toEqual(derived(direct));
  });

  it('events journaled before a crash are projected by the next start', async () => {
    const dir = tempDir();
    const a = core(dir);
    a.projector.stop();
    journal(a, 'UserPromptSubmit', { session_id: 'c1', cwd: '/w/crash', prompt: 'fix the parser' });
    journal(a, 'PostToolUse', {
      session_id: 'c1',
      cwd: '/w/crash',
      tool_name: 'Read',
      tool_input: { file_path: '/w/crash/parser.ts' },
      tool_response: { file: { content: 'x' } },
      tool_use_id: 'toolu_c1',
    });
    a.close(); // no drain: as if the process died after answering
    const b = core(dir);
    await b.projector.settled();
    expect(count(b, 'SELECT count(*) n FROM events WHERE projected = 0')).toBe(0);
    expect(count(b, 'SELECT count(*) n FROM user_prompts')).toBe(1);
    expect(count(b, `SELECT count(*) n FROM observations WHERE tool_use_id = 'toolu_c1'`)).toBe(1);
  });

  it('payloads handed over in memory and payloads read back from the journal give the same rows', () => {
    // The endpoint hands the projector each cleaned payload; after a restart (or when too many
    // wait) the projector reads them from the journal instead. Both must give the same rows, and
    // neither may hold what redaction removed.
    const secret = 'sk-ant-api03-' + 'Zx9'.repeat(30);
    const events = [
      ...loadHookTimeline().slice(0, 120),
      {
        eventName: 'PostToolUse',
        payload: {
          session_id: 'h1',
          cwd: '/w/handed',
          tool_name: 'Bash',
          tool_input: { command: `export ANTHROPIC_API_KEY=${secret}` },
          tool_response: { stdout: `key ${secret}`, stderr: '' },
          tool_use_id: 'toolu_h1',
        },
      },
    ];
    const handed = core();
    handed.projector.stop();
    const dir = tempDir();
    const first = core(dir);
    first.projector.stop();
    for (const ev of events) {
      journal(handed, ev.eventName, ev.payload);
      journal(first, ev.eventName, ev.payload);
    }
    handed.projector.drain();
    first.close(); // its handed payloads go with it
    const readBack = core(dir);
    readBack.projector.drain();
    expect(count(readBack, 'SELECT count(*) n FROM events WHERE projected != 1')).toBe(0);
    expect(derived(handed)).toEqual(derived(readBack));
    expect(JSON.stringify(derived(handed))).not.toContain(secret);
    expect(count(handed, `SELECT count(*) n FROM observations WHERE tool_use_id = 'toolu_h1'`)).toBe(1);
  });

  it('a direct write projects the journal first, so prompts keep their order', () => {
    const c = core();
    c.projector.stop();
    journal(c, 'UserPromptSubmit', { session_id: 'o1', cwd: '/w/order', prompt: 'first' });
    const r = c.ingest.seed.initSession({ claudeSessionId: 'o1', cwd: '/w/order', prompt: 'second' });
    expect(r.promptNumber).toBe(2);
    const prompts = c.sqlite.prepare('SELECT prompt_number, prompt FROM user_prompts ORDER BY id').all();
    expect(prompts).toEqual([
      { prompt_number: 1, prompt: 'first' },
      { prompt_number: 2, prompt: 'second' },
    ]);
  });

  it('an event whose projection throws is marked failed, logged, and does not hold back the rest', () => {
    const errors: string[] = [];
    const c = core(tempDir(), {
      logger: { ...silentLogger, error: (msg: string) => void errors.push(msg) },
      extractRules: (x) => {
        if (x.toolName === 'Explode') throw new Error('extractor bug');
        return null;
      },
    });
    c.projector.stop();
    const tool = (name: string, id: string) => ({
      session_id: 'f1',
      cwd: '/w/fail',
      tool_name: name,
      tool_input: {},
      tool_response: 'ok',
      tool_use_id: id,
    });
    journal(c, 'PostToolUse', tool('Bash', 't1'));
    journal(c, 'PostToolUse', tool('Explode', 't2'));
    journal(c, 'PostToolUse', tool('Bash', 't3'));
    c.projector.drain();
    const states = c.sqlite.prepare('SELECT projected FROM events ORDER BY id').all();
    expect(states).toEqual([{ projected: 1 }, { projected: 2 }, { projected: 1 }]);
    expect(c.sqlite.prepare('SELECT tool_use_id FROM observations ORDER BY id').all()).toEqual([
      { tool_use_id: 't1' },
      { tool_use_id: 't3' },
    ]);
    expect(errors).toEqual(['hook event could not be projected']);
  });

  it('hooks in flight hold projection back; a waiting reader, the backlog bound or idleness release it', async () => {
    const c = core();
    c.projector.stop();
    const p = new Projector(c.ingest, { logger: silentLogger, quietMs: 5, maxBacklog: 4 });
    cleanups.push(() => p.stop());
    const prompt = (n: number) => ({ session_id: 'h1', cwd: '/w/hold', prompt: `p${n}` });
    const unprojected = (): number => count(c, 'SELECT count(*) n FROM events WHERE projected = 0');
    const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

    p.begin(); // a hook request is in flight
    for (let i = 1; i <= 3; i++) journal(c, 'UserPromptSubmit', prompt(i));
    await wait(40);
    expect(unprojected()).toBe(3); // held back
    await p.settled(); // a reader waits: projected at once, hooks or not
    expect(unprojected()).toBe(0);

    for (let i = 4; i <= 7; i++) journal(c, 'UserPromptSubmit', prompt(i)); // reaches maxBacklog
    await wait(40);
    expect(unprojected()).toBe(0);

    journal(c, 'UserPromptSubmit', prompt(8));
    await wait(40);
    expect(unprojected()).toBe(1);
    p.end(); // idle: projected after the quiet period
    await wait(40);
    expect(unprojected()).toBe(0);
    expect(count(c, 'SELECT count(*) n FROM user_prompts')).toBe(8);
  });

  it('under a sustained flood, projection is paced: small timed slices, each followed by a turn for the hooks', async () => {
    const c = core();
    c.projector.stop();
    // Projecting costs ~1 ms per event here (a slow machine): the slices must shrink to match.
    const ingest = c.ingest;
    const limits: number[] = [];
    const order: string[] = [];
    const real = ingest.projectJournal.bind(ingest);
    ingest.projectJournal = (limit: number): number => {
      limits.push(limit);
      order.push('slice');
      const n = real(limit);
      const until = performance.now() + n;
      while (performance.now() < until) {
        /* busy: 1 ms per event */
      }
      return n;
    };
    const p = new Projector(ingest, { logger: silentLogger, quietMs: 5, maxBacklog: 20, maxSliceMs: 8 });
    cleanups.push(() => p.stop());
    p.begin(); // hooks keep arriving: never idle
    for (let i = 1; i <= 120; i++)
      journal(c, 'PostToolUse', {
        session_id: 'fl',
        cwd: '/w/flood',
        tool_name: 'Bash',
        tool_input: { command: `echo ${i}` },
        tool_use_id: `toolu_p_${i}`,
      });
    // What the event loop does for the hooks between two slices (reading requests, committing).
    let turns = 0;
    const hooks = setInterval(() => {
      turns++;
      order.push('hooks');
    }, 0);
    cleanups.push(() => clearInterval(hooks));
    const deadline = Date.now() + 10_000;
    while (count(c, 'SELECT count(*) n FROM events WHERE projected = 0') > 0 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 20));
    clearInterval(hooks);
    expect(count(c, 'SELECT count(*) n FROM events WHERE projected = 0')).toBe(0);
    // After the first slice has measured the cost, no slice asks for much more than 8 ms of work.
    expect(Math.max(...limits.slice(2))).toBeLessThanOrEqual(12);
    expect(limits.length).toBeGreaterThanOrEqual(10);
    // The hooks got turns while the backlog was projected, not only after it.
    const firstSlice = order.indexOf('slice');
    const lastSlice = order.lastIndexOf('slice');
    expect(order.slice(firstSlice, lastSlice).filter((x) => x === 'hooks').length).toBeGreaterThan(3);
    expect(turns).toBeGreaterThan(3);
  });

  it('a slice stops at its time budget, whatever its events cost (at least one event)', () => {
    const c = core();
    c.projector.stop();
    for (let i = 1; i <= 10; i++)
      journal(c, 'UserPromptSubmit', { session_id: 'bg', cwd: '/w/budget', prompt: `step ${i}` });
    expect(c.ingest.projectJournal(64, 0)).toBe(1);
    expect(c.ingest.hasJournaled()).toBe(true);
    expect(c.ingest.projectJournal(64)).toBe(9);
    expect(c.ingest.hasJournaled()).toBe(false);
    const prompts = c.sqlite.prepare('SELECT prompt FROM user_prompts ORDER BY id').pluck().all();
    expect(prompts).toEqual(Array.from({ length: 10 }, (_, i) => `step ${i + 1}`));
  });

  it('a paced slice cut short by its budget is not taken for an empty journal: projection goes on', async () => {
    const c = core();
    c.projector.stop();
    const ingest = c.ingest;
    const real = ingest.projectJournal.bind(ingest);
    let slices = 0;
    // Every event costs more than any budget: each paced slice takes one and stops.
    ingest.projectJournal = (limit: number, budgetMs?: number): number => {
      slices++;
      return real(limit, budgetMs === undefined || budgetMs === Infinity ? Infinity : 0);
    };
    const p = new Projector(ingest, { logger: silentLogger, quietMs: 5, maxBacklog: 4, maxLagMs: 60_000 });
    cleanups.push(() => p.stop());
    p.begin(); // a hook in flight the whole time: paced slices only
    for (let i = 1; i <= 30; i++)
      journal(c, 'UserPromptSubmit', { session_id: 'cut', cwd: '/w/cut', prompt: `p ${i}` });
    const unprojected = (): number => count(c, 'SELECT count(*) n FROM events WHERE projected = 0');
    for (const end = Date.now() + 5_000; unprojected() > 0 && Date.now() < end;)
      await new Promise((r) => setTimeout(r, 10));
    expect(unprojected()).toBe(0);
    expect(slices).toBeGreaterThanOrEqual(30);
    p.end();
  });

  it("the index's segments are merged in steps between slices, never two in a row while events wait, then to the end", async () => {
    const c = core();
    c.projector.stop();
    const ingest = c.ingest;
    const order: string[] = [];
    const project = ingest.projectJournal.bind(ingest);
    ingest.projectJournal = (limit: number): number => {
      order.push('slice');
      return project(limit);
    };
    const merge = ingest.mergeIndex.bind(ingest);
    ingest.mergeIndex = (budgetMs: number): boolean => {
      order.push('merge');
      return merge(budgetMs);
    };
    // Small slices, so the flood writes many segments.
    const p = new Projector(ingest, { logger: silentLogger, quietMs: 5, maxBacklog: 8, sliceSize: 4 });
    cleanups.push(() => p.stop());
    p.begin(); // hooks keep arriving: paced
    for (let i = 1; i <= 200; i++)
      journal(c, 'PostToolUse', {
        session_id: 'mg',
        cwd: '/w/merge',
        tool_name: 'Bash',
        tool_input: { command: `grep -rn handler${i} src/` },
        tool_response: { stdout: `src/h${i}.ts:1: export function handler${i}() {}`, stderr: '' },
        tool_use_id: `toolu_m_${i}`,
      });
    const unprojected = (): number => count(c, 'SELECT count(*) n FROM events WHERE projected = 0');
    for (const end = Date.now() + 10_000; unprojected() > 0 && Date.now() < end;)
      await new Promise((r) => setTimeout(r, 10));
    expect(unprojected()).toBe(0);
    const lastSlice = order.lastIndexOf('slice');
    const during = order.slice(0, lastSlice);
    expect(during.filter((x) => x === 'merge').length).toBeGreaterThan(3);
    expect(during.join(' ')).not.toContain('merge merge');
    // The hooks stop: the remaining merge work runs, then the projector sleeps.
    p.end();
    for (const end = Date.now() + 10_000; ingest.mergeDue && Date.now() < end;)
      await new Promise((r) => setTimeout(r, 10));
    expect(ingest.mergeDue).toBe(false);
    const segments = (t: string): number =>
      c.sqlite.prepare(`SELECT count(DISTINCT segid) FROM ${t}_idx`).pluck().get() as number;
    // Each slice wrote a segment into each index; merged, a few per level remain.
    expect(segments('observations_fts')).toBeLessThan(12);
    expect(segments('observations_trgm')).toBeLessThan(12);
    const steps = order.length;
    await new Promise((r) => setTimeout(r, 50));
    expect(order.length).toBe(steps);
  });

  it('a paced slice waits once for the committed hooks to be answered, then runs even if more arrive', async () => {
    const c = core();
    c.projector.stop();
    const resumes: Array<() => void> = [];
    let asked = 0;
    const p = new Projector(c.ingest, {
      logger: silentLogger,
      quietMs: 5,
      maxBacklog: 2,
      // Hooks are always committed-but-unanswered here: a flood.
      afterAnswers: (resume) => {
        asked++;
        resumes.push(resume);
        return true;
      },
    });
    cleanups.push(() => p.stop());
    const unprojected = (): number => count(c, 'SELECT count(*) n FROM events WHERE projected = 0');
    const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
    p.begin();
    for (let i = 1; i <= 3; i++)
      journal(c, 'UserPromptSubmit', { session_id: 'aw', cwd: '/w/answers', prompt: `p${i}` });
    await wait(30);
    expect(asked).toBeGreaterThan(0);
    expect(unprojected()).toBe(3); // waiting for the answers
    resumes.at(-1)!();
    await wait(30);
    expect(unprojected()).toBe(0); // ran, although answers were still pending
    // A backlog of 4 × maxBacklog (a slow disk): projected without waiting (nobody resumes here)
    // until it is under that bound again.
    for (let i = 4; i <= 12; i++)
      journal(c, 'UserPromptSubmit', { session_id: 'aw', cwd: '/w/answers', prompt: `p${i}` });
    await wait(30);
    expect(unprojected()).toBeLessThan(4 * 2);
    p.end();
  });
});

describe('journal through the service', () => {
  let t: TestService;
  afterEach(async () => t?.dispose());

  it('a flood is acknowledged first, reads then see every acknowledged event', async () => {
    t = await startTestService();
    const body = (i: number) => ({
      session_id: `fl-${i % 4}`,
      cwd: '/w/flood',
      tool_name: 'Bash',
      tool_input: { command: `echo ${i}` },
      tool_response: { stdout: String(i) },
      tool_use_id: `toolu_fl_${i}`,
    });
    const N = 400;
    const results = await Promise.all(
      Array.from({ length: N }, (_, i) => t.api('POST', '/api/hooks/PostToolUse', body(i))),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    // Any other route waits for the projector: the observations are all there.
    const projects = await t.api('GET', '/api/projects');
    expect(projects.status).toBe(200);
    const db = t.service.core.sqlite;
    expect((db.prepare(`SELECT count(*) n FROM observations`).get() as { n: number }).n).toBe(N);
    expect((db.prepare(`SELECT count(*) n FROM events WHERE projected = 0`).get() as { n: number }).n).toBe(
      0,
    );
  });
});
