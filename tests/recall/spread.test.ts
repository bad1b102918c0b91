/**
 * A question about two sessions needs both on its first page: when the first five results come
 * from one session, the best result from another session takes fifth place. Real SQLite file, the
 * real engine.
 */
import type Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../electron/core/core.js';
import { featureCoreOptions } from '../../electron/core/features.js';
import { SearchEngine } from '../../electron/core/recall/search.js';
import { MIGRATIONS_DIR, tempDir } from '../helpers/service.js';
import { DAY, insertObservation } from './seed.js';

let core: Core;
let sqlite: Database.Database;
let engine: SearchEngine;
let older: number;
const now = Date.now();

/** A memory of `project` in a new session, or in `session`. */
const memory = (
  project: string,
  title: string,
  at: number,
  o: { session?: number; facts?: string[] } = {},
): { id: number; sessionId: number } =>
  insertObservation(sqlite, { project, title, type: 'change', at, ...o });

beforeAll(() => {
  core = createCore({ dataDir: tempDir(), migrationsDir: MIGRATIONS_DIR, ...featureCoreOptions() });
  sqlite = core.sqlite;
  engine = new SearchEngine(sqlite, () => now);
  // The first session set the quincelatch default; the later one, newer, has many memories
  // sharing the question's words.
  older = memory('ledger', 'Introduced the quincelatch default', now - 30 * DAY, {
    facts: ['retry budget default of 3 attempts'],
  }).id;
  const title = 'Quincelatch default for the retry budget';
  const later = memory('ledger', `${title} raised where it was introduced`, now - DAY).sessionId;
  for (let i = 0; i < 8; i++)
    memory('ledger', `${title} of worker ${i}, as introduced`, now - DAY + i * 60_000, { session: later });
  // Another project: two sessions already share the first page.
  const mixed = memory('infra', 'Wrote the plimbo gauge', now - 20 * DAY, {
    facts: ['plimbo gauge'],
  }).sessionId;
  const plimbo = memory('infra', 'Plimbo gauge export of the worker pool', now - 2 * DAY).sessionId;
  for (let i = 0; i < 6; i++)
    memory('infra', `Plimbo gauge export of the worker pool ${i}`, now - 2 * DAY + i * 60_000, {
      session: i % 2 === 0 ? plimbo : mixed,
    });
});
afterAll(() => core.close());

const ids = (q: string): number[] => engine.search({ q, limit: 5 }).items.map((i) => i.id);
const sessions = (q: string): number[] => engine.search({ q, limit: 5 }).items.map((i) => i.sessionId);

describe('a question about two sessions', () => {
  it('one session fills the first five without the cue', () => {
    const q = 'what is the quincelatch default of the retry budget?';
    expect(ids(q)).not.toContain(older);
    expect(new Set(sessions(q)).size).toBe(1);
  });

  it("gets the other session's best result in fifth place", () => {
    const q =
      'what quincelatch default did the first session set, and what is it for the retry budget later?';
    const got = ids(q);
    expect(got).toHaveLength(5);
    expect(got[4]).toBe(older);
    expect(new Set(sessions(q)).size).toBe(2);
  });

  it('changes nothing when the first five already come from two sessions', () => {
    const plain = ids('plimbo gauge export of the worker pool');
    expect(ids('plimbo gauge export of the worker pool, both times')).toEqual(plain);
  });
});
