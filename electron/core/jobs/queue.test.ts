/** The queue alone, on a real SQLite file with every migration: the one writer of `jobs`. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findMigrationsDir, openDatabase, type OpenedDatabase } from '../db/open.js';
import { Bus } from '../util/bus.js';
import { JobQueue, type AfterCommit } from './queue.js';

let dir: string;
let db: OpenedDatabase;
let now: number;
let bus: Bus;
let q: JobQueue;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'memtray-queue-'));
  db = openDatabase(join(dir, 'q.db'), { migrationsDir: findMigrationsDir(process.cwd()) });
  now = 1_000_000;
  bus = new Bus(() => undefined);
  q = new JobQueue(
    db.sqlite,
    () => now,
    bus,
    () => 0.5,
  );
  db.sqlite
    .prepare(
      "INSERT INTO sessions (claude_session_id, project, started_at, updated_at) VALUES ('c', 'p', 1, 1)",
    )
    .run();
  db.sqlite
    .prepare(
      'INSERT INTO observations (session_id, prompt_number, tool_name, created_at, updated_at) VALUES (1, 1, ?, 1, 1)',
    )
    .run('Bash');
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const status = (id: number): string =>
  db.sqlite.prepare('SELECT status FROM jobs WHERE id = ?').pluck().get(id) as string;

describe('JobQueue', () => {
  it('enqueue is idempotent per key and re-arms a settled job; its event waits for the commit', () => {
    const seen: string[] = [];
    bus.on('job-enqueued', (e) => seen.push(e.kind));
    const after: AfterCommit = [];
    const id = q.enqueue(
      { kind: 'summarize', subjectId: 1, key: 'summarize:1', payload: '{"a":1}', at: now },
      after,
    );
    expect(seen).toEqual([]);
    for (const f of after) f();
    expect(seen).toEqual(['summarize']);
    const leased = q.leaseNext(60_000)!;
    q.complete(leased.id);
    expect(status(id)).toBe('done');
    expect(
      q.enqueue({ kind: 'summarize', subjectId: 1, key: 'summarize:1', payload: '{"a":2}', at: now }),
    ).toBe(id);
    expect(status(id)).toBe('pending');
  });

  it('leases observe jobs before the session jobs they feed, and backs off a failure', () => {
    const sum = q.enqueue({ kind: 'summarize', subjectId: 1, key: 'summarize:1', at: now });
    const obs = q.enqueue({ kind: 'observe', subjectId: 1, key: 'observe:1', at: now });
    expect(q.leaseNext(60_000)!.id).toBe(obs);
    // The summary waits while its session's observe job is leased.
    expect(q.leaseNext(60_000)).toBeNull();
    expect(q.fail({ id: obs, attempts: 1 }, 'boom', { maxAttempts: 3 })).toBe('pending');
    expect(q.leaseNext(60_000)!.id).toBe(sum); // the observe job is backing off
    now += 10_000;
    expect(q.leaseNext(60_000)!.id).toBe(obs);
  });

  it('cancels a deleted session’s jobs and settles an observation a user wrote', () => {
    const obs = q.enqueue({ kind: 'observe', subjectId: 1, key: 'observe:1', at: now });
    q.settleObserve(1);
    expect(status(obs)).toBe('done');
    q.enqueue({ kind: 'episode', subjectId: 1, key: 'episode:1:1', at: now });
    q.enqueue({ kind: 'summarize', subjectId: 1, key: 'summarize:1', at: now });
    q.cancelForSession(1);
    expect(db.sqlite.prepare('SELECT count(*) FROM jobs').pluck().get()).toBe(0);
  });
});
