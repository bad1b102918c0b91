/**
 * Reading other machines' segments in slices: at most READ_SLICE records or SLICE_MS per turn of
 * the event loop, so hooks and requests are answered while a large backlog (a machine joining) is
 * applied. One read runs at a time; a read asked for meanwhile joins it (each slice lists the
 * folder again, so it sees what arrived since).
 */
import type { ImportReport } from '../../shared/contract/sync.js';
import { emptyReport } from './apply.js';
import { listFolder, type Segments } from './folder.js';
import type { PeerReader, ReadBudget } from './reader.js';

const READ_SLICE = 2000;
const SLICE_MS = 50;

export class SlicedReads {
  lastScanAt: number | null = null;
  private draining: Promise<number> | null = null;

  constructor(
    private readonly reader: PeerReader,
    private readonly self: string,
    private readonly clock: () => number,
    /** `<folder>/memtray` while sync is on and writable, else null. */
    private readonly root: () => string | null,
    /** What each peer's part of a slice was refused, and the end of a read. */
    private readonly after: { count(peer: string, report: ImportReport): void; settle(): void },
  ) {}

  /** Reads everything new; resolves to the records applied. */
  read(): Promise<number> {
    return (this.draining ??= this.drain());
  }

  /** Resolves once no read is in flight (a read in flight ends at its next slice once `root` is null). */
  idle(): Promise<void> {
    return this.draining
      ? this.draining.then(
          () => undefined,
          () => undefined,
        )
      : Promise.resolve();
  }

  private async drain(): Promise<number> {
    // From here on `draining` is set, so its end below clears it.
    await null;
    let n = 0;
    try {
      for (;;) {
        const root = this.root();
        if (!root) return n;
        // Listed before each slice (without holding the event loop), so a slice sees what arrived.
        const listing = await listFolder(root, this.self);
        if (this.root() !== root) return n;
        const s = this.slice(root, listing);
        n += s.n;
        if (!s.more) return n;
        await new Promise<void>((res) => setImmediate(res));
      }
    } finally {
      // Deletions settle once the whole backlog is read: a peer's many deletions are weighed
      // together (the hold), not a slice at a time.
      this.after.settle();
      this.draining = null;
    }
  }

  private slice(root: string, listing: Map<string, Segments>): { n: number; more: boolean } {
    const budget: ReadBudget = { left: READ_SLICE, deadline: performance.now() + SLICE_MS };
    let n = 0;
    for (const [peer, list] of listing) {
      const report = emptyReport();
      n += this.reader.readPeer(root, peer, list, report, budget);
      this.after.count(peer, report);
      if (budget.left <= 0) break;
    }
    this.lastScanAt = this.clock();
    return { n, more: budget.left <= 0 };
  }
}
