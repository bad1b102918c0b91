/**
 * The SessionStart digest leads with what the next session needs: open threads, how the last
 * turns ended, recent decisions, failures not fixed yet; then summaries and the index, within
 * the token budget.
 */
import type Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { estimateTokens } from '../../electron/core/recall/tokens.js';
import { startTestService, type TestService } from '../helpers/service.js';
import { DAY, insertObservation, seedGenerated } from './seed.js';

describe('SessionStart digest: what the next session needs first', () => {
  let t: TestService;
  let sqlite: Database.Database;
  const now = Date.now();
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await startTestService();
    sqlite = t.service.core.sqlite;
    seedGenerated(sqlite, 3000, now - DAY);
    const at = now - 3600_000;
    const first = insertObservation(sqlite, {
      project: 'webshop',
      title: 'Asked: make checkout retries idempotent',
      narrative:
        'Asked: make checkout retries idempotent\nClaude: added an idempotency key to the checkout call.\n' +
        'Ended: The checkout call now sends an idempotency key derived from the cart id, so a retried ' +
        'request can never charge twice; the payment tests were rerun against the sandbox and the ' +
        'refund flow was checked by hand as well. Everything is committed and pushed.',
      type: 'episode',
      toolName: 'memtray:episode',
      at,
    });
    const session = first.sessionId;
    ids.episode = first.id;
    const add = (
      name: string,
      o: Omit<Parameters<typeof insertObservation>[1], 'project' | 'session'>,
    ): void => {
      ids[name] = insertObservation(sqlite, { ...o, project: 'webshop', session }).id;
    };
    add('decision', {
      title: 'Decided: keep Stripe webhooks (not polling)',
      type: 'decision',
      toolName: 'memtray:decision',
      at: at + 1000,
    });
    add('broken', {
      title: 'Command failed: Run the payment tests',
      facts: [
        'command: npm run test:payments',
        'is_test: true',
        'exit_status: 1',
        'error: 3 tests failed in refund.spec.ts',
      ],
      type: 'failure',
      toolName: 'Bash',
      toolInput: { command: 'npm run test:payments' },
      at: at + 2000,
    });
    // Failed calls are stored as ingest stores them: subtitle "<error> — <command>", the command
    // in the tool input.
    const subtitle = (id: number, text: string): void => {
      sqlite.prepare('UPDATE observations SET subtitle = ?, failed = 1 WHERE id = ?').run(text, id);
    };
    subtitle(ids.broken!, '3 tests failed in refund.spec.ts — npm run test:payments');
    add('fixedLater', {
      title: 'Command failed: Build the bundle',
      type: 'failure',
      toolName: 'Bash',
      toolInput: { command: 'npm run build' },
      at: at + 3000,
    });
    subtitle(ids.fixedLater!, 'error: missing entry — npm run build');
    add('rebuilt', {
      title: 'Build the bundle',
      type: 'build',
      toolName: 'Bash',
      toolInput: { command: 'npm run build -- --prod' },
      at: at + 4000,
    });
    // A step that sets the command up (a config written with printf) is not what ran: the checker
    // run again after it, in another chain, fixed it.
    add('leakFound', {
      title: 'Command failed: Valgrind, config with an error',
      type: 'failure',
      toolName: 'Bash',
      toolInput: {
        command:
          "printf 'sise 5\\n' > /tmp/bad.conf && valgrind --leak-check=full ./shopctl -f /tmp/bad.conf",
      },
      at: at + 3500,
    });
    subtitle(ids.leakFound!, 'definitely lost: 11 bytes in 1 blocks — valgrind ./shopctl');
    add('leakFixed', {
      title: 'Valgrind again',
      type: 'command',
      toolName: 'Bash',
      toolInput: {
        command:
          'make -s && valgrind --leak-check=full ./shopctl -f /tmp/bad.conf 2>&1 | grep -E "lost|ERROR"',
      },
      at: at + 3600,
    });
    // Fixed by a longer form of the same command (flags and arguments added).
    add('pushFailed', {
      title: 'Command failed: git push 2>&1',
      type: 'failure',
      toolName: 'Bash',
      toolInput: { command: 'git push 2>&1' },
      at: at + 4100,
    });
    subtitle(ids.pushFailed!, 'fatal: The current branch feature has no upstream branch. — git push 2>&1');
    add('pushed', {
      title: 'Ran: git push --set-upstream origin feature 2>&1',
      type: 'command',
      toolName: 'Bash',
      toolInput: { command: 'cd /home/dev/webshop && git push --set-upstream origin feature 2>&1' },
      at: at + 4200,
    });
    add('log', {
      title: 'Show history',
      facts: [
        'command: git log --oneline',
        'commit hash 1a2b3c4: checkout: retry with backoff',
        'commit hash 0f9e8d7: first checkout',
      ],
      type: 'command',
      toolName: 'Bash',
      toolInput: { command: 'git log --oneline' },
      at: at + 4250,
    });
    add('commit', {
      title: 'Commit the idempotency key',
      facts: [
        'commit hash 5d6e7f8: checkout: idempotency key',
        'commit hash 1a2b3c4: checkout: retry with backoff',
      ],
      type: 'command',
      toolName: 'Bash',
      toolInput: { command: 'git commit -qm "checkout: idempotency key" && git log --oneline -2' },
      at: at + 4280,
    });
    for (const [i, command] of ['npm run test:unit 2>&1 | tail -5', 'npm run test:unit'].entries())
      add(`tested${i}`, {
        title: 'Run the unit tests',
        type: 'test',
        toolName: 'Bash',
        toolInput: { command },
        at: at + 4260 + i,
      });
    add('flaky', {
      title: 'Tests failed: Run the flaky suite',
      type: 'test',
      toolName: 'Bash',
      toolInput: { command: 'npm run test:flaky' },
      at: at + 4270,
    });
    add('edit', {
      title: 'Edited src/checkout/retry.ts',
      type: 'change',
      toolName: 'Edit',
      filesModified: ['/home/dev/webshop/src/checkout/retry.ts'],
      at: at + 4300,
    });
    sqlite
      .prepare(
        `INSERT INTO session_summaries (session_id, request, completed, next_steps, produced_by, created_at, updated_at)
         VALUES (?, 'Idempotent checkout', 'Idempotency key added', 'Wire the refund path to the same key', 'rules', ?, ?)`,
      )
      .run(session, at + 5000, at + 5000);
  });
  afterAll(async () => {
    await t.dispose();
  });

  it('leads with open threads, last turns, decisions and unfixed failures, within budget', async () => {
    const r = await t.api('GET', '/api/context/inject?project=webshop');
    expect(r.status).toBe(200);
    const text = r.text;
    expect(estimateTokens(text)).toBeLessThanOrEqual(1500);
    const at = (s: string): number => text.indexOf(s);
    expect(at('Wire the refund path to the same key')).toBeGreaterThan(0);
    expect(at(`#${ids.episode} `)).toBeGreaterThan(0);
    expect(at(`#${ids.decision} `)).toBeGreaterThan(0);
    expect(text).toMatch(
      new RegExp(`#${ids.broken} .*Run the payment tests.*3 tests failed in refund\\.spec\\.ts`),
    );
    // A failure followed by the same command succeeding is not listed as unfixed.
    const failures = /## Failures not fixed yet\n((?:- .*\n)+)/.exec(text)?.[1] ?? '';
    expect(failures).toContain(`#${ids.broken} `);
    expect(failures).not.toContain(`#${ids.fixedLater} `);
    expect(failures).not.toContain(`#${ids.pushFailed} `);
    expect(failures).not.toContain(`#${ids.leakFound} `);
    const index = at('## Recent observations');
    for (const s of ['Wire the refund path', `#${ids.episode} `, `#${ids.decision} `, `#${ids.broken} `])
      expect(at(s)).toBeLessThan(index === -1 ? Number.POSITIVE_INFINITY : index);
    expect(text).not.toMatch(/is_test|exit_status/);
  });

  it('says how the last turn ended, its last sentence included, and which files changed', async () => {
    const text = (await t.api('GET', '/api/context/inject?project=webshop')).text;
    const turns = /## Last turns \(newest first\)\n((?:- .*\n)+)/.exec(text)?.[1] ?? '';
    expect(turns).toMatch(
      new RegExp(`#${ids.episode} .*Asked: make checkout retries idempotent → Ended: The checkout call`),
    );
    // A long final answer keeps its opening and its last sentence (where things stand).
    expect(turns).toContain('Everything is committed and pushed.');
    const files = /## Files changed recently \(newest first\)\n((?:- .*\n)+)/.exec(text)?.[1] ?? '';
    expect(files).toContain('src/checkout/retry.ts');
    expect(files).not.toContain('/home/dev/webshop/');
  });

  it('lists the commits the latest git commands showed, newest first, each once', async () => {
    const text = (await t.api('GET', '/api/context/inject?project=webshop')).text;
    const commits = /## Recent commits \(newest first\)\n((?:- .*\n)+)/.exec(text)?.[1] ?? '';
    expect(commits).toBe(
      `- #${ids.commit} 5d6e7f8 checkout: idempotency key\n` +
        `- #${ids.commit} 1a2b3c4 checkout: retry with backoff\n` +
        `- #${ids.log} 0f9e8d7 first checkout\n`,
    );
  });

  it('says how the project is built and tested: the steps that did not fail, the most used first', async () => {
    const text = (await t.api('GET', '/api/context/inject?project=webshop')).text;
    const steps = /## Build and test \(steps that ran without failing, most used first\)\n((?:- .*\n)+)/.exec(
      text,
    )?.[1];
    expect(steps).toBe('- `npm run test:unit` (×2)\n- `npm run build -- --prod`\n');
  });

  it('at a small budget keeps the leading sections and drops index lines first', async () => {
    await t.api('PUT', '/api/settings', { context: { tokenBudget: 300 } });
    try {
      const text = (await t.api('GET', '/api/context/inject?project=webshop')).text;
      expect(estimateTokens(text)).toBeLessThanOrEqual(300);
      expect(text).toContain(`## Last turns (newest first)\n- #${ids.episode} `);
      expect(text).toContain('## Files changed recently (newest first)\n- src/checkout/retry.ts');
      expect(text).not.toContain('## Recent observations');
      expect(text).not.toMatch(/^- #\d+ \d\d:\d\d /m); // no index line (id time type title)
    } finally {
      await t.api('PUT', '/api/settings', { context: { tokenBudget: 1500 } });
    }
  });
});
