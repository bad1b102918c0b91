/**
 * Listing the sync folder, which anything may have filled: listings stop at a bound, only real
 * folders (not links) count as machines, only regular files named `*.mseg` as segments; other
 * names are ignored, and a `*.mseg` that is a link, a FIFO, a device or a folder is refused and
 * reported.
 */
import { lstatSync, opendirSync, type Dirent } from 'node:fs';
import { join } from 'node:path';
import { machineIdSchema } from '../../shared/contract/sync.js';
import { readBounded } from './safe-fs.js';
import { SEGMENT_EXT } from './segment.js';

/** Entries of one folder looked at, at most (a machine's folder holds a few dozen). */
export const MAX_ENTRIES = 10_000;
/** Machines read, at most. */
export const MAX_PEERS = 256;

export interface Listing {
  entries: Dirent[];
  /** More entries than the bound: the rest was not looked at. */
  truncated: boolean;
}

/** Up to `max` entries of `dir` (none when it is missing or unreadable). */
export function listDir(dir: string, max = MAX_ENTRIES): Listing {
  const entries: Dirent[] = [];
  let d;
  try {
    d = opendirSync(dir, { bufferSize: 256 });
  } catch {
    return { entries, truncated: false };
  }
  try {
    for (let e = d.readSync(); e !== null; e = d.readSync()) {
      if (entries.length >= max) return { entries, truncated: true };
      entries.push(e);
    }
    return { entries, truncated: false };
  } catch {
    return { entries, truncated: false };
  } finally {
    d.closeSync();
  }
}

/** Other machines' folders under `root`: real folders named by a machine id, sorted. */
export function peerDirs(root: string, self: string): string[] {
  return listDir(root)
    .entries.filter((e) => e.isDirectory() && e.name !== self && machineIdSchema.safeParse(e.name).success)
    .map((e) => e.name)
    .sort()
    .slice(0, MAX_PEERS);
}

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

export function segmentFiles(dir: string): Segments {
  const l = listDir(dir);
  const files: string[] = [];
  const refused: Segments['refused'] = [];
  for (const e of l.entries) {
    if (!e.name.endsWith(SEGMENT_EXT)) continue;
    if (e.isFile()) files.push(e.name);
    else refused.push({ name: e.name, why: `${kindOf(e)}, not a regular file: not read` });
  }
  return { files: files.sort(), refused, truncated: l.truncated };
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
