/** Transcript fixtures for the import tests. */
import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Copies a transcript tree, replacing every uuid (file names and contents) by a fresh one. */
export function copyWithFreshSessionIds(from: string, to: string): void {
  // Every uuid (session ids, message uuids) mapped to a fresh one, consistently: the seed, or a live
  // reconciliation of the recorded paths, may already hold the originals (prompts are unique by uuid).
  const ids = new Map<string, string>();
  const rename = (text: string): string =>
    text.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, (u) => {
      let v = ids.get(u);
      if (!v) ids.set(u, (v = randomUUID()));
      return v;
    });
  const walk = (src: string, dst: string): void => {
    mkdirSync(dst, { recursive: true });
    for (const f of readdirSync(src)) {
      const p = join(src, f);
      if (statSync(p).isDirectory()) walk(p, join(dst, rename(f)));
      else writeFileSync(join(dst, rename(f)), rename(readFileSync(p, 'utf8')));
    }
  };
  walk(from, to);
}
