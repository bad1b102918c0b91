/**
 * A recall test's own service: its clock pinned at NOW, memories seeded before the first search,
 * and a search's first page read through the API's own schema. Call inside a `describe`: it
 * registers the block's `beforeAll` and `afterAll`.
 */
import type Database from 'better-sqlite3';
import { afterAll, beforeAll, expect } from 'vitest';
import { searchPage, type SearchPage } from '../../electron/shared/contract/search.js';
import { startTestService, type TestService } from '../helpers/service.js';

/** 20 November 2026, noon UTC: what the pinned clock says. */
export const NOW = Date.UTC(2026, 10, 20, 12);

export interface Pinned {
  /** The service (set once the block's `beforeAll` ran). */
  service(): TestService;
  /** The first page of `GET /api/search` for `q`. */
  ask(q: string): Promise<SearchPage>;
}

export function pinnedService(seed: (sqlite: Database.Database) => void): Pinned {
  let t: TestService | undefined;
  const service = (): TestService => {
    if (t === undefined) throw new Error('the service starts in beforeAll');
    return t;
  };
  beforeAll(async () => {
    t = await startTestService({ clock: () => NOW });
    seed(t.service.core.sqlite);
  });
  afterAll(async () => t?.dispose());
  return {
    service,
    ask: async (q) => {
      const r = await service().api('GET', `/api/search?q=${encodeURIComponent(q)}`);
      expect(r.status).toBe(200);
      return searchPage.parse(r.json);
    },
  };
}
