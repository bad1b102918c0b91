/**
 * The hook endpoint journals (event row, projected = 0) and answers; the projector derives the rows.
 * What the rows are: the corpus for the equivalence check, a crash, payloads handed over or read
 * back, order, failures, a slice's budget; a real service for the read-your-writes flood. When the
 * projector runs is in projector-pacing.test.ts. Real SQLite files.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Core } from '../../electron/core/core.js';
import type { HookPayload } from '../../electron/core/ingest/payloads.js';
import { silentLogger } from '../../electron/core/util/logger.js';
import { hasSharedCorpus, loadHookTimeline, neverCaptured } from '../helpers/corpus.js';
import { count, journal, journalCores } from '../helpers/journal.js';
import { startTestService, tempDir, type TestService } from '../helpers/service.js';

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});
const core = journalCores(cleanups);

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
    // Nothing of a never-captured tool's call is journaled.
    expect(count(journaled, 'SELECT count(*) n FROM events WHERE projected = 0')).toBe(
      corpus.filter((e) => !neverCaptured(e)).length,
    );
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
    const r = c.ingest.claudeMem.initSession({ claudeSessionId: 'o1', cwd: '/w/order', prompt: 'second' });
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
