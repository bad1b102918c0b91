/**
 * A question names the work it is about ("when the quorbel test ran") and one session's prompts and
 * memories hold those words far more often than the rest: that session's hits are lifted, so its
 * memory that answers, which other sessions' newer memories outrank on the question's other words,
 * reaches the first page. A question no session clearly owns is ranked as before. Real SQLite file,
 * the real engine.
 */
import type Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../electron/core/core.js';
import { featureCoreOptions } from '../../electron/core/features.js';
import { SearchEngine } from '../../electron/core/recall/search.js';
import { MIGRATIONS_DIR, tempDir } from '../helpers/service.js';
import { DAY, insertObservation, insertPrompt } from './seed.js';

let core: Core;
let sqlite: Database.Database;
let engine: SearchEngine;
let answer: number;
let quorbel: number;
const now = Date.now();

const memory = (title: string, at: number, o: { session?: number; facts?: string[]; type?: string } = {}) =>
  insertObservation(sqlite, { project: 'gatekeep', title, type: o.type ?? 'change', at, ...o });

const prompt = (session: number, text: string, at: number): number => insertPrompt(sqlite, session, text, at);

beforeAll(() => {
  core = createCore({ dataDir: tempDir(), migrationsDir: MIGRATIONS_DIR, ...featureCoreOptions() });
  sqlite = core.sqlite;
  engine = new SearchEngine(sqlite, () => now);
  // The session that pinned the quorbel rounding in a test: its prompt and turn name it; its
  // memories are about the crate's unit tests, as the other sessions' are, and the answer (what
  // its test run printed) is one of them.
  const at = now - 20 * DAY;
  quorbel = memory('Asked: pin the quorbel rounding in a test', at, { type: 'episode' }).sessionId;
  prompt(quorbel, 'pin the quorbel rounding in a test, whole seconds', at);
  for (let i = 0; i < 3; i++)
    memory(`Unit tests of the crate, batch ${i}`, at + i * 1000, { session: quorbel, type: 'test' });
  for (let i = 0; i < 20; i++) memory(`Read src/part${i}.rs`, at + i * 1000, { session: quorbel });
  answer = memory('Unit tests of the crate, one by name', at + 60_000, {
    session: quorbel,
    type: 'test',
    facts: ['output: 1 passed; 0 failed; 3 filtered out'],
  }).id;
  // Other sessions, newer and as long: the crate's unit tests too, nothing about quorbel.
  for (let i = 0; i < 3; i++) {
    const t = now - (10 - i) * DAY;
    const s = memory(`Ran the unit tests of the crate (${i})`, t, { type: 'test' }).sessionId;
    prompt(s, `add unit tests to the crate, round ${i}`, t);
    for (let j = 0; j < 3; j++)
      memory(`Ran unit tests of the crate, module ${j}`, t + (j + 1) * 1000, { session: s, type: 'test' });
    for (let j = 0; j < 20; j++) memory(`Read src/mod${j}.rs`, t + j * 1000, { session: s });
  }
});
afterAll(() => core.close());

const ids = (q: string): number[] => engine.search({ q, limit: 5 }).items.map((i) => i.id);

describe('the session a question is about', () => {
  it("lifts the named session's memories onto the first page", () => {
    expect(ids('when the quorbel test ran alone, how many other unit tests did the crate have?')).toContain(
      answer,
    );
  });

  it('leaves the ranking alone when no session clearly leads', () => {
    // Asked without a count: a line stating one would lift the answer whatever session leads.
    const got = engine.search({ q: 'what did the unit tests of the crate print?', limit: 5 }).items;
    expect(got.map((i) => i.id)).not.toContain(answer);
    expect(got.every((i) => i.sessionId !== quorbel)).toBe(true);
  });
});
