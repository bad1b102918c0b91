/**
 * Keeps Claude Code's auto-memory notes current as memories: a scan stores new and changed note
 * files and removes the notes whose file is gone. `fs.watch` asks for a scan (debounced), so nothing
 * runs while the files stay as they are: on the root (a project folder appears), on each memory
 * folder (a note changes) and on each project folder without one yet (only its `memory` entry
 * counts). The service also asks for a scan at session ends and settings changes.
 */
import { watch as fsWatch, type FSWatcher } from 'node:fs';
import type { Core } from '../core.js';
import { noteFiles, parseNote, projectFolders, projectPathFor, readNote } from './auto-memory.js';
import { join } from 'node:path';

interface AutoMemoryCounts {
  stored: number;
  removed: number;
  skipped: number;
}

interface AutoMemorySyncOptions {
  /** Claude Code's projects folder (`~/.claude/projects`). */
  root: string;
  /** Quiet time after a change before the scan (ms, default 300). */
  debounceMs?: number;
  /** Runs a scan after what is queued (the capture plugin's chain); default: at once. */
  enqueue?: (what: string, fn: () => Promise<unknown>) => void;
}

export class AutoMemorySync {
  private readonly watchers = new Map<string, FSWatcher>();
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  private readonly knownCwds: () => string[];

  constructor(
    private readonly core: Core,
    private readonly opts: AutoMemorySyncOptions,
  ) {
    const stmt = core.sqlite
      .prepare<[], string>('SELECT DISTINCT cwd FROM sessions WHERE cwd IS NOT NULL')
      .pluck();
    this.knownCwds = () => stmt.all();
  }

  /** Stores what changed under the root since the last scan and watches the folders found. */
  scan(): AutoMemoryCounts {
    const c: AutoMemoryCounts = { stored: 0, removed: 0, skipped: 0 };
    if (this.stopped) return c;
    const stored = this.core.ingest.autoMemory.stored();
    const seen = new Set<string>();
    const watched = new Set<string>([this.opts.root]);
    this.watch(this.opts.root);
    const cwds = this.knownCwds();
    for (const [folder, dir] of projectFolders(this.opts.root)) {
      if (dir === null) {
        const projectDir = join(this.opts.root, folder);
        watched.add(projectDir);
        this.watch(projectDir, (name) => name === null || name === 'memory');
        continue;
      }
      watched.add(dir);
      this.watch(dir);
      const cwd = projectPathFor(folder, join(this.opts.root, folder), cwds);
      for (const f of noteFiles(dir)) {
        seen.add(f.file);
        if (!cwd) {
          c.skipped++;
          continue;
        }
        if (stored.get(f.file) === f.stamp) continue;
        const text = readNote(f.file);
        if (text === null) continue;
        const r = this.core.ingest.autoMemory.upsert({
          cwd,
          file: f.file,
          stamp: f.stamp,
          ...parseNote(f.file, text),
        });
        if (r.stored) c.stored++;
        else if (!r.unchanged) c.skipped++;
      }
    }
    for (const file of stored.keys())
      if (file.startsWith(this.opts.root) && !seen.has(file) && this.core.ingest.autoMemory.remove(file))
        c.removed++;
    for (const dir of [...this.watchers.keys()]) if (!watched.has(dir)) this.unwatch(dir);
    return c;
  }

  /** Scans once (which sets up the watches). */
  start(): void {
    this.soon(0);
  }

  /** A scan after the quiet time (changes in a burst make one scan). */
  soon(delayMs = this.opts.debounceMs ?? 300): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      const run = async (): Promise<void> => {
        const c = this.scan();
        if (c.stored + c.removed > 0) this.core.logger.info('capture: auto memory updated', { ...c });
      };
      if (this.opts.enqueue) this.opts.enqueue('auto memory', run);
      else void run();
    }, delayMs);
    this.timer.unref();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    for (const dir of [...this.watchers.keys()]) this.unwatch(dir);
  }

  /** Watches a folder; `wants` picks the entries whose changes ask for a scan (default: all). */
  private watch(dir: string, wants: (name: string | null) => boolean = () => true): void {
    if (this.watchers.has(dir) || this.stopped) return;
    try {
      const w = fsWatch(dir, { persistent: false }, (_event, name) => {
        if (wants(name)) this.soon();
      });
      w.on('error', () => this.unwatch(dir));
      this.watchers.set(dir, w);
    } catch {
      // Not there (yet) or no watch available: the scans the service asks for still run.
    }
  }

  private unwatch(dir: string): void {
    this.watchers.get(dir)?.close();
    this.watchers.delete(dir);
  }
}
