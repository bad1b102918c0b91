/**
 * FTS5's structure record (`<index>_data` row 10), decoded: the index's levels and, per level, its
 * segment ids and how many of them an ongoing merge takes as input. The layout is FTS5's
 * (`fts5StructureDecode` in fts5_index.c): a 4-byte cookie, an optional 4-byte V2 marker, then
 * varints: levels, segments, write counter; per level: merge inputs, segments, and per segment its
 * id, first and last leaf page (V2 adds five more per segment).
 */
import type Database from 'better-sqlite3';

interface FtsLevel {
  /** Segments of this level that an ongoing merge takes as input (0: none in progress). */
  merging: number;
  segments: number[];
}

const V2 = Buffer.from([0xff, 0x00, 0x00, 0x01]);

/** SQLite's varint (1–9 bytes, big-endian, 7 bits a byte; the ninth byte gives 8). */
function varint(b: Buffer, at: number): [value: number, next: number] {
  let v = 0;
  for (let i = 0; i < 8; i++) {
    const byte = b[at + i];
    if (byte === undefined) throw new Error('FTS5 structure record ends inside a varint');
    v = v * 128 + (byte & 0x7f);
    if ((byte & 0x80) === 0) return [v, at + i + 1];
  }
  const last = b[at + 8];
  if (last === undefined) throw new Error('FTS5 structure record ends inside a varint');
  return [v * 256 + last, at + 9];
}

function decodeStructure(b: Buffer): FtsLevel[] {
  let i = 4;
  const v2 = b.subarray(4, 8).equals(V2);
  if (v2) i += 4;
  const [nLevel, afterLevels] = varint(b, i);
  i = afterLevels;
  let skip: number;
  [skip, i] = varint(b, i); // segments in all
  [skip, i] = varint(b, i); // write counter
  void skip;
  const levels: FtsLevel[] = [];
  for (let l = 0; l < nLevel; l++) {
    let merging: number;
    let n: number;
    [merging, i] = varint(b, i);
    [n, i] = varint(b, i);
    const segments: number[] = [];
    for (let s = 0; s < n; s++) {
      let id: number;
      [id, i] = varint(b, i);
      const fields = v2 ? 7 : 2; // pages first/last (+ origins, tombstone pages and entries, entries)
      for (let f = 0; f < fields; f++) [skip, i] = varint(b, i);
      segments.push(id);
    }
    levels.push({ merging, segments });
  }
  return levels;
}

/**
 * The statement that reads an FTS5 index's structure record (a blob, or undefined before its first
 * segment). It changes whenever a segment is written or merged.
 */
export const structureRecord = (db: Database.Database, index: string): Database.Statement =>
  db.prepare(`SELECT block FROM ${index}_data WHERE id = 10`).pluck();

/** The segment ids of a structure record, all levels (none for an index without segments). */
export const segmentIds = (block: Buffer | undefined): number[] =>
  block ? decodeStructure(block).flatMap((l) => l.segments) : [];
