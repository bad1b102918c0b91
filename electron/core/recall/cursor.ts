/**
 * The search cursor: which results a list has shown so far, so that the next page continues after
 * them wherever the ranking moved them meanwhile.
 *
 * A result's rank cannot be resumed from its score: scores are relative to a stage's best, decay
 * with recency (the clock moves between pages), bm25 changes as rows come and go, and which stages
 * run depends on how much the earlier ones found. So the cursor names the shown results themselves
 * (kind and id), and the next page is the ranking again minus those (search.ts). A deleted result
 * simply no longer ranks, a new memory is shown where it ranks among the rest, and nothing shown
 * comes back.
 *
 * Encoding: per kind (observation, summary, prompt), the count of ids then the ascending ids as
 * gaps, each a base-128 varint; the bytes as base64url behind a version letter. A thousand ids
 * whose gaps stay under 16,384 take at most 2,000 bytes (about 2,700 characters).
 */
import type { Kind } from './search-sql.js';

/** A result the list has shown. */
export interface HitKey {
  kind: Kind;
  id: number;
}

const KINDS: readonly Kind[] = ['observation', 'summary', 'prompt'];
const VERSION = 'k';

function pushVarint(out: number[], n: number): void {
  let v = n;
  while (v >= 0x80) {
    out.push((v % 0x80) | 0x80);
    v = Math.floor(v / 0x80);
  }
  out.push(v);
}

/** Reads varints from bytes; null past the end or on a value beyond the safe integers. */
function varintReader(bytes: Buffer): () => number | null {
  let at = 0;
  return () => {
    let v = 0;
    let scale = 1;
    for (;;) {
      const b = bytes[at++];
      if (b === undefined || scale > 2 ** 49) return null;
      v += (b & 0x7f) * scale;
      if (b < 0x80) return v;
      scale *= 0x80;
    }
  };
}

export function encodeCursor(shown: readonly HitKey[]): string {
  const out: number[] = [];
  for (const kind of KINDS) {
    const ids = [...new Set(shown.filter((k) => k.kind === kind).map((k) => k.id))].sort((a, b) => a - b);
    pushVarint(out, ids.length);
    let prev = 0;
    for (const id of ids) {
      pushVarint(out, id - prev);
      prev = id;
    }
  }
  return VERSION + Buffer.from(out).toString('base64url');
}

/** The results a cursor names, or null when it is not one this module wrote. */
export function decodeCursor(raw: string, max: number): HitKey[] | null {
  if (!raw.startsWith(VERSION) || !/^[A-Za-z0-9_-]*$/.test(raw.slice(1))) return null;
  const read = varintReader(Buffer.from(raw.slice(1), 'base64url'));
  const keys: HitKey[] = [];
  for (const kind of KINDS) {
    const n = read();
    if (n === null || keys.length + n > max) return null;
    let id = 0;
    for (let i = 0; i < n; i++) {
      const gap = read();
      if (gap === null || (i > 0 && gap === 0)) return null;
      id += gap;
      if (!Number.isSafeInteger(id)) return null;
      keys.push({ kind, id });
    }
  }
  return read() === null ? keys : null;
}

export const hitKey = (k: HitKey): string => `${k.kind}:${k.id}`;
