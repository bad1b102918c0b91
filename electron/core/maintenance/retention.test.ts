/**
 * Retention's walk on a real SQLite file: a run reads the rows after each table's mark only, the
 * mark stops at the first row that is not settled (recent, not projected, pending), rows past such
 * a row are still compacted, and write transactions are taken only for rows that change.
 */
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findMigrationsDir, openDatabase } from '../db/open.js';
import { applyRetention, DAY_MS } from './retention.js';

const NOW = Date.UTC(2026, 10, 27);
const OLD = NOW - 40 * DAY_MS;
const NEW = NOW - DAY_MS;
const big = (n: number): string => 'x'.repeat(n);
/** A tool event with nothing retention can drop: a response under `keep`, small inputs; over `keep` in all. */
const settledPayload = JSON.stringify({
  session_id: 's',
  tool_name: 'Read',
  tool_input: { file_path: '/a' },
  tool_response: big(900),
  cwd: big(400),
});
/** A tool event whose 5,000-character response goes. */
const bulkyPayload = JSON.stringify({
  session_id: 's',
  tool_name: 'Read',
  tool_input: { file_path: '/a' },
  tool_response: big(5000),
});

let dir: string;
let db: Database.Database;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'memtray-retention-'));
  db = openDatabase(join(dir, 'memtray.db'), { migrationsDir: findMigrationsDir(process.cwd()) }).sqlite;
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const addEvent = (payload: string, at: number, projected = 1): number =>
  Number(
    db
      .prepare('INSERT INTO events (event_name, payload, received_at, projected) VALUES (?, ?, ?, ?)')
      .run('PostToolUse', payload, at, projected).lastInsertRowid,
  );
const payloadOf = (id: number): string =>
  db.prepare('SELECT payload FROM events WHERE id = ?').pluck().get(id) as string;
const run = (now = NOW) => {
  let transactions = 0;
  const r = applyRetention(db, { rawDays: 30, now, batch: 25, between: () => transactions++ });
  return { ...r, transactions };
};

describe('retention walk', () => {
  it('a second run reads none of the rows the first settled, and writes nothing', () => {
    for (let i = 0; i < 600; i++) addEvent(settledPayload, OLD + i);
    const bulky = addEvent(bulkyPayload, OLD + 600);
    const first = run();
    expect(first.events).toBe(1);
    expect(JSON.parse(payloadOf(bulky))).toHaveProperty('memtray_retention');
    expect(first.scanned).toBe(601);
    // One write transaction, for the one row that changed (and the mark with it): the rows are read
    // outside any transaction. Before, each 25 rows read were a write transaction of their own.
    expect(first.transactions).toBe(1);
    const second = run();
    // Before the marks, every run read the 600 old events again, 25 per write transaction.
    expect(second).toMatchObject({ events: 0, observations: 0, scanned: 0, transactions: 0 });
  });

  it('a recent or unprojected row holds the mark; old rows past it are still compacted; later runs finish them', () => {
    const recent = addEvent(bulkyPayload, NEW);
    const unprojected = addEvent(bulkyPayload, OLD, 0);
    const past = addEvent(bulkyPayload, OLD);
    const first = run();
    expect(first.events).toBe(1);
    expect(JSON.parse(payloadOf(past))).toHaveProperty('memtray_retention');
    expect(payloadOf(recent)).toBe(bulkyPayload);
    expect(payloadOf(unprojected)).toBe(bulkyPayload);
    // Projected now, and the recent one grown old: the next runs reach both (the mark did not pass them).
    db.prepare('UPDATE events SET projected = 1 WHERE id = ?').run(unprojected);
    expect(run().events).toBe(1);
    expect(run(NOW + 31 * DAY_MS).events).toBe(1);
    expect(JSON.parse(payloadOf(recent))).toHaveProperty('memtray_retention');
    expect(run(NOW + 31 * DAY_MS).scanned).toBe(0);
  });
});
