import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEFAULT_SKIP_TOOLS } from '../../electron/shared/contract/tools.js';
import { describeSharedCorpus } from '../helpers/corpus-suite.js';
import { loadCorpusTimeline, neverCaptured, type CorpusEvent } from '../helpers/corpus.js';
import { jobsDone } from '../helpers/jobs.js';
import { startTestService, type TestService } from '../helpers/service.js';

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** What the corpus should produce, computed straight from the raw payloads. */
function expectedCounts(corpus: CorpusEvent[]) {
  const sessions = new Set<string>();
  const toolUses = new Set<string>();
  let prompts = 0;
  let observations = 0;
  for (const e of corpus) {
    const sid = str(e.payload.session_id);
    if (sid) sessions.add(sid);
    if (e.eventName === 'UserPromptSubmit' && str(e.payload.prompt)?.trim()) prompts++;
    const tool = String(e.payload.tool_name);
    // Tools on the default never-captured list are not stored.
    if (e.eventName === 'PostToolUse' && !DEFAULT_SKIP_TOOLS.includes(tool)) {
      const key = `${sid}:${str(e.payload.tool_use_id) ?? Math.random()}`;
      if (!toolUses.has(key)) observations++;
      toolUses.add(key);
    }
  }
  // Nothing of a never-captured tool's call reaches the journal.
  return {
    sessions: sessions.size,
    prompts,
    observations,
    events: corpus.filter((e) => !neverCaptured(e)).length,
  };
}

describeSharedCorpus('replaying the recorded Claude Code corpus through POST /api/hooks/:event', () => {
  let t: TestService;
  const corpus = loadCorpusTimeline();

  beforeAll(async () => {
    t = await startTestService();
    for (const ev of corpus) {
      const r = await t.api('POST', `/api/hooks/${ev.eventName}`, ev.payload);
      if (r.status !== 200) throw new Error(`${ev.source} ${ev.eventName}: ${r.status} ${r.text}`);
    }
    await t.settled();
    await jobsDone(t, 'episode'); // episodes and bugfixes are built after each Stop
  });
  afterAll(async () => {
    await t.dispose();
  });

  it('accepts every payload and stores what the corpus holds', () => {
    expect(corpus.length).toBeGreaterThan(700);
    const want = expectedCounts(corpus);
    const got = t.service.core.read.counts();
    expect(got.events).toBe(want.events);
    expect(got.sessions).toBe(want.sessions);
    expect(got.prompts).toBe(want.prompts);
    // Tool calls (and decisions); the episodes and bugfixes built at each Stop come on top.
    const remembered = t.service.core.sqlite
      .prepare(
        `select count(*) n from observations where tool_name in ('memtray:episode', 'memtray:bugfix', 'memtray:compaction')`,
      )
      .get() as { n: number };
    expect(remembered.n).toBeGreaterThan(0);
    expect(got.observations - remembered.n).toBe(want.observations);
  });

  it('derives the session state of a spcstr session from its events', async () => {
    const sid = '3ef7f904-7316-4b70-881c-5d2ed8459bbc';
    const mine = corpus.filter((e) => e.payload.session_id === sid);
    const posts = mine.filter((e) => e.eventName === 'PostToolUse' && !neverCaptured(e));
    const input = (e: CorpusEvent) => (e.payload.tool_input ?? {}) as Record<string, unknown>;
    const uniq = (tool: string[]) => [
      ...new Set(
        posts
          .filter((e) => tool.includes(String(e.payload.tool_name)))
          .map((e) => String(input(e).file_path)),
      ),
    ];
    const tools: Record<string, number> = {};
    for (const e of posts) tools[String(e.payload.tool_name)] = (tools[String(e.payload.tool_name)] ?? 0) + 1;

    const s = t.service.core.read.sessionByClaudeId(sid)!;
    const r = await t.api('GET', `/api/sessions/${s.id}/state`);
    expect(r.status).toBe(200);
    const state = r.json as Record<string, unknown> & { files: Record<string, string[]> };
    expect(Object.keys(state).sort()).toEqual(
      [
        'session_id',
        'created_at',
        'updated_at',
        'session_active',
        'agents',
        'agents_history',
        'files',
        'tools_used',
        'errors',
        'prompts',
        'notifications',
      ].sort(),
    );
    expect(state.session_id).toBe(sid);
    expect(state.tools_used).toEqual(tools);
    expect(state.files.read).toEqual(uniq(['Read']));
    expect(state.files.new).toEqual(uniq(['Write']));
    expect(state.files.edited).toEqual(uniq(['Edit', 'MultiEdit']));
    expect((state.prompts as unknown[]).length).toBe(
      mine.filter((e) => e.eventName === 'UserPromptSubmit').length,
    );
    expect((state.notifications as unknown[]).length).toBe(
      mine.filter((e) => e.eventName === 'Notification').length,
    );
    const last = mine[mine.length - 1]!.eventName;
    expect(state.session_active).toBe(!['Stop', 'SessionEnd'].includes(last));
  });

  it('tracks a Task subagent from PreToolUse to PostToolUse', async () => {
    const task = corpus.find((e) => e.eventName === 'PostToolUse' && e.payload.tool_name === 'Task')!;
    const sid = String(task.payload.session_id);
    const s = t.service.core.read.sessionByClaudeId(sid)!;
    const r = await t.api('GET', `/api/sessions/${s.id}/state`);
    const state = r.json as {
      agents_history: Array<{ name: string; started_at: string; completed_at?: string }>;
    };
    const name = String((task.payload.tool_input as Record<string, unknown>).subagent_type);
    const h = state.agents_history.find((a) => a.name === name);
    expect(h, JSON.stringify(state.agents_history)).toBeDefined();
    expect(h!.completed_at).toBeDefined();
  });

  it('files observations under the prompt that was active when the tool ran', async () => {
    const sid = '3ef7f904-7316-4b70-881c-5d2ed8459bbc';
    const s = t.service.core.read.sessionByClaudeId(sid)!;
    const d = (await t.api('GET', `/api/sessions/${s.id}`)).json as {
      observations: Array<{ promptNumber: number }>;
      prompts: Array<{ promptNumber: number }>;
    };
    expect(d.prompts.map((p) => p.promptNumber)).toEqual(d.prompts.map((_p, i) => i + 1));
    const numbers = d.observations.map((o) => o.promptNumber);
    expect(
      numbers.every((n) => n >= 1 && n <= d.prompts.length),
      JSON.stringify(numbers),
    ).toBe(true);
    expect([...numbers].sort((a, b) => a - b)).toEqual(numbers);
  });
});
