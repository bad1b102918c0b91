/**
 * A search asked from a project (`prefer`, what the MCP server passes for Claude's cwd): that
 * project's memories are searched on their own too and count double, so a year of other projects'
 * work sharing the question's words does not bury them; other projects' memories still come, below
 * its strong matches, and a `project` filter overrides the preference. Real SQLite file, the real
 * engine.
 */
import type Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../electron/core/core.js';
import { featureCoreOptions } from '../../electron/core/features.js';
import { SearchEngine, type SearchParams } from '../../electron/core/recall/search.js';
import { MIGRATIONS_DIR, tempDir } from '../helpers/service.js';
import { ASKED_FROM_QUESTION, seedAskedFrom } from './seed.js';

let core: Core;
let sqlite: Database.Database;
let engine: SearchEngine;
let answer: number;
const now = Date.now();
const Q = ASKED_FROM_QUESTION;

beforeAll(() => {
  core = createCore({ dataDir: tempDir(), migrationsDir: MIGRATIONS_DIR, ...featureCoreOptions() });
  sqlite = core.sqlite;
  engine = new SearchEngine(sqlite, () => now);
  // The answer: months old, in project pricebook; infra's newer work shares its words.
  answer = seedAskedFrom(sqlite, { project: 'pricebook', other: 'infra', others: 40, now });
});
afterAll(() => core.close());

const ids = (p: Partial<SearchParams>): number[] =>
  engine.search({ q: Q, limit: 10, ...p }).items.map((i) => i.id);

describe('search asked from a project', () => {
  it('without it, the other project fills the page and the answer is not on it', () => {
    expect(ids({})).not.toContain(answer);
  });

  it("from the answer's project, the answer comes first among its project's and near the top", () => {
    const got = ids({ prefer: 'pricebook' });
    expect(got).toContain(answer);
    expect(got.indexOf(answer)).toBeLessThan(3);
  });

  it("still shows other projects' memories below it, in their own order", () => {
    const got = ids({ prefer: 'pricebook' });
    expect(got[0]).toBe(answer);
    expect(got.slice(1)).toEqual(ids({}).slice(0, 9));
  });

  it('a project filter overrides it; an unknown project changes nothing', () => {
    expect(ids({ project: 'infra', prefer: 'pricebook' })).toEqual(ids({ project: 'infra' }));
    expect(ids({ prefer: 'no-such-project' })).toEqual(ids({}));
  });
});
