import { appendFileSync, copyFileSync, cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { createImportRun, runImport } from '../../electron/core/capture/importer.js';
import { readTranscript, readTranscriptSet } from '../../electron/core/capture/transcript.js';
import { describeSharedCorpus } from '../helpers/corpus-suite.js';
import { transcriptFiles } from '../helpers/corpus.js';
import { CORPUS_DIR, startTestService, tempDir, type TestService } from '../helpers/service.js';

const SPOTTER = join(CORPUS_DIR, 'marot__spotter');
const BIG = '4d5611e5-241a-462a-8d15-5122611a9569';

/** Independent count of tool_use blocks that have a tool_result, straight from the JSON. */
function pairedToolUses(file: string): Set<string> {
  const uses = new Set<string>();
  const results = new Set<string>();
  for (const raw of readFileSync(file, 'utf8').split('\n')) {
    if (!raw.trim()) continue;
    const l = JSON.parse(raw) as { message?: { content?: unknown } };
    const c = l.message?.content;
    if (!Array.isArray(c)) continue;
    for (const b of c as Array<Record<string, unknown>>) {
      if (b.type === 'tool_use') uses.add(String(b.id));
      if (b.type === 'tool_result') results.add(String(b.tool_use_id));
    }
  }
  return new Set([...uses].filter((u) => results.has(u)));
}

describeSharedCorpus('transcript reader on the real corpus', () => {
  it('finds the prompts a user typed and every paired tool call', async () => {
    const r = await readTranscript(join(SPOTTER, `${BIG}.jsonl`));
    const prompts = r.items
      .filter((i) => i.kind === 'prompt')
      .map((i) => (i.kind === 'prompt' ? i.text : ''));
    expect(prompts.map((p) => p.slice(0, 20))).toEqual(['Work on bead spotter', 'continue']);
    const tools = r.items.filter((i) => i.kind === 'tool');
    expect(new Set(tools.map((t) => (t.kind === 'tool' ? t.toolUseId : '')))).toEqual(
      pairedToolUses(join(SPOTTER, `${BIG}.jsonl`)),
    );
    expect(r.skippedLines).toBe(0);
  });

  it('turns slash commands into /name args and skips local command output', async () => {
    const r = await readTranscript(join(SPOTTER, 'subagent.jsonl'));
    const prompts = r.items.flatMap((i) => (i.kind === 'prompt' ? [i.text] : []));
    expect(prompts[0]).toMatch(/^\/handgemacht:create-beads/);
    expect(prompts).toContain('create the beads');
    const heavy = await readTranscript(join(SPOTTER, 'tool_heavy.jsonl'));
    const hp = heavy.items.flatMap((i) => (i.kind === 'prompt' ? [i.text] : []));
    expect(hp.some((p) => p.includes('local-command'))).toBe(false);
    expect(hp[0]).toBe('start phoenix in background');
  });

  it('merges subagent transcripts into the parent session, tagged with their agent id', async () => {
    const set = await readTranscriptSet({
      main: join(SPOTTER, `${BIG}.jsonl`),
      subagents: [join(SPOTTER, BIG, 'subagents', 'agent-a2898e3.jsonl')],
    });
    const sub = set.items.filter((i) => i.kind === 'tool' && i.agentId === 'a2898e3');
    expect(sub.length).toBe(pairedToolUses(join(SPOTTER, BIG, 'subagents', 'agent-a2898e3.jsonl')).size);
    expect(sub.every((i) => i.sessionId === BIG)).toBe(true);
    const times = set.items.map((i) => i.at);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });
});

describeSharedCorpus('memtray import', () => {
  let t: TestService | undefined;
  afterEach(async () => {
    await t?.dispose();
    t = undefined;
  });

  it('imports the corpus once, counts malformed lines, and a second run adds nothing', async () => {
    t = await startTestService();
    const dir = tempDir('memtray-import-');
    cpSync(SPOTTER, join(dir, 'proj'), { recursive: true });
    appendFileSync(join(dir, 'proj', 'short.jsonl'), '{not json\n[1,2]\n');
    const core = t.service.core;
    const run1 = await runImport(core, createImportRun(core, 'test'), { paths: [dir] });
    expect(run1.status).toBe('done');
    expect(run1.skippedLines).toBe(2);
    expect(run1.filesTotal).toBe(transcriptFiles().length);
    const expectedTools = transcriptFiles().reduce((n, f) => n + pairedToolUses(f).size, 0);
    const skipTools = core.settings.get().skipTools;
    expect(run1.toolCalls).toBeGreaterThan(0);
    expect(run1.toolCalls).toBeLessThanOrEqual(expectedTools);
    const counts = core.read.counts();
    // Besides the tool calls (decisions included): episodes, bugfixes and compaction summaries.
    const remembered = core.sqlite
      .prepare(
        `select count(*) n from observations where tool_name in ('memtray:episode', 'memtray:bugfix', 'memtray:compaction')`,
      )
      .get() as { n: number };
    expect(remembered.n).toBeGreaterThan(0);
    expect(counts.observations).toBe(run1.toolCalls + remembered.n);
    expect(counts.prompts).toBe(run1.prompts);
    expect(run1.sessions).toBe(4); // big session (+ its subagents), short, tool_heavy, subagent
    const skippedBySetting = core.sqlite
      .prepare(`select count(*) n from events where source='transcript' and event_name like 'PostToolUse%'`)
      .get() as { n: number };
    expect(skippedBySetting.n).toBe(expectedTools);
    expect(skipTools.length).toBeGreaterThan(0);
    // Big session: prompt 2 ("continue") owns the tool calls made after it.
    const s = core.read.sessionByClaudeId(BIG)!;
    const numbers = core.sqlite
      .prepare('select distinct prompt_number n from observations where session_id = ? order by n')
      .all(s.id) as Array<{ n: number }>;
    expect(numbers.map((r) => r.n)).toEqual([1, 2]);
    const run2 = await runImport(core, createImportRun(core, 'again'), { paths: [dir] });
    expect({ p: run2.prompts, t: run2.toolCalls }).toEqual({ p: 0, t: 0 });
    expect(core.read.counts().observations).toBe(counts.observations);
    const runs = await t.api('GET', '/api/capture/imports');
    const items = (runs.json as { items: Array<{ status: string; toolCalls: number }> }).items;
    expect(items.map((i) => i.status)).toEqual(['done', 'done']);
    expect(items[1]!.toolCalls).toBe(run1.toolCalls);
  });

  it('respects --since and the HTTP import route reports progress over SSE', async () => {
    t = await startTestService();
    const dir = tempDir('memtray-import-');
    mkdirSync(join(dir, 'p'), { recursive: true });
    copyFileSync(join(SPOTTER, 'short.jsonl'), join(dir, 'p', 'short.jsonl'));
    const none = await runImport(t.service.core, createImportRun(t.service.core, 'x'), {
      paths: [dir],
      since: Date.now() + 86_400_000,
    });
    expect(none.filesTotal).toBe(0);
    const seen: string[] = [];
    const off = t.service.core.bus.on('import', (e) => seen.push(e.status));
    const r = await t.api('POST', '/api/capture/import', { paths: [dir] });
    expect(r.status).toBe(202);
    const runId = (r.json as { runId: number }).runId;
    for (let i = 0; i < 100 && !seen.includes('done'); i++) await new Promise((res) => setTimeout(res, 20));
    off();
    expect(seen).toContain('done');
    const list = (await t.api('GET', '/api/capture/imports')).json as {
      items: Array<{ id: number; prompts: number }>;
    };
    expect(list.items.find((i) => i.id === runId)!.prompts).toBe(1);
    expect((await t.api('POST', '/api/capture/import', { since: 'yesterday-ish' })).status).toBe(400);
    writeFileSync(join(dir, 'x'), '');
  });
});
