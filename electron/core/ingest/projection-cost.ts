/**
 * What projecting journaled events costs, measured as it runs: one model the ingestor and the
 * projector share. Two moving averages, of two things: a whole slice per event as the projector
 * sees it (rows, index, commit), which sizes a paced slice; and the search index's share per event,
 * written after a slice's rows (withDeferredIndex), which the ingestor adds ahead to stop a slice at
 * its deadline before the index work that will follow it.
 */
const KEEP = 0.8;

export class ProjectionCost {
  /** A slice's time per event (ms). */
  private perEventMs = 0.5;
  /** The index's share per event (ms). */
  private indexPerEventMs = 0.05;

  /** A slice of `n` events took `ms` in all. */
  sliceTook(n: number, ms: number): void {
    if (n > 0) this.perEventMs = KEEP * this.perEventMs + ((1 - KEEP) * ms) / n;
  }

  /** The index work after a slice of `n` events took `ms`. */
  indexTook(n: number, ms: number): void {
    if (n > 0) this.indexPerEventMs = KEEP * this.indexPerEventMs + ((1 - KEEP) * ms) / n;
  }

  /** Events a slice of `budgetMs` holds at the measured cost (at least 1, at most `most`). */
  eventsWithin(budgetMs: number, most: number): number {
    return Math.max(1, Math.min(most, Math.floor(budgetMs / Math.max(0.01, this.perEventMs))));
  }

  /** Whether `n` events' rows done by `now` and their index share would reach `deadline`. */
  reaches(n: number, now: number, deadline: number): boolean {
    return now + n * this.indexPerEventMs >= deadline;
  }
}
