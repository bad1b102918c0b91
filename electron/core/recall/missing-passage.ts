/**
 * What shows under a result's snippet (`↳ …`): the short lines of a text (a turn's memories, a tool
 * call's input and output) that hold the question's words the snippet leaves out.
 */
import { pickPassages } from './passages.js';
import { stemAt } from './stem-at.js';
import { flat, markStems, stemOf } from './shape.js';

/** The passages' length, at most, in all. */
const ROOM = 160;
/** At most this many passages: two short lines that answer rather than one with its context. */
const MOST = 2;

/**
 * The question's words (`groups`: each with its alternatives, stemmed) that `lower` (a text in
 * lower case, without marks) leaves out. A word counts as shown when one of its alternatives is
 * (`heap` for "memory").
 */
export function leftOut(groups: string[][], lower: string): string[][] {
  return groups.map((g) => [...new Set(g.map(stemOf))]).filter((g) => g.every((st) => stemAt(lower, st) < 0));
}

/**
 * The passages of `text` holding the most of the question's words `left` (those a snippet leaves
 * out; the rarer weighing more, a word once however many of its alternatives it holds), marked
 * with all of the question's words (`groups`); null when no passage holds one.
 */
export function missingPassage(
  text: string,
  groups: string[][],
  left: string[][],
  seen?: Set<string>,
): string | null {
  const missing = left.flat();
  if (missing.length === 0) return null;
  const whole = text.toLowerCase();
  if (!missing.some((st) => stemAt(whole, st) >= 0)) return null;
  const picked = pickPassages(text, {
    stems: missing,
    rank: left.flatMap((g, i) => g.map(() => i)),
    cue: null,
    room: ROOM,
    most: MOST,
    ...(seen ? { seen } : {}),
  });
  // What follows a passage the page shows already can be another memory's line: shown only when it
  // holds a word the snippet left out.
  const shown = picked
    .map((u) => flat(text.slice(u.start, u.end)))
    .filter((p) => missing.some((st) => stemAt(p.toLowerCase(), st) >= 0));
  if (shown.length === 0) return null;
  const stems = [...new Set(groups.flat().map(stemOf))];
  return markStems(shown.join(' … '), stems);
}
