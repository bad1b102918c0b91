/**
 * Reading other machines' segments in slices: at most READ_SLICE records or SLICE_MS per turn of
 * the event loop, so hooks and requests are answered while a large backlog (a machine joining) is
 * applied. One read runs at a time; a read asked for meanwhile joins it (each slice lists the
 * folder again, so it sees what arrived since).
 */
import { emptyReport } from './apply.js';
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
  ) {}

  /** Reads everything new; resolves to the records applied. */
  read(): Promise<number> {
    return (this.draining ??= this.drain());
  }

  private async drain(): Promise<number> {
    // From here on `draining` is set, so its end below clears it.
    await null;
    let n = 0;
    try {
      for (;;) {
        const s = this.slice();
        n += s.n;
        if (!s.more) return n;
        await new Promise<void>((res) => setImmediate(res));
      }
    } finally {
      this.draining = null;
    }
  }

  private slice(): { n: number; more: boolean } {
    const root = this.root();
    if (!root) return { n: 0, more: false };
    const report = emptyReport();
    const budget: ReadBudget = { left: READ_SLICE, deadline: performance.now() + SLICE_MS };
    let n = 0;
    for (const peer of this.reader.peers(root, this.self)) {
      n += this.reader.readPeer(root, peer, report, budget);
      if (budget.left <= 0) break;
    }
    this.lastScanAt = this.clock();
    return { n, more: budget.left <= 0 };
  }
}
