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
let mixed: number;
const now = Date.now();

beforeAll(() => {
  core = createCore({ dataDir: tempDir(), migrationsDir: MIGRATIONS_DIR, ...featureCoreOptions() });
  sqlite = core.sqlite;
  engine = new SearchEngine(sqlite, () => now);
  // The first session set the quincelatch default; the later one, newer, has many memories
  // sharing the question's words.
  older = insertObservation(sqlite, {
    project: 'ledger',
    title: 'Introduced the quincelatch default',
    facts: ['retry budget default of 3 attempts'],
    type: 'change',
    at: now - 30 * DAY,
  }).id;
  const later = insertObservation(sqlite, {
    project: 'ledger',
    title: 'Quincelatch default for the retry budget raised where it was introduced',
    type: 'change',
    at: now - DAY,
  }).sessionId;
  for (let i = 0; i < 8; i++)
    insertObservation(sqlite, {
      project: 'ledger',
      session: later,
      title: `Quincelatch default for the retry budget of worker ${i}, as introduced`,
      type: 'change',
      at: now - DAY + i * 60_000,
    });
  // Another project: two sessions already share the first page.
  mixed = insertObservation(sqlite, {
    project: 'infra',
    title: 'Wrote the plimbo gauge',
    facts: ['plimbo gauge'],
    type: 'change',
    at: now - 20 * DAY,
  }).sessionId;
  const plimbo = insertObservation(sqlite, {
    project: 'infra',
    title: 'Plimbo gauge export of the worker pool',
    type: 'change',
    at: now - 2 * DAY,
  }).sessionId;
  for (let i = 0; i < 6; i++)
    insertObservation(sqlite, {
      project: 'infra',
      session: i % 2 === 0 ? plimbo : mixed,
      title: `Plimbo gauge export of the worker pool ${i}`,
      type: 'change',
      at: now - 2 * DAY + i * 60_000,
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
