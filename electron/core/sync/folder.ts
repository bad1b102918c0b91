/**
 * Listing the sync folder, which anything may have filled: only real folders (not links) count as
 * machines, only regular files named `*.mseg` as segments; other names are ignored, and a `*.mseg`
 * that is a link, a FIFO, a device or a folder is refused and reported. Other machines' folders are
 * listed asynchronously (entries come in batches read off the main thread, so a folder of a
 * million junk files does not hold the event loop), and every listing stops at a bound.
 */
import { lstatSync, opendirSync, type Dirent } from 'node:fs';
import { opendir } from 'node:fs/promises';
import { join } from 'node:path';
import { machineIdSchema } from '../../shared/contract/sync.js';
import { readBounded } from './safe-fs.js';
import { SEGMENT_EXT } from './segment.js';

/** Entries of this machine's own folder kept and looked at, at most (it holds a few dozen). */
const MAX_ENTRIES = 10_000;
const MAX_OWN_SCAN = 100_000;
/** Entries of a folder looked at, at most. */
const MAX_SCAN = 1_000_000;
/** Machines read, and segments of one machine, at most. */
const MAX_PEERS = 256;
const MAX_SEGMENTS = 10_000;

export interface Listing {
  entries: Dirent[];
  /** More entries than the bound: the rest was not looked at. */
  truncated: boolean;
}

/**
 * Up to `max` of the entries of `dir` that `want` takes, looking at no more than 100,000 (a
 * synchronous listing: this machine's own folder).
 */
export function listDir(dir: string, want: (e: Dirent) => boolean, max = MAX_ENTRIES): Listing {
  const entries: Dirent[] = [];
  let d;
  try {
    d = opendirSync(dir, { bufferSize: 256 });
  } catch {
    return { entries, truncated: false };
  }
  try {
    let seen = 0;
    for (let e = d.readSync(); e !== null; e = d.readSync()) {
      if (++seen > MAX_OWN_SCAN) return { entries, truncated: true };
      if (!want(e)) continue;
      if (entries.length >= max) return { entries, truncated: true };
      entries.push(e);
    }
    return { entries, truncated: false };
  } catch {
    return { entries, truncated: true };
  } finally {
    d.closeSync();
  }
}

/**
 * Scans `dir` without holding the event loop, keeping at most `keep` of the entries `want` takes;
 * none when it is missing or unreadable.
 */
async function scanDir(dir: string, want: (e: Dirent) => boolean, keep: number): Promise<Listing> {
  const entries: Dirent[] = [];
  let seen = 0;
  try {
    // The iterator closes the folder however the loop ends.
    for await (const e of await opendir(dir, { bufferSize: 256 })) {
      if (++seen > MAX_SCAN) return { entries, truncated: true };
      if (!want(e)) continue;
      if (entries.length >= keep) return { entries, truncated: true };
      entries.push(e);
    }
  } catch (err) {
    return { entries, truncated: (err as NodeJS.ErrnoException).code !== 'ENOENT' && seen > 0 };
  }
  return { entries, truncated: false };
}

/** Other machines' folders under `root`: real folders named by a machine id, sorted. */
export async function listPeers(root: string, self: string): Promise<string[]> {
  return (await scanDir(root, (e) => isPeer(e, self), MAX_PEERS)).entries.map((e) => e.name).sort();
}

const isPeer = (e: Dirent, self: string): boolean =>
  e.isDirectory() && e.name !== self && machineIdSchema.safeParse(e.name).success;

export interface Segments {
  /** Regular `*.mseg` files, oldest first. */
  files: string[];
  /** `*.mseg` names that are not regular files, with why (not read). */
  refused: Array<{ name: string; why: string }>;
  truncated: boolean;
}

function kindOf(e: Dirent): string {
  if (e.isSymbolicLink()) return 'a link';
  if (e.isFIFO()) return 'a FIFO';
  if (e.isDirectory()) return 'a folder';
  if (e.isCharacterDevice() || e.isBlockDevice()) return 'a device';
  return 'not a regular file';
}

function segments(l: Listing): Segments {
  const files: string[] = [];
  const refused: Segments['refused'] = [];
  for (const e of l.entries) {
    if (e.isFile()) files.push(e.name);
    else refused.push({ name: e.name, why: `${kindOf(e)}, not a regular file: not read` });
  }
  return { files: files.sort(), refused, truncated: l.truncated };
}

/** Every other machine's folder under `root` with its segments, listed without holding the event loop. */
export async function listFolder(root: string, self: string): Promise<Map<string, Segments>> {
  const out = new Map<string, Segments>();
  for (const p of await listPeers(root, self))
    out.set(p, segments(await scanDir(join(root, p), (e) => e.name.endsWith(SEGMENT_EXT), MAX_SEGMENTS)));
  return out;
}

/** Size of a regular file, null for anything else (a link is not followed). */
export function regularSize(path: string): { size: number; mtimeMs: number } | null {
  try {
    const s = lstatSync(path);
    return s.isFile() ? { size: s.size, mtimeMs: s.mtimeMs } : null;
  } catch {
    return null;
  }
}

/** The host name a machine gave in its `machine.json` (4 KiB read at most), null if none. */
export function peerName(dir: string): string | null {
  try {
    const v = JSON.parse(readBounded(join(dir, 'machine.json'), 4096).toString('utf8')) as {
      name?: unknown;
    };
    return typeof v.name === 'string' ? v.name.slice(0, 64) : null;
  } catch {
    return null;
  }
}
