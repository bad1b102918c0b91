/**
 * This install's machine id: 16 random hex characters in `<dataDir>/machine-id`, made once. It
 * names the machine's folder in the sync folder, the origin of what it exports and its Claude Code
 * auto-memory sessions (ingest/auto-memory.ts). A copied data dir keeps the id: give the copy a new
 * one by deleting the file before its first start.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { machineIdSchema } from '../../shared/contract/sync.js';

function read(file: string): string | null {
  try {
    const id = readFileSync(file, 'utf8').trim();
    return machineIdSchema.safeParse(id).success ? id : null;
  } catch {
    return null;
  }
}

export function machineId(dataDir: string): string {
  const file = join(dataDir, 'machine-id');
  const had = read(file);
  if (had) return had;
  const id = randomBytes(8).toString('hex');
  try {
    // Exclusive create: two processes starting at once agree on the first one's id.
    writeFileSync(file, `${id}\n`, { mode: 0o600, flag: 'wx' });
    return id;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const other = read(file);
  if (other) return other;
  // A damaged file: replace it.
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, `${id}\n`, { mode: 0o600 });
  renameSync(tmp, file);
  return id;
}

/** A short, printable host name shown to peers (no more: it is written into the shared folder). */
export function machineName(): string {
  return (
    hostname()
      .replace(/[^\w.-]/g, '')
      .slice(0, 64) || 'unknown'
  );
}
