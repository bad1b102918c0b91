/**
 * Answer-shaped snippets: the snippet of a memory shows the part the question asks for (reason
 * clause, error line, path, command) and the rare query words, within its bound; a long row (a
 * compaction summary) comes first when only it holds the words.
 */
import type Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../helpers/service.js';
import { DAY, insertObservation, seedGenerated } from './seed.js';
import { plain } from './shape-rows.js';

interface Item {
  id: number;
  type: string | null;
  title: string;
  snippet: string;
}

const filler = (n: number, seed: string): string =>
  Array.from({ length: n }, (_, i) => `${seed} paragraph ${i} about the general state of things.`).join(' ');

describe('answer-shaped snippets', () => {
  let t: TestService;
  let sqlite: Database.Database;
  const now = Date.now();
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await startTestService();
    sqlite = t.service.core.sqlite;
    seedGenerated(sqlite, 500, now - 2 * DAY);
    const add = (name: string, o: Parameters<typeof insertObservation>[1]): void => {
      ids[name] = insertObservation(sqlite, o).id;
    };
    add('decision', {
      project: 'shop',
      title: 'Decided: store prices as integer cents (money format)',
      narrative:
        `Question: how should the shop keep money amounts? ${filler(3, 'Options')} ` +
        'Answer: integer cents, because float sums like 0.1 + 0.2 drift by a cent at checkout.',
      type: 'decision',
      toolName: 'memtray:decision',
      at: now - 3 * DAY,
    });
    add('failed', {
      project: 'shop',
      title: 'Command failed: Push the zorbel branch',
      facts: [
        'command: git push',
        `description: Push the zorbel branch ${filler(2, 'notes')}`,
        'error: fatal: The current branch zorbel has no upstream branch.',
      ],
      type: 'failure',
      toolName: 'Bash',
      at: now - 2 * DAY,
    });
    // One session: a 20 KB compaction summary and huge commit messages, all holding the words.
    const big = insertObservation(sqlite, {
      project: 'shop',
      title: 'Session summary (compacted)',
      narrative: `${filler(300, 'Summary')} The quendle exporter writes CSV files.`,
      type: 'compaction',
      toolName: 'memtray:compaction',
      at: now - DAY,
    });
    ids.compaction = big.id;
    for (let i = 0; i < 3; i++)
      add(`commit${i}`, {
        project: 'shop',
        session: big.sessionId,
        title: `Commit the quendle exporter work ${i}`,
        facts: [`command: git commit -m "${filler(40, `quendle exporter commit ${i}`)}"`],
        type: 'command',
        toolName: 'Bash',
        at: now - DAY + i,
      });
    for (let i = 0; i < 4; i++)
      add(`short${i}`, {
        project: 'shop',
        title: `Quendle exporter: ${['CSV header', 'escaping', 'streaming', 'column order'][i]}`,
        type: 'change',
        at: now - 5 * DAY - i,
      });
    add('longCommand', {
      project: 'shop',
      title: 'Profile the velkin importer',
      facts: [
        'command: cd /home/dev/shop && VELKIN_BATCH=500 node --cpu-prof --cpu-prof-dir=/tmp/prof scripts/import.js ' +
          '--source fixtures/velkin-large.csv --dry-run 2>&1 | grep -E "rows|elapsed|heap" | tail -20 --sample-every 7',
      ],
      type: 'command',
      toolName: 'Bash',
      at: now - 4 * DAY,
    });
    add('lonely', {
      project: 'shop',
      title: 'Session summary (compacted)',
      narrative: `${filler(300, 'Summary')} The brimwick scheduler retries twice.`,
      type: 'compaction',
      toolName: 'memtray:compaction',
      at: now - DAY,
    });
  });
  afterAll(async () => {
    await t.dispose();
  });

  const search = async (q: string): Promise<Item[]> => {
    const r = await t.api('GET', `/api/search?${new URLSearchParams({ q, limit: '5' }).toString()}`);
    expect(r.status, r.text).toBe(200);
    return (r.json as { items: Item[] }).items;
  };

  it('shows the reason clause of a decision for a "why" question, bounded', async () => {
    const hit = (await search('why did we choose integer cents for money?')).find(
      (i) => i.id === ids.decision,
    );
    expect(hit).toBeDefined();
    expect(plain(hit!.snippet)).toContain('because float sums like 0.1 + 0.2 drift');
    expect(plain(hit!.snippet).length).toBeLessThanOrEqual(330);
  });

  it('shows the error line of a failed command for a "what broke" question', async () => {
    const hit = (await search('what broke when pushing the zorbel branch?')).find((i) => i.id === ids.failed);
    expect(hit).toBeDefined();
    expect(plain(hit!.snippet)).toContain('has no upstream branch');
    expect(hit!.snippet).toContain('<mark>zorbel</mark>');
  });

  it('shows the exact command for a "how did we run" question, a long one whole', async () => {
    const hit = (await search('how did we profile the velkin importer?')).find(
      (i) => i.id === ids.longCommand,
    );
    expect(hit).toBeDefined();
    expect(plain(hit!.snippet)).toContain('| tail -20 --sample-every 7');
  });

  it('still puts a long row first when only it holds the words', async () => {
    const items = await search('brimwick scheduler');
    expect(items[0]?.id).toBe(ids.lonely);
    expect(items[0]!.snippet).toContain('<mark>brimwick</mark>');
  });
});
