/**
 * Notices the hook spool appearing while the service runs, without polling: `fs.watch` on the data
 * dir, filtered on the spool's name (the hook creates the file, then appends to it; each of those
 * is an event). A slow safety poll stays for file systems where the watch misses changes (a data
 * dir on a network share written from another machine). If the watch cannot be set up at all
 * (inotify limits), or fails later, the poll runs at the old fast pace instead.
 *
 * `onSpool` only has to be cheap and idempotent: it is called for every event on the spool's name
 * (its own rename when it claims the file included) and checks for the file itself.
 */
import { watch as fsWatch, type FSWatcher } from 'node:fs';
import { basename, dirname } from 'node:path';
import type { Logger } from '../util/logger.js';

interface SpoolWatchOptions {
  /** Safety poll while the watch works (default 60 s). */
  safetyPollMs?: number;
  /** Poll when there is no watch (default 5 s). */
  fallbackPollMs?: number;
  logger: Logger;
  /** fs.watch, replaceable in tests. */
  watch?: (dir: string, listener: (event: string, name: string | null) => void) => FSWatcher;
}

const defaultWatch: NonNullable<SpoolWatchOptions['watch']> = (dir, listener) =>
  fsWatch(dir, { persistent: false }, (event, name) => listener(event, name));

/** Starts watching for `file`; returns the function that stops it. */
export function watchSpool(file: string, onSpool: () => void, opts: SpoolWatchOptions): () => void {
  const name = basename(file);
  let poll: NodeJS.Timeout | null = null;
  let watcher: FSWatcher | null = null;
  const pollEvery = (ms: number): void => {
    if (poll) clearInterval(poll);
    poll = setInterval(onSpool, ms);
    poll.unref();
  };
  const fallBack = (err: unknown): void => {
    watcher?.close();
    watcher = null;
    pollEvery(opts.fallbackPollMs ?? 5000);
    opts.logger.info('capture: cannot watch the data dir; polling for the spool instead', {
      err: err as Error,
    });
  };
  try {
    // A null name (some platforms do not say which file changed) may be the spool.
    watcher = (opts.watch ?? defaultWatch)(dirname(file), (_event, changed) => {
      if (changed === null || changed === name) onSpool();
    });
    watcher.on('error', fallBack);
    pollEvery(opts.safetyPollMs ?? 60_000);
  } catch (err) {
    fallBack(err);
  }
  return () => {
    if (poll) clearInterval(poll);
    watcher?.close();
    poll = null;
    watcher = null;
  };
}
