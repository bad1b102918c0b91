/**
 * Search that reads a question: stop and frame words optional, camelCase identifiers split on
 * both sides, the question's intent as a boost, near-identical memories collapsed, snippets that
 * show the answer and never the extractor's bookkeeping. Generated memories are the background;
 * the known memories below are phrased in other words than the questions that must find them.
 */
import type Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createImportRun, runImport } from '../../electron/core/capture/importer.js';
import { describeSharedCorpus } from '../helpers/corpus-suite.js';
import { CORPUS_DIR, startTestService, type TestService } from '../helpers/service.js';
import { DAY, insertObservation, seedGenerated } from './seed.js';

interface Item {
  kind: string;
  id: number;
  type: string | null;
  title: string;
  snippet: string;
  count?: number;
}

describe('search reads a question', () => {
  let t: TestService;
  let sqlite: Database.Database;
  const now = Date.now();
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await startTestService();
    sqlite = t.service.core.sqlite;
    seedGenerated(sqlite, 2000, now - 2 * DAY);
    const add = (name: string, o: Parameters<typeof insertObservation>[1]): void => {
      ids[name] = insertObservation(sqlite, o).id;
    };
    // Question frame words in many memories, none of them about the toggle.
    for (let i = 0; i < 8; i++)
      add(`frame${i}`, {
        project: 'webshop',
        title: `Which file did we change to add the ${['cart', 'menu', 'footer', 'badge'][i % 4]} panel toggle?`,
        type: 'discovery',
        at: now - DAY - i * 1000,
      });
    add('toggle', {
      project: 'webshop',
      title: 'Edited lib/web/live/glimmer_panel.ex',
      facts: ['change_type: modify', 'new: def handle_event("toggle_glimmer", _, socket)'],
      type: 'change',
      toolInput: { file_path: '/home/dev/webshop/lib/web/live/glimmer_panel.ex' },
      filesModified: ['/home/dev/webshop/lib/web/live/glimmer_panel.ex'],
      at: now - 3 * DAY,
    });
    add('camel', {
      project: 'webshop',
      title: 'Extracted the QuillorbComputers module',
      type: 'refactor',
      at: now - 10 * DAY,
    });
    for (let i = 0; i < 6; i++)
      add(`split${i}`, {
        project: 'webshop',
        title: `Quillorb computers note ${i}: the quillorb computers page`,
        type: 'discovery',
        at: now - DAY - i,
      });
    add('spaced', {
      project: 'infra',
      title: 'Renamed the zanthic ledger worker',
      type: 'change',
      at: now - 5 * DAY,
    });
    // The same file read many times, and a few other memories on the same subject.
    for (let i = 0; i < 8; i++)
      add(`read${i}`, {
        project: 'webshop',
        title: 'Read src/brovik/router.ts',
        type: 'discovery',
        toolName: 'Read',
        at: now - DAY - i * 60_000,
      });
    for (const [i, title] of [
      'Edited src/brovik/router.ts',
      'Brovik routes cached',
      'Brovik router tests',
    ].entries())
      add(`brovik${i}`, { project: 'webshop', title, type: 'change', at: now - 4 * DAY - i });
    add('credo', {
      project: 'webshop',
      title: 'Run the velmor linter',
      facts: [
        'command: mix velmor --strict',
        'description: Run the velmor linter',
        'is_test: false',
        'is_build: false',
        'exit_status: 0',
      ],
      type: 'command',
      toolName: 'Bash',
      toolInput: { command: 'mix velmor --strict', description: 'Run the velmor linter' },
      at: now - 2 * DAY,
    });
    // Recent edits that share the question's words, and an older decision that answers it.
    for (let i = 0; i < 6; i++)
      add(`cacheEdit${i}`, {
        project: 'webshop',
        title: `Edited src/plimbo/cache.ts: drop entry ${i}`,
        facts: ['change_type: modify', `old: cache.drop(key${i})`],
        type: 'change',
        at: now - DAY - i,
      });
    add('decision', {
      project: 'webshop',
      title: 'Decided: remove the plimbo cache (stale reads after deploys)',
      narrative:
        'Question: keep or remove the plimbo cache? Answer: remove it; reads were stale after deploys.',
      type: 'decision',
      toolName: 'memtray:decision',
      at: now - 20 * DAY,
    });
    // Three turns of one session: "what did we do after X" is the turn after X, in other words.
    const turn = (name: string, title: string, offset: number, session?: number): number => {
      const r = insertObservation(sqlite, {
        project: 'webshop',
        session,
        title,
        type: 'episode',
        toolName: 'memtray:episode',
        at: now - 6 * DAY + offset,
      });
      ids[name] = r.id;
      return r.sessionId;
    };
    const s = turn('turn1', 'Asked: add the zorblat export to the admin page', 0);
    insertObservation(sqlite, {
      project: 'webshop',
      session: s,
      title: 'Edited src/zorblat/export.ts',
      type: 'change',
      at: now - 6 * DAY + 10,
    });
    turn('turn2', 'Asked: fix the flaky login test', 60_000, s);
    turn('turn3', 'Asked: bump the node version in CI', 120_000, s);
    // A planning turn: what was asked sits past the clipped title, the plan in the final answer.
    const asked =
      'Set up a small ledger module for the grommet shop: one entry per sale, a monthly report, ' +
      'and tests for both. Keep it plain Node, no dependencies please.';
    const plan = insertObservation(sqlite, {
      project: 'webshop',
      title: `Asked: ${asked.slice(0, 112)}…`,
      narrative:
        `Asked: ${asked}\nClaude: Let me look at what the shop has today.\n` +
        'Ended: Plan for the grommet ledger: 1. src/ledger.js with addSale(entry) keeping amounts as ' +
        'whole cents in an append-only array. 2. monthlyReport(month) summing per product. Shall I go ahead?',
      type: 'episode',
      toolName: 'memtray:episode',
      at: now - 5 * DAY,
    });
    ids.plan = plan.id;
    for (let i = 0; i < 4; i++)
      insertObservation(sqlite, {
        project: 'webshop',
        session: plan.sessionId,
        title: `Edited src/grommet/ledger_${i}.js`,
        narrative: 'Claude: Adding the grommet ledger entry type.',
        type: 'change',
        at: now - 5 * DAY + 1000 * (i + 1),
      });
  });
  afterAll(async () => {
    await t.dispose();
  });

  const search = async (q: string, limit = 10): Promise<Item[]> => {
    const r = await t.api(
      'GET',
      `/api/search?${new URLSearchParams({ q, limit: String(limit) }).toString()}`,
    );
    expect(r.status, r.text).toBe(200);
    return (r.json as { items: Item[] }).items;
  };

  it('does not need the question words to match: the memory with the subject words comes first', async () => {
    const items = await search('which file did we change to add the glimmer panel toggle?');
    expect(items[0]?.id).toBe(ids.toggle);
  });

  it('matches a camelCase identifier by its split words, and split words by the identifier', async () => {
    const byWords = await search('quillorb computers', 20);
    expect(byWords.map((i) => i.id)).toContain(ids.camel);
    const byIdent = await search('ZanthicLedger');
    expect(byIdent[0]?.id).toBe(ids.spaced);
  });

  it('collapses the same file read many times into one hit with a count', async () => {
    const items = await search('brovik router', 5);
    const titles = items.map((i) => i.title);
    expect(new Set(titles).size).toBe(titles.length);
    const read = items.find((i) => i.title === 'Read src/brovik/router.ts')!;
    expect(read.count).toBe(8);
    expect(read.snippet).toContain('×8');
  });

  it('shows the command in the snippet, never the extractor bookkeeping', async () => {
    const items = await search('how do I run the velmor linter?');
    const hit = items.find((i) => i.id === ids.credo)!;
    expect(hit.snippet).toContain('mix <mark>velmor</mark> --strict');
    expect(hit.snippet).not.toMatch(/is_test|is_build|exit_status|build: false|status: 0/);
  });

  it('favours a decision for a "why" question over newer edits sharing more words', async () => {
    const items = await search('why did we drop the plimbo cache?');
    expect(items[0]?.id).toBe(ids.decision);
    expect(items[0]?.snippet).toContain('reads were stale');
  });

  it('answers "what did I ask for" with the prompt itself, past its clipped title', async () => {
    const items = await search('what did I ask for when we set up the grommet ledger?', 5);
    expect(items[0]?.id).toBe(ids.plan);
    expect(items[0]?.snippet.replace(/<\/?mark>/g, '')).toContain('no dependencies please');
  });

  it('answers "what was the plan for X" with how the planning turn ended', async () => {
    const items = await search('what was the plan for the grommet ledger?', 5);
    expect(items[0]?.id).toBe(ids.plan);
    expect(items[0]?.snippet.replace(/<\/?mark>/g, '')).toContain('keeping amounts as whole cents');
  });

  it('answers "what did we do after X" with the turn that followed X', async () => {
    const items = await search('what did we do after the zorblat export?', 5);
    expect(items[0]?.id).toBe(ids.turn1);
    expect(items[1]?.id).toBe(ids.turn2);
  });
});

