/**
 * When the projector runs: hooks in flight hold it back, a reader or the backlog bound releases it;
 * under a flood its slices are paced and timed, a slice cut short by its budget keeps it going, the
 * index is merged in steps between slices, and a slice waits once for committed hooks' answers.
 * Real SQLite files; the event loop's turns observed directly.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { Projector } from '../../electron/core/ingest/projector.js';
import { silentLogger } from '../../electron/core/util/logger.js';
import { count, journal, journalCores } from '../helpers/journal.js';

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});
const core = journalCores(cleanups);

describe('projector pacing', () => {
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
