/**
 * A write the kernel cuts short, for real and without root: the writer runs in a child process
 * under a file size limit (`ulimit -f`), so `write` returns fewer bytes than asked and then fails
 * with EFBIG, as on a full disk. The append keeps its whole lines, cuts the torn one off and says
 * how many records reached the file.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readLines } from '../../electron/core/sync/segment.js';
import { tempDir } from '../helpers/service.js';

const LIMIT_BLOCKS = 8; // 512-byte blocks: 4,096 bytes per file

function runLimited(dir: string): { first: number | string; second: number | string } {
  const script = join(dir, 'append.ts');
  const writer = join(process.cwd(), 'electron', 'core', 'sync', 'writer.ts');
  writeFileSync(
    script,
    `import { SegmentWriter } from ${JSON.stringify(writer)};
const w = new SegmentWriter(${JSON.stringify(join(dir, 'm'))}, 'feedfacefeedface', 'host', () => 1);
const recs = (from: number) => Array.from({ length: 20 }, (_, i) => (
  { k: 'tombstone' as const, kind: 'session' as const, uid: ('u' + (from + i)).padEnd(200, 'x'), at: 1 }));
const tryAppend = (from: number) => {
  try { w.append(recs(from)); return 'all'; }
  catch (e) { const n = (e as { records?: unknown }).records; return typeof n === 'number' ? n : String(e); }
};
console.log(JSON.stringify({ first: tryAppend(0), second: tryAppend(100) }));`,
  );
  const out = execFileSync(
    'sh',
    ['-c', `ulimit -f ${LIMIT_BLOCKS}; exec "$0" --import tsx "$1"`, process.execPath, script],
    { cwd: process.cwd() },
  );
  return JSON.parse(out.toString()) as { first: number | string; second: number | string };
}

describe('a short write to a segment', () => {
  it('keeps the whole lines, cuts the torn one off, and counts only what reached the file', () => {
    const dir = tempDir('memtray-short-');
    const r = runLimited(dir);
    const seg = readdirSync(join(dir, 'm')).find((f) => f.endsWith('.mseg'))!;
    const file = join(dir, 'm', seg);
    const read = readLines(file, 0);
    // Header plus some of the 20 records, not all (they do not fit in 4,096 bytes), none torn.
    expect(typeof r.first).toBe('number');
    expect(r.first).toBeGreaterThan(0);
    expect(r.first).toBeLessThan(20);
    expect(read.stop).toBeNull();
    expect(read.lines).toHaveLength(1 + (r.first as number));
    expect(readFileSync(file).at(-1)).toBe(10);
    // The next append (the file is at its limit) writes nothing and says so.
    expect(r.second).toBe(0);
    expect(readLines(file, 0).lines).toHaveLength(1 + (r.first as number));
  });
});
