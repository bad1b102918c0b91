/**
 * The passages of a memory's text a snippet is made of: its lines, facts, clauses and sentences
 * (split at ` ⏎ `, ` · `, ` — `, newlines and sentence ends, Chinese ones included), each at most
 * UNIT_MAX characters. A snippet shows the passages that hold the most weight of the question's
 * words (a rarer word weighs more), with a bonus for one that says what the question's intent asks
 * (a reason, an error, a value), in reading order: whole sentences, not windows cut mid-phrase.
 * Once every word is shown, the room left goes to the passages holding the words again (the code
 * line under the sentence that describes it). A word the memory never says may be held by a code
 * line through its identifiers' plain words (glossary.ts: `saturating_sub` for "below zero"). A
 * passage shows the one after it as context, and a comment the short code lines under it. A
 * passage an earlier result of the page shows is not shown again: the one after it is, or the next
 * best.
 */

import { glossHolds } from './glossary.js';
import { stemAt } from './stem-at.js';

const UNIT_MAX = 240;
const SPLIT = /\s+⏎\s+|\s+·\s+|\s+—\s+|\n+|(?<=[.!?;])\s+(?=[\p{Lu}\p{Lo}`"'([$])|(?<=[。！？；])/gu;
const MAX_UNITS = 400;

interface Unit {
  start: number;
  end: number;
}

/** The passages of `text` as [start, end) ranges, long ones cut at spaces. */
export function units(text: string): Unit[] {
  const out: Unit[] = [];
  let at = 0;
  const add = (a: number, b: number): void => {
    while (a < b && /\s/.test(text[a]!)) a++;
    while (b > a && /\s/.test(text[b - 1]!)) b--;
    while (b - a > UNIT_MAX && out.length < MAX_UNITS) {
      const cut = text.lastIndexOf(' ', a + UNIT_MAX);
      const end = cut > a + UNIT_MAX / 2 ? cut : a + UNIT_MAX;
      out.push({ start: a, end });
      a = end;
      while (a < b && /\s/.test(text[a]!)) a++;
    }
    if (b > a && out.length < MAX_UNITS) out.push({ start: a, end: b });
  };
  for (const m of text.matchAll(SPLIT)) {
    add(at, m.index);
    at = m.index + m[0].length;
    if (out.length >= MAX_UNITS) return out;
  }
  add(at, text.length);
  return out;
}

interface Pick {
  /** Stems of the question, rarest first (a stem's weight falls with its rank). */
  stems: string[];
  /** What the intent asks for (a reason clause, an error line…), or null. */
  cue: RegExp | null;
  /** Characters the passages may take in all. */
  room: number;
  /** At most this many passages. */
  most: number;
  /** The row's title as shown above the snippet: an ask that only repeats it is not shown again. */
  title?: string;
  /** Passages (`passageKey`) an earlier result of the page shows: not shown again. */
  seen?: Set<string>;
  /**
   * The rank each stem weighs at, when not its place in `stems`: a word's alternatives share the
   * word's rank and a passage holding several of them counts it once.
   */
  rank?: number[];
  /**
   * The stems weighed once `stems` are all shown (or none is found) and room is left: by default
   * `stems` again; all of the question's, when `stems` are those a lead above left out.
   */
  again?: string[];
  /** What the snippet shows above the passages (its leads), lower-case: not shown again. */
  above?: string;
}

/** A passage's text as compared across a page's results: case, spacing, marks and labels (`error: `) aside. */
export const passageKey = (s: string): string =>
  s
    .toLowerCase()
    .replace(/<\/?mark>/g, '')
    .replace(/\s+/g, ' ')
    .replace(/^(?:[…\s]|[a-z]+: )+/, '')
    .trim();

/** A passage as `sameText` compares it: `passageKey`, without a cut's `…` at its end. */
const sameKey = (s: string): string => passageKey(s).replace(/…$/, '').trim();

/**
 * Whether two passages (their `sameKey`) say the same: one holds the other or the first SAME_RUN
 * characters of the other (the same command with another line after it), a copy cut short (`…` at
 * its end, a subtitle repeating the narrative's ending) counting as the part it shows.
 */
function sameText(x: string, y: string): boolean {
  if (x.includes(y)) return true;
  return (
    [x, y].every((t) => t.length >= SAME_RUN) &&
    (y.includes(x.slice(0, SAME_RUN)) || x.includes(y.slice(0, SAME_RUN)))
  );
}

/**
 * Characters two passages share at the start of one (a lead at its end, shape.ts) that make them
 * the same text.
 */
export const SAME_RUN = 40;

const weightAt = (rank: number): number => 1 / (1 + rank);

/** What a passage holds of a question: the stems found in it (their ranks), a cue, a digit. */
interface Holds {
  stems: number[];
  cue: boolean;
  digit: boolean;
}

/**
 * What `lower` (the passage, read with its ask) and `raw` (the passage) hold of `p`; a stem of
 * `unsaid` (those the memory's text never holds) also through an identifier of `own` (the passage
 * alone) whose plain words hold it (glossary.ts). A word the memory says is found where it says it.
 */
function holdsOf(lower: string, own: string, raw: string, p: Pick, unsaid: Set<number>): Holds {
  const stems: number[] = [];
  const { rank } = p;
  p.stems.forEach((st, j) => {
    // A word held already through another of its alternatives (the one before it, same rank).
    if (rank && stems.length > 0 && rank[stems[stems.length - 1]!] === rank[j]) return;
    if (stemAt(lower, st) >= 0 || (unsaid.has(j) && glossHolds(own, st))) stems.push(j);
  });
  return { stems, cue: stems.length > 0 && !!p.cue?.test(raw), digit: /\d/.test(raw) };
}

/** Weight of the stems not yet shown that a passage holds, plus the cue's and a value's bonus. */
function score(h: Holds, shown: Set<number>, rank?: number[]): { s: number; got: number[] } {
  let s = 0;
  const got: number[] = [];
  for (const j of h.stems) {
    if (shown.has(j)) continue;
    s += weightAt(rank?.[j] ?? j);
    got.push(j);
  }
  if (s === 0) return { s, got };
  if (h.cue) s += 0.6;
  if (h.digit) s += 0.05;
  return { s, got };
}

const ASK = /^Asked: /;
const REPLY = /^(?:Claude|Ended|Result|Outcome): /;

/**
 * An episode's ask and the reply to it (`Asked: …` then `Claude: …`): the reply is read with the
 * ask's words, since a question about past work is asked the way the work was asked for, and it
 * is the reply that answers. `echo`: parts of an ask the row's title shows whole.
 */
function askReplies(
  text: string,
  all: Unit[],
  title: string | undefined,
): { ask: Map<number, string>; echo: Set<number> } {
  const ask = new Map<number, string>();
  const echo = new Set<number>();
  const shownTitle = (title ?? '').replace(/…$/, '').toLowerCase();
  for (let i = 0; i < all.length; i++) {
    const u = all[i]!;
    if (!ASK.test(text.slice(u.start, u.start + 7))) continue;
    let j = i + 1;
    while (j < all.length && j <= i + 3 && !REPLY.test(text.slice(all[j]!.start, all[j]!.start + 9))) j++;
    if (j >= all.length || j > i + 3) continue;
    const askText = text.slice(u.start, all[j - 1]!.end).toLowerCase();
    ask.set(j, askText);
    for (let k = i; k < j; k++)
      if (shownTitle.includes(text.slice(all[k]!.start, all[k]!.end).toLowerCase())) echo.add(k);
  }
  return { ask, echo };
}

/** A candidate passage: the i-th of the text, its score and the question's stems it holds. */
interface Scored {
  u: Unit;
  i: number;
  s: number;
  got: number[];
}

/**
 * What each passage of `text` holds of `q`, found once (by its index in `all`, read with its ask):
 * each pick only weighs what is not shown yet. The glossary is read for the stems `text` never
 * holds, if any.
 */
function holdings(
  text: string,
  lower: string,
  all: Unit[],
  ask: Map<number, string>,
  q: Pick,
): (i: number) => Holds {
  const holds: Array<Holds | undefined> = [];
  let unsaid: Set<number> | undefined;
  return (i) => {
    const found = holds[i];
    if (found) return found;
    const u = all[i]!;
    const own = lower.slice(u.start, u.end);
    const asked = ask.get(i);
    // The stems the text never holds but holds an identifier for: found once, for every passage.
    unsaid ??= new Set(
      q.stems.flatMap((st, j) => (stemAt(lower, st) < 0 && glossHolds(lower, st) ? [j] : [])),
    );
    const read = asked === undefined ? own : `${asked} ${own}`;
    return (holds[i] = holdsOf(read, own, text.slice(u.start, u.end), q, unsaid));
  };
}

/** The passages of `text` to show, in reading order, as [start, end) ranges. */
export function pickPassages(text: string, p: Pick): Unit[] {
  const lower = text.toLowerCase();
  const all = units(text);
  const { ask, echo } = askReplies(text, all, p.title);
  const shown = new Set<number>();
  const shownOnce = new Set<number>();
  const chosen: Unit[] = [];
  /** The text of each passage chosen (its `sameKey`), before it was cut to its room. */
  const whole: string[] = [];
  const keys: Array<string | undefined> = [];
  const keyOf = (i: number): string => (keys[i] ??= sameKey(lower.slice(all[i]!.start, all[i]!.end)));
  let room = p.room;
  let refilled = false;
  let q = p;
  let holdsAt = holdings(text, lower, all, ask, q);
  /** Whether passage `u` (the i-th) shows something the snippet does not show yet. */
  const fresh = (u: Unit, i: number): boolean => {
    if (chosen.some((c) => u.start < c.end && c.start < u.end)) return false;
    const own = lower.slice(u.start, u.end);
    // The same words again (a row that says a thing in its facts and its narrative, or a lead).
    return !(
      chosen.some((c) => lower.slice(c.start, c.end).includes(own)) ||
      whole.some((w) => sameText(w, keyOf(i))) ||
      p.above?.includes(own)
    );
  };
  while (chosen.length < p.most && room > 24) {
    let best: Scored | null = null;
    all.forEach((u, i) => {
      if (echo.has(i) || shownOnce.has(i)) return;
      const h = holdsAt(i);
      const r = score(h, shown, q.rank);
      // Only a passage that would be the best so far is checked against what is shown already.
      if (r.s <= 0 || (best && r.s <= best.s) || !fresh(u, i)) return;
      best = { u, ...r, i };
    });
    const pick = best as Scored | null;
    if (!pick && !refilled) {
      // Every word is shown and room is left: the passages holding the words again, the best first.
      refilled = true;
      shown.clear();
      if (p.again) {
        q = { ...p, stems: p.again };
        holdsAt = holdings(text, lower, all, ask, q);
      }
      continue;
    }
    if (!pick) break;
    const u = placed(text, all, pick.i, room, chosen, {
      seen: (x) => p.seen?.has(passageKey(lower.slice(x.start, x.end))) ?? false,
      above: (x) =>
        (p.above?.includes(lower.slice(x.start, x.end)) ?? false) ||
        whole.some((w) => sameText(w, sameKey(lower.slice(x.start, x.end)))),
    });
    if (!u) {
      shownOnce.add(pick.i);
      continue;
    }
    pick.u = u;
    whole.push(sameKey(lower.slice(u.start, u.end)));
    const len = Math.min(pick.u.end - pick.u.start, room);
    const put = len < pick.u.end - pick.u.start ? clipUnit(text, lower, pick.u, len, p.stems) : pick.u;
    chosen.push(put);
    for (const j of pick.got) shown.add(j);
    // What a later result of the page need not show again: the passages shown whole.
    for (const x of all)
      if (x.start >= put.start && x.end <= put.end) p.seen?.add(passageKey(text.slice(x.start, x.end)));
    room -= len + 3;
  }
  return chosen.sort((a, b) => a.start - b.start);
}

/**
 * Where the i-th passage is shown: with its context (`withNext`); or, when an earlier result of the
 * page shows it (`seen`), the passage after it alone (the reply, the explanation that follows);
 * null when that one is shown already too. `above`: what the snippet shows above its passages.
 */
function placed(
  text: string,
  all: Unit[],
  i: number,
  room: number,
  chosen: Unit[],
  shown: { seen: (u: Unit) => boolean; above: (u: Unit) => boolean },
): Unit | null {
  const u = all[i]!;
  if (!shown.seen(u)) return withNext(text, all, i, room, chosen, shown.above);
  const next = all[i + 1];
  if (!next || shown.seen(next) || chosen.some((c) => next.start < c.end && c.start < next.end)) return null;
  return next;
}

/**
 * Context: the i-th passage takes the one after it (the explanation that follows a statement, the
 * reply to an ask) while both fit the room left, unless the snippet shows that one above already; a
 * passage cut at UNIT_MAX does not. A comment takes the short lines under it (`COMMENT`), and so
 * does a line that opens them (`OPENS`).
 */
function withNext(
  text: string,
  all: Unit[],
  i: number,
  room: number,
  chosen: Unit[],
  above: (u: Unit) => boolean,
): Unit {
  const u = all[i]!;
  const free = (x: Unit | undefined): x is Unit =>
    !!x && !chosen.some((c) => c.start === x.start) && !above(x);
  const next = all[i + 1];
  if (!free(next)) return u;
  if (u.end - u.start >= UNIT_MAX || next.end - u.start > room) return u;
  // Under a comment, the short lines that follow (a config stanza's keys, the code it describes)
  // read as one block, up to the next comment; so do the lines a line opens (a table's columns
  // after `CREATE TABLE t (`, a struct's fields after `{`, a list after a colon).
  let j = i + 1;
  const own = text.slice(u.start, u.end);
  const short = (x: Unit): boolean => x.end - x.start <= SHORT;
  if ((COMMENT.test(own) || OPENS.test(own)) && short(next)) {
    for (let k = j + 1; k < all.length; k++) {
      const x = all[k]!;
      if (!free(x) || !short(x) || x.end - u.start > Math.min(room, BLOCK_MAX)) break;
      if (COMMENT.test(text.slice(x.start, x.end))) break;
      j = k;
    }
  }
  return { start: u.start, end: all[j]!.end };
}

/** A comment line: what follows it is what it describes. */
const COMMENT = /^(?:#|\/\/|\/\*|\*|--|;)\s/;
/** A line that opens what follows: a block, a call's arguments, a list after a colon. */
const OPENS = /[({[:]$/;
/** A line this short belongs with the lines around it … */
const SHORT = 48;
/** … up to this many characters from the passage they follow. */
const BLOCK_MAX = 200;

/** `u` cut to `len` characters around its first stem, at spaces where there are some. */
function clipUnit(text: string, lower: string, u: Unit, len: number, stems: string[]): Unit {
  const at = Math.min(
    ...stems.map((st) => stemAt(lower, st, u.start)).filter((i) => i >= u.start && i < u.end),
  );
  let a = Number.isFinite(at) ? Math.max(u.start, at - Math.floor(len / 3)) : u.start;
  a = Math.min(a, u.end - len);
  const space = text.indexOf(' ', a);
  if (a > u.start && space > 0 && space < a + 16) a = space + 1;
  let b = Math.min(u.end, a + len);
  const back = text.lastIndexOf(' ', b);
  if (b < u.end && back > a + len / 2) b = back;
  return { start: a, end: b };
}
