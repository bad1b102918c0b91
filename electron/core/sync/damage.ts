/**
 * What keeps a peer's segment from being read on, per `peer/file`: a bad header, or a damaged
 * line. A damaged line is waited on (a sync tool's copy in progress mends it), unless the same
 * line stays damaged for the grace time: then it is skipped, and the skip stays in the peer's
 * status for as long as this service runs.
 */
import type { Damage } from './segment.js';

/** How long a damaged line may stay the same before it is skipped (a copy in progress mends sooner). */
export const DAMAGE_GRACE_MS = 5 * 60_000;

export class DamageLog {
  /** Per `peer/file`: why it is not read on. */
  private readonly why = new Map<string, string>();
  /** Per `peer/file`: the damaged line waited on (segment id, offset), and since when. */
  private readonly stuck = new Map<string, { segment: string; at: number; since: number }>();
  /** Per peer: damaged lines skipped since this service started, and the last one. */
  private readonly skipped = new Map<string, { n: number; last: string }>();

  constructor(
    private readonly clock: () => number,
    private readonly graceMs = DAMAGE_GRACE_MS,
  ) {}

  set(peer: string, file: string, why: string): void {
    this.why.set(`${peer}/${file}`, why);
  }

  /** The file read on cleanly. */
  clear(peer: string, file: string): void {
    this.why.delete(`${peer}/${file}`);
    this.stuck.delete(`${peer}/${file}`);
  }

  /**
   * A damaged line in segment `segment`: returns where to go on from when it is skipped now (it
   * stayed the same for the grace time and a newline follows it), null to wait.
   */
  damaged(peer: string, file: string, segment: string, d: Damage): number | null {
    const key = `${peer}/${file}`;
    const seen = this.stuck.get(key);
    const now = this.clock();
    if (!seen || seen.segment !== segment || seen.at !== d.damagedAt)
      this.stuck.set(key, { segment, at: d.damagedAt, since: now });
    else if (d.resumeAt !== null && now - seen.since >= this.graceMs) {
      this.clear(peer, file);
      const n = (this.skipped.get(peer)?.n ?? 0) + 1;
      this.skipped.set(peer, { n, last: `byte ${d.damagedAt} of ${file}` });
      return d.resumeAt;
    }
    this.why.set(key, `damaged record at byte ${d.damagedAt} (waiting for a whole copy)`);
    return null;
  }

  /** The peer's problem among its files still `present` (entries of files gone are dropped). */
  problem(peer: string, present: Set<string>): string | null {
    for (const [key, why] of this.why) {
      const [p, file] = key.split('/') as [string, string];
      if (p !== peer) continue;
      if (present.has(file)) return `${file}: ${why}`;
      this.why.delete(key);
      this.stuck.delete(key);
    }
    const sk = this.skipped.get(peer);
    return sk ? `${sk.n} damaged line(s) skipped, the last at ${sk.last}` : null;
  }
}
