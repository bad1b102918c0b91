/**
 * What a code line says in a question's words. A question asks "how does it avoid going below
 * zero", the line answering it is `tat.saturating_sub(tolerance)`: no word in common. The glossary
 * gives the identifiers of standard libraries and common tools (`saturating_sub`, `ENOENT`,
 * `isdigit`, `PIPESTATUS`) the plain words a developer describes them with, so that a snippet can
 * find a question's word in a passage through an identifier it holds. General vocabulary, written
 * from the languages' and tools' documentation; nothing here comes from any question set. Node's
 * CommonJS globals for a module's own file and folder are left out: the Electron build
 * (electron-vite) reads a bundle naming them as CommonJS code and inserts a shim, at a place its
 * pattern can find inside a string.
 */
import { C_POSIX } from './glossary/c-posix.js';
import { DATA_WEB } from './glossary/data-web.js';
import { GO } from './glossary/go.js';
import { JAVASCRIPT } from './glossary/javascript.js';
import { PYTHON } from './glossary/python.js';
import { RUST } from './glossary/rust.js';
import { SHELL } from './glossary/shell.js';
import { stemAt } from './stem-at.js';

/** The glossary's lists, one per language or kind of tool. */
export const LISTS: readonly string[] = [PYTHON, JAVASCRIPT, RUST, GO, C_POSIX, SHELL, DATA_WEB];

const LINE = /^([A-Za-z_][A-Za-z0-9_]{3,}):((?: [a-z]+)+)$/;
const IDENT_CHAR = /[a-z0-9_]/;
/** Stems looked up (each with the identifiers whose words hold it) kept at most. */
const STEMS_KEPT = 2_000;

let entries: Array<[string, string]> | null = null;
const byStem = new Map<string, string[]>();

function load(): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const list of LISTS)
    for (const line of list.split('\n')) {
      const m = LINE.exec(line.trim());
      if (m) out.push([m[1]!.toLowerCase(), m[2]!.trim()]);
    }
  return out;
}

/** The identifiers (lower-case) whose plain words hold `stem` (as `stemAt` finds it). */
function identifiersFor(stem: string): string[] {
  let ids = byStem.get(stem);
  if (ids) return ids;
  entries ??= load();
  ids = entries.filter(([, words]) => stemAt(words, stem) >= 0).map(([id]) => id);
  if (byStem.size >= STEMS_KEPT) byStem.clear();
  byStem.set(stem, ids);
  return ids;
}

/** Whether `lower` (lower-case) holds `id` as an identifier of its own, not inside a longer one. */
function holdsIdentifier(lower: string, id: string): boolean {
  for (let i = lower.indexOf(id); i >= 0; i = lower.indexOf(id, i + 1)) {
    const before = i > 0 && IDENT_CHAR.test(lower[i - 1]!);
    const after = i + id.length < lower.length && IDENT_CHAR.test(lower[i + id.length]!);
    if (!before && !after) return true;
  }
  return false;
}

/** Whether `lower` holds an identifier whose plain words hold `stem` (see `identifiersFor`). */
export function glossHolds(lower: string, stem: string): boolean {
  return identifiersFor(stem).some((id) => holdsIdentifier(lower, id));
}
