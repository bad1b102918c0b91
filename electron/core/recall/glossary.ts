/**
 * What a code line says in a question's words. A question asks "how does it avoid going below
 * zero", the line answering it is `tat.saturating_sub(tolerance)`: no word in common. The glossary
 * gives the identifiers of standard libraries and common tools (`saturating_sub`, `ENOENT`,
 * `isdigit`, `PIPESTATUS`) the plain words a developer describes them with, and a passage holding
 * one is read with those words too when a snippet picks its passages. General vocabulary, written
 * from the languages' and tools' documentation; nothing here comes from any question set.
 */
import { C_POSIX } from './glossary/c-posix.js';
import { DATA_WEB } from './glossary/data-web.js';
import { GO } from './glossary/go.js';
import { JAVASCRIPT } from './glossary/javascript.js';
import { PYTHON } from './glossary/python.js';
import { RUST } from './glossary/rust.js';
import { SHELL } from './glossary/shell.js';

/** An identifier as the glossary knows it: a token of four or more word characters. */
const TOKEN = /[a-z_][a-z0-9_]{3,}/g;
const LINE = /^([A-Za-z_][A-Za-z0-9_]{3,}):((?: [a-z]+)+)$/;

let glossary: Map<string, string> | null = null;

function load(): Map<string, string> {
  const out = new Map<string, string>();
  for (const list of [PYTHON, JAVASCRIPT, RUST, GO, C_POSIX, SHELL, DATA_WEB])
    for (const line of list.split('\n')) {
      const m = LINE.exec(line.trim());
      if (m) out.set(m[1]!.toLowerCase(), m[2]!.trim());
    }
  return out;
}

/**
 * The plain words of the identifiers `lower` (a passage, lower-case) holds, each identifier's once,
 * joined by spaces; '' when it holds none.
 */
export function glossOf(lower: string): string {
  glossary ??= load();
  const words: string[] = [];
  const seen = new Set<string>();
  for (const [t] of lower.matchAll(TOKEN)) {
    const g = glossary.get(t);
    if (g === undefined || seen.has(t)) continue;
    seen.add(t);
    words.push(g);
  }
  return words.join(' ');
}
