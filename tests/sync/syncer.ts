/**
 * A simulated sync engine between two machines' copies of a sync folder, with the faults real
 * ones show: delays (nothing moves until `step`), partial copies (a file cut mid-record, or a hole
 * of zeros filled in later), reordering (newest files first) and duplicates (the same file copied
 * again, and once more under a conflict-copy name).
 */
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';

/** Small deterministic PRNG (mulberry32), so a failing run can be replayed. */
export { prng } from '../helpers/proof.js';

export interface Fault {
  torn: number;
  holes: number;
  duplicates: number;
  reordered: number;
}

export class Syncer {
  readonly faults: Fault = { torn: 0, holes: 0, duplicates: 0, reordered: 0 };
  constructor(private readonly rand: () => number) {}

  /** The files of one machine's folder under `root`, by name. */
  private files(root: string, machine: string): string[] {
    const dir = join(root, 'memtray', machine);
    return existsSync(dir) ? readdirSync(dir).sort() : [];
  }

  /**
   * One round of copying machine `m`'s files from `from` to `to`: each file that differs is copied
   * whole, cut short, or with a hole, in a shuffled order; some files are copied twice.
   */
  step(from: string, to: string, m: string, opts: { faults: boolean }): void {
    const src = join(from, 'memtray', m);
    const dst = join(to, 'memtray', m);
    mkdirSync(dst, { recursive: true });
    let names = this.files(from, m);
    if (opts.faults && names.length > 1) {
      names = [...names].reverse();
      this.faults.reordered++;
    }
    for (const n of names) {
      const data = readFileSync(join(src, n));
      const there = existsSync(join(dst, n)) ? statSync(join(dst, n)).size : -1;
      if (there === data.length && readFileSync(join(dst, n)).equals(data)) {
        if (opts.faults && this.rand() < 0.3) {
          copyFileSync(join(src, n), join(dst, n));
          this.faults.duplicates++;
        }
        continue;
      }
      const r = this.rand();
      if (!opts.faults || data.length < 64 || r < 0.4) {
        writeFileSync(join(dst, n), data);
      } else if (r < 0.7) {
        // Torn: cut anywhere past what is already there, most likely mid-record.
        const from = Math.max(0, there);
        const cut = from + 1 + Math.floor(this.rand() * (data.length - from - 1));
        writeFileSync(join(dst, n), data.subarray(0, cut));
        this.faults.torn++;
      } else {
        // A hole: the file at full length with a run of zeros where a block has not arrived yet
        // (past what the last copy brought).
        const from = Math.max(0, there);
        const at = from + Math.floor(this.rand() * (data.length - from - 1));
        const copy = Buffer.from(data);
        copy.fill(0, at, Math.min(data.length, at + 1 + Math.floor(this.rand() * 4096)));
        writeFileSync(join(dst, n), copy);
        this.faults.holes++;
      }
      if (opts.faults && n.endsWith('.mseg') && this.rand() < 0.2) {
        // Dropbox's and Syncthing's conflict copies: the whole file again under another name.
        writeFileSync(join(dst, n.replace('.mseg', '.sync-conflict-1.mseg')), data);
        this.faults.duplicates++;
      }
    }
  }

  /** Copies everything exactly (the sync engine caught up). */
  settle(from: string, to: string, m: string): void {
    this.step(from, to, m, { faults: false });
  }
}
