/**
 * The observation index's segment merges, in steps of bounded time.
 *
 * FTS5 writes each transaction's new terms as a new segment and merges segments as they pile up.
 * Left to itself ("automerge"), it does that merge work inside whichever COMMIT crosses its work
 * threshold: 64 leaf pages × the number of levels at once, 10–30 ms on the event loop under a
 * sustained flood, while the hooks committed just before wait for their answers (the
 * projector's commit p99 was 12 ms and its max 27 ms; without merging, 1.9 ms). Migration 0016
 * turns automerge off for the two observation indexes; the projector calls `step` between its
 * slices instead, each step about `budgetMs` of merge work, in its own turn of the event loop.
 *
 * The work and the resulting index are the same as automerge's (the same level rule: a level with
 * 4 segments, FTS5's `usermerge` default, is merged into the next); only when it runs changes. A
 * crisis merge (16 segments on one level) still happens inside a commit if the steps ever fall that
 * far behind.
 */
import type Database from 'better-sqlite3';
import { structureRecord } from './fts-structure.js';

/** The FTS5 tables the projector writes one segment per slice into (automerge off for them). */
export const MERGED_INDEXES = ['observations_fts', 'observations_trgm'] as const;

const MIN_PAGES = 8;
const MAX_PAGES = 4_000;

interface Table {
  merge: Database.Statement;
  /** The index's structure record (its segments and levels): it changes with every segment. */
  structure: Database.Statement;
  /** The structure as the last step left it. */
  seen: Buffer | undefined;
  /** Measured milliseconds per row of the index's %_data written or deleted (moving average). */
  msPerChange: number;
  /** The segments changed since the last step, or it found work left. */
  pending: boolean;
}

/**
 * Sets or clears a merge hold (`IndexMerger.holdBuffer`): while set, the merger takes no steps.
 * The maintenance worker sets it while it merges an index into one segment (maintenance/optimize.ts):
 * a positive `merge` continues any merge in progress, so these steps would do that work on the
 * event loop.
 */
export function setMergeHold(buffer: SharedArrayBuffer | undefined, on: boolean): void {
  if (buffer) Atomics.store(new Int32Array(buffer), 0, on ? 1 : 0);
}

export class IndexMerger {
  private readonly tables: Table[];
  private readonly totalChanges: Database.Statement;
  /** The merge hold, shared with the maintenance worker (`setMergeHold`). */
  readonly holdBuffer = new SharedArrayBuffer(4);
  private readonly hold = new Int32Array(this.holdBuffer);

  constructor(sqlite: Database.Database) {
    this.totalChanges = sqlite.prepare('SELECT total_changes()').pluck();
    this.tables = MERGED_INDEXES.map((t) => {
      const structure = structureRecord(sqlite, t);
      return {
        merge: sqlite.prepare(`INSERT INTO ${t}(${t}, rank) VALUES('merge', ?)`),
        structure,
        // Work a previous run left is found when the next segment is written (a step merges any
        // level with enough segments, whichever wrote them).
        seen: structure.get() as Buffer | undefined,
        msPerChange: 0.02,
        pending: false,
      };
    });
  }

  /**
   * Rows were written (a slice was projected): the next steps look for work again in each index
   * whose segments changed since the last step (a slice of prompts alone changes none).
   */
  written(): void {
    for (const t of this.tables) {
      const now = t.structure.get() as Buffer | undefined;
      if (now && !(t.seen && now.equals(t.seen))) t.pending = true;
    }
  }

  /** Whether a step may find merge work (never while held: see `setMergeHold`). */
  get due(): boolean {
    return Atomics.load(this.hold, 0) === 0 && this.tables.some((t) => t.pending);
  }

  /**
   * Merges up to about `budgetMs` of pages (split between the indexes with work), each index in
   * one statement of the caller's transaction or its own. Returns whether work may remain.
   */
  step(budgetMs: number): boolean {
    if (Atomics.load(this.hold, 0) !== 0) return false;
    const busy = this.tables.filter((t) => t.pending);
    // Failing (storage trouble) it stops until new segments are written: never a retry loop.
    for (const t of busy) t.pending = false;
    const share = budgetMs / busy.length;
    for (const t of busy) {
      // About four changes per page asked (measured: a page written, those it replaces deleted).
      const pages = Math.max(MIN_PAGES, Math.min(MAX_PAGES, Math.floor(share / (4 * t.msPerChange))));
      const before = Number(this.totalChanges.get());
      const t0 = performance.now();
      t.merge.run(pages);
      const ms = performance.now() - t0;
      const changes = Number(this.totalChanges.get()) - before;
      // FTS5 counts two or more changes when the command merged anything (its documented test):
      // one per %_data row it wrote or deleted, so their number measures the work done.
      const worked = changes >= 2;
      if (changes >= 16) t.msPerChange = 0.7 * t.msPerChange + (0.3 * ms) / changes;
      // A step that merged nothing found no level with enough segments: none until new ones.
      t.pending = worked;
      t.seen = t.structure.get() as Buffer | undefined;
    }
    return this.due;
  }
}
