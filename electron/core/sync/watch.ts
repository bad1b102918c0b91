/**
 * Watching the sync folder for other machines' writes: `memtray/` itself (a machine's folder
 * appearing) and each peer's folder, none recursively. A recursive watch on Linux watches every
 * folder and file under it, so a folder filled with junk would cost that much; here the cost is
 * one watch per machine, and only names MemTray reads (`*.mseg`, a machine's folder) trigger a read.
 */
import { watch, type FSWatcher } from 'node:fs';
import { join } from 'node:path';
import { machineIdSchema } from '../../shared/contract/sync.js';
import { listPeers } from './folder.js';
import { SEGMENT_EXT } from './segment.js';

const ROOT = '';

export class FolderWatcher {
  private readonly watchers = new Map<string, FSWatcher>();

  constructor(
    private readonly root: string,
    private readonly self: string,
    private readonly onChange: () => void,
    private readonly onError: (err: unknown) => void,
  ) {}

  start(): void {
    this.add(this.root, ROOT);
    void this.follow();
  }

  /** Watches the peer folders there are now, and stops watching those that went. */
  async follow(): Promise<void> {
    const peers = new Set(await listPeers(this.root, this.self));
    if (!this.watchers.has(ROOT)) return;
    for (const [key, w] of this.watchers)
      if (key !== ROOT && !peers.has(key)) {
        w.close();
        this.watchers.delete(key);
      }
    for (const p of peers) if (!this.watchers.has(p)) this.add(join(this.root, p), p);
  }

  close(): void {
    for (const w of this.watchers.values()) w.close();
    this.watchers.clear();
  }

  private add(dir: string, key: string): void {
    try {
      const w = watch(dir, (_ev, name) => this.event(key, typeof name === 'string' ? name : null));
      w.on('error', (err) => {
        w.close();
        this.watchers.delete(key);
        if (key === ROOT) this.onError(err);
      });
      this.watchers.set(key, w);
    } catch (err) {
      // A peer's folder that went meanwhile is not a problem; the root's watch failing is.
      if (key === ROOT) this.onError(err);
    }
  }

  private event(key: string, name: string | null): void {
    if (key === ROOT) {
      if (name === null || (name !== this.self && machineIdSchema.safeParse(name).success))
        void this.follow().then(this.onChange);
    } else if (name === null || name.endsWith(SEGMENT_EXT)) this.onChange();
  }
}