describeSharedCorpus('questions over the imported spotter transcripts', () => {
  let t: TestService;

  beforeAll(async () => {
    t = await startTestService();
    const core = t.service.core;
    await runImport(core, createImportRun(core, 'test'), { paths: [join(CORPUS_DIR, 'marot__spotter')] });
  });
  afterAll(async () => {
    await t.dispose();
  });

  const search = async (q: string): Promise<Item[]> => {
    const r = await t.api('GET', `/api/search?${new URLSearchParams({ q, limit: '5' }).toString()}`);
    expect(r.status, r.text).toBe(200);
    return (r.json as { items: Item[] }).items;
  };

  it('answers "which file" with the created module, by its camelCase name', async () => {
    const items = await search('which file did we create for TranscriptComputers?');
    expect(items.some((i) => /Created \S*transcript_computers\.ex/.test(i.title))).toBe(true);
  });

  it('answers "what command" with the command, five different ones, no bookkeeping', async () => {
    const items = await search('what command did we run to check compilation?');
    expect(items[0]?.snippet).toMatch(/mix <mark>compile<\/mark>/);
    expect(new Set(items.map((i) => i.title)).size).toBe(items.length);
    for (const i of items) expect(i.snippet).not.toMatch(/is_test|is_build|exit_status/);
  });
});
