/**
 * The HTTP reference of the verbs the UI calls, written from their declarations
 * (electron/shared/contract/verbs.ts) into docs/DEVELOPING.md between the `api-reference` markers.
 * tests/core/verbs.test.ts fails while the docs differ from the table.
 *
 *   npx tsx scripts/api-reference.ts
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { VERBS } from '../electron/shared/contract/verbs.js';

export const DOC = join(fileURLToPath(new URL('..', import.meta.url)), 'docs', 'DEVELOPING.md');
const BEGIN = '<!-- api-reference: written by scripts/api-reference.ts -->';
const END = '<!-- /api-reference -->';

/** One row per verb: its name, method and path, and how many arguments it takes. */
export function verbTable(): string {
  const rows = Object.entries(VERBS).map(
    ([name, v]) => `| \`${name}\` | ${v.method} | \`${v.path}\` | ${v.args.def.items.length} |`,
  );
  return ['| verb | method | path | arguments |', '| --- | --- | --- | --- |', ...rows].join('\n');
}

/** The reference in `doc`, as written (Prettier pads the cells; `sameTable` ignores that). */
export function referenceIn(doc: string): string {
  const from = doc.indexOf(BEGIN);
  const to = doc.indexOf(END);
  if (from < 0 || to < from) throw new Error(`${DOC}: the api-reference markers are missing`);
  return doc.slice(from + BEGIN.length, to).trim();
}

/** Whether two Markdown tables hold the same cells, whatever their padding. */
export function sameTable(a: string, b: string): boolean {
  const norm = (t: string): string =>
    t
      .trim()
      .split('\n')
      .map((l) => l.replace(/ +/g, ' ').replace(/-{3,}/g, '---'))
      .join('\n');
  return norm(a) === norm(b);
}

/** The document with its reference replaced by the table's current one. */
export function withReference(doc: string): string {
  referenceIn(doc);
  const from = doc.indexOf(BEGIN);
  const to = doc.indexOf(END);
  return `${doc.slice(0, from + BEGIN.length)}\n\n${verbTable()}\n\n${doc.slice(to)}`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(DOC, withReference(readFileSync(DOC, 'utf8')));
  process.stdout.write(`wrote the verbs' reference into ${DOC} (run prettier on it)\n`);
}
