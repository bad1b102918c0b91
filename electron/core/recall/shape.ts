/**
 * Answer-shaped snippets: up to four short fragments of a memory joined by ` … `, bounded to
 * SNIPPET_MAX characters. First the part the question's intent asks for (the reason clause of a
 * decision, the error line of a failure, the paths, the command), then a window around each of the
 * query's rarest words (not the first match of a common one). A page shows each passage once: one
 * an earlier result shows gives way (`seen`). Marks the query's words with `<mark>`; the stored text
 * is only read.
 */
import { cutAtWord } from '../util/clip.js';
import type { Intent } from './intent.js';
import { passageKey, pickPassages, SAME_RUN } from './passages.js';
import { stemAt, WORD_CHAR, wordBefore } from './stem-at.js';

export const SNIPPET_MAX = 400;
/** The longest an intent's fragment may be (160 otherwise): an ask whole, a command whole. */
const FRAGMENT_MAX: Partial<Record<Intent, number>> = { ask: 315, command: 300 };
const FRAGMENTS = 4;
/**
 * A command shown with the head of what it printed, for a question asking what it printed: both
 * fit the snippet.
 */
const OUTPUT_HEAD = 120;
const COMMAND_MAX = SNIPPET_MAX - OUTPUT_HEAD - 20;
/** Reason clauses: `because …`, `so that …`, `since …`, up to the end of their sentence. */
const REASON =
  /\b(?:because|so that|since|in order to|to avoid|otherwise|the reason)\b(?:[^.!?\n]|[.!?](?=\S)){3,200}/i;
/** What a passage answering "why" says: a reason, a comparison. */
const WHY_CUE =
  /\b(?:because|since|so that|in order to|to avoid|otherwise|reason|rather than|instead of|better than|safer|cheaper|simpler)\b|因为|所以|为了|而不是|理由|原因/i;
/** What a passage answering "what broke / how was it fixed" says: the error, or the fix. */
const FIX_CUE =
  /\b(?:error|fatal|failed|exception|panic\w*|assert\w*|cannot|not found|denied|fix(?:ed|es)?|resolved|the cause|turned out|by (?:\w+ing))\b|错误|报错|失败|修复|原因|改成/i;
const ERROR_LINE =
  /(?:^|\n)[^\n]*\b(?:error|fatal|failed|exception|assert\w*|cannot|not found|denied)\b[^\n]*/i;

interface ShapeRow {
  /** All the text the row shows (title excluded), in reading order. */
  text: string;
  facts: string[];
  subtitle: string | null;
  narrative: string | null;
  paths: string[];
  command: string | null;
  /** What to lead with when the intent's part is absent (command, error, decision, path). */
  leads?: string[];
  /** The title shown above the snippet. */
  title?: string;
}

/** The fragment the intent asks for, or null. */
function intentFragment(intent: Intent | null, r: ShapeRow, stems: string[]): string | null {
  const fact = (re: RegExp): string | undefined => r.facts.find((f) => re.test(f));
  switch (intent) {
    case 'decision': {
      for (const s of [r.narrative, r.subtitle, r.text]) {
        const m = s ? REASON.exec(s) : null;
        if (m) return m[0].trim();
      }
      return null;
    }
    case 'failure': {
      const f = fact(/^(?:error|failed): /);
      if (f) return f;
      for (const s of [r.subtitle, r.narrative, r.text]) {
        const m = s ? ERROR_LINE.exec(s.slice(0, 4000)) : null;
        if (m) return m[0].trim();
      }
      return null;
    }
    case 'file': {
      const files = r.facts.filter((f) => f.startsWith('file: ')).map((f) => f.slice(6));
      // The paths that hold the question's words first ("the sample docs": tests/fixtures/docs/…).
      const all = byWordsHeld([...new Set([...files, ...r.paths])], stems).slice(0, 3);
      return all.length > 0 ? all.join(', ') : null;
    }
    case 'ask': {
      // What was asked: a turn's prompt (its `Asked:` line), or a prompt's own text.
      // A turn: what was asked, then how it ended (a plan, a finding: the answer to "what was the plan").
      const asked = r.narrative ? /(?:^|\n)Asked: ([^\n]+)/.exec(r.narrative) : null;
      const ended = r.narrative ? /(?:^|\n)Ended: ([^\n]+)/.exec(r.narrative) : null;
      if (asked) {
        const a = clip(flat(asked[1]!), ended ? 180 : 300);
        return ended ? `${a} → ${clip(flat(ended[1]!), SNIPPET_MAX - 8 - a.length)}` : a;
      }
      return r.facts.length === 0 && r.subtitle === null && r.narrative === r.text ? r.text : null;
    }
    case 'command': {
      const f = fact(/^command: /);
      if (f) return `$ ${f.slice(9)}`;
      return r.command ? `$ ${r.command}` : null;
    }
    default:
      return null;
  }
}

/**
 * What a command printed, in OUTPUT_HEAD characters: its first line and its last (where a version,
 * a test summary, a diff's size or a heap summary is printed), the last kept whole first. The first
 * later line that is what the question asks for (`wants`) stands in for the last, else the later
 * line holding the most of the stems of what the question asks about (`core`; the last of those
 * holding as many, so the last line unless another holds more).
 */
function outputEnds(out: string, wants: RegExp | null, core: string[]): string {
  const lines = out.split(' ⏎ ').filter((l) => l !== '…');
  if (lines.length === 1) return clip(lines[0]!, OUTPUT_HEAD);
  const stated = wants ? lines.slice(1).find((l) => wants.test(l)) : undefined;
  const last = clip(stated ?? mostHeld(lines.slice(1), core), OUTPUT_HEAD - 24);
  return `${clip(lines[0]!, Math.max(20, OUTPUT_HEAD - last.length - 3))} … ${last}`;
}

/** Of `lines`, the one holding the most of `stems`; the last of those holding as many. */
function mostHeld(lines: string[], stems: string[]): string {
  const held = lines.map((l) => stemsHeld(l, stems));
  return lines[held.lastIndexOf(Math.max(...held))]!;
}

/** How many of `stems` the line holds. */
function stemsHeld(line: string, stems: string[]): number {
  const lower = line.toLowerCase();
  return stems.filter((st) => stemAt(lower, st) >= 0).length;
}

/**
 * Whether `passage` shows the text of `lead` again: all of it, or all from some point on (its last
 * SAME_RUN characters). A lead whose start alone a passage shows still says more.
 */
function showsAgain(lead: string, passage: string): boolean {
  const core = lead.replace(/^…|…$/g, '').toLowerCase();
  const p = passage.toLowerCase();
  return p.includes(core.length <= SAME_RUN ? core : core.slice(-SAME_RUN));
}

/**
 * `leads` without one that another lead begins with and goes on from (`$ bench.py` beside
 * `$ bench.py --workers 16`): the longer one says all it says, and more.
 */
function widest(leads: string[]): string[] {
  return leads.filter((l) => !leads.some((o) => o.length > l.length && o.startsWith(`${l} `)));
}

/** `lines` in order of how many of the question's stems each holds, ties in their own order. */
function byWordsHeld(lines: string[], stems: string[]): string[] {
  return lines
    .map((l, i) => ({ l, i, n: stemsHeld(l, stems) }))
    .sort((a, b) => b.n - a.n || a.i - b.i)
    .map((x) => x.l);
}

/** One line, marks left out. */
export const flat = (s: string): string =>
  s
    .replace(/<\/?mark>/gi, '')
    .replace(/\s+/g, ' ')
    .trim();

/** As `flat`, but line breaks stay (passages.ts splits at them: an episode's ask, its reply). */
const lines = (s: string): string =>
  s
    .replace(/<\/?mark>/gi, '')
    .replace(/[^\S\n]+/g, ' ')
    .replace(/ ?\n[\s]*/g, '\n')
    .trim();

/**
 * Where a word's stem starts in `lower`, preferring a word start; -1 when absent. indexOf, not a
 * regular expression built per call: it runs for each stem of each hit of a page.
 */
export function find(lower: string, stem: string): number {
  const first = lower.indexOf(stem);
  for (let i = first; i >= 0; i = lower.indexOf(stem, i + 1)) if (!wordBefore(lower, i)) return i;
  return first;
}

/** A word without its common English endings (`compilation` → `compil`), at least 3 letters. */
export function stemOf(w: string): string {
  const s = w.toLowerCase().replace(/(?:ations?|ings?|ers?|ed|es|ions?|ly|s|e)$/, '');
  return s.length >= 3 ? s : w.toLowerCase();
}

/**
 * Marks every stem occurrence (case-insensitive, up to the end of its word) in a plain fragment:
 * scanned with indexOf, since a regular expression of the stems costs ~0.3 ms to compile (its
 * Unicode classes) for each search. Where lower-casing changes the text's length, the expression.
 */
export function markStems(s: string, stems: string[]): string {
  const ns = stems.filter((n) => n.length > 0);
  if (ns.length === 0) return s;
  const lower = s.toLowerCase();
  const ls = ns.map((n) => n.toLowerCase());
  if (lower.length !== s.length || ls.some((l, i) => l.length !== ns[i]!.length)) return markByRegExp(s, ns);
  let out = '';
  let pos = 0;
  const next = ls.map((l) => stemAt(lower, l));
  for (;;) {
    // The leftmost occurrence; on a tie the earlier stem (as an alternation would choose).
    let k = -1;
    for (let j = 0; j < ls.length; j++) if (next[j]! >= 0 && (k < 0 || next[j]! < next[k]!)) k = j;
    if (k < 0) break;
    const at = next[k]!;
    let end = at + ls[k]!.length;
    while (end < s.length) {
      const cp = s.codePointAt(end)!;
      const c = String.fromCodePoint(cp);
      if (!WORD_CHAR.test(c)) break;
      end += c.length;
    }
    out += `${s.slice(pos, at)}<mark>${s.slice(at, end)}</mark>`;
    pos = end;
    for (let j = 0; j < ls.length; j++)
      if (next[j]! >= 0 && next[j]! < pos) next[j] = stemAt(lower, ls[j]!, pos);
  }
  return out + s.slice(pos);
}

function markByRegExp(s: string, stems: string[]): string {
  const ns = stems.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return s.replace(new RegExp(`((?:${ns.join('|')})[\\p{L}\\p{N}]*)`, 'giu'), '<mark>$1</mark>');
}

/** How far back from its bound a clip looks for a space to end at, not mid-word. */
const CLIP_BACK = 24;

/** `s` in at most `max` characters, `…` marking a cut, made at a space when one is near the bound. */
const clip = (s: string, max: number): string =>
  s.length <= max ? s : `${cutAtWord(s, max - 1, max - CLIP_BACK).trimEnd()}…`;

/** A snippet's fragments: its leads as shown, then its passages; what the page has shown with it. */
interface Composed {
  parts: string[];
  leads: string[];
  seen: Set<string> | undefined;
}

/**
 * `leads` (as shown), then the passages of `text` that hold the stems they leave out, in what room
 * SNIPPET_MAX leaves. `seen` is read, not changed: the passages this snippet shows whole are added
 * to a copy, returned.
 */
function compose(
  text: string,
  leads: string[],
  p: { stems: string[]; cue: RegExp | null; title?: string; seen?: Set<string> },
): Composed {
  const parts = [...leads];
  const room = leads.reduce((left, l) => left - l.length - 3, SNIPPET_MAX);
  const leadLower = parts.join(' ').toLowerCase();
  const seen = p.seen ? new Set(p.seen) : undefined;
  for (const u of pickPassages(text, {
    stems: p.stems.filter((st) => stemAt(leadLower, st) < 0),
    again: p.stems,
    above: leadLower,
    cue: p.cue,
    room,
    most: FRAGMENTS - parts.length,
    ...(p.title !== undefined ? { title: p.title } : {}),
    ...(seen ? { seen } : {}),
  })) {
    const shown = flat(text.slice(u.start, u.end));
    if (!leadLower.includes(shown.toLowerCase()))
      parts.push(`${u.start > 0 ? '…' : ''}${shown}${u.end < text.length ? '…' : ''}`);
  }
  return { parts, leads, seen };
}

/**
 * The snippet: the intent's fragment (when the row has it), then windows around `stems` (rarest
 * first) in the row's text, at most SNIPPET_MAX visible characters; '' when nothing is found.
 */
export function shapeSnippet(
  intent: Intent | null,
  r: ShapeRow,
  words: string[],
  page: { seen?: Set<string>; result?: boolean; wants?: RegExp | null; core?: string[] } = {},
): string {
  const { seen, wants = null } = page;
  const stems = [...new Set(words.map(stemOf))];
  const core = page.core ? [...new Set(page.core.map(stemOf))] : stems;
  const text = lines(r.text);
  const fragment = intentFragment(intent, r, stems);
  // What a lead shows (cut to its room); one an earlier result of the page shows is left out.
  const output = page.result ? r.facts.find((f) => f.startsWith('output: ')) : undefined;
  const shownAs = (l: string, own: boolean): string =>
    output && l.startsWith('$ ')
      ? `${clip(flat(l), COMMAND_MAX)} → ${outputEnds(flat(output.slice(8)), wants, core)}`
      : clip(flat(l), own ? ((intent && FRAGMENT_MAX[intent]) ?? 160) : 120);
  const unseen = (l: string, own: boolean): boolean => !seen?.has(passageKey(shownAs(l, own)));
  const own = fragment !== null && unseen(fragment, true) ? fragment : null;
  const chosen = own
    ? [own]
    : byWordsHeld(
        widest(r.leads ?? []).filter((l) => unseen(l, false)),
        stems,
      ).slice(0, 2);
  const cue = intent === 'decision' ? WHY_CUE : intent === 'failure' ? FIX_CUE : wants;
  const pick = {
    stems,
    cue,
    ...(r.title !== undefined ? { title: r.title } : {}),
    ...(seen ? { seen } : {}),
  };
  let made = compose(
    text,
    chosen.map((l) => shownAs(l, own !== null)),
    pick,
  );
  // A lead that a passage below shows again (a reason clause inside its sentence, the start of a
  // reply) is left out, and its room goes to the passages.
  const below = made.parts.slice(made.leads.length);
  const again = made.leads.filter((l) => below.some((x) => showsAgain(l, x)));
  if (again.length > 0)
    made = compose(
      text,
      made.leads.filter((l) => !again.includes(l)),
      pick,
    );
  const { parts } = made;
  for (const k of made.seen ?? []) seen?.add(k);
  for (const l of made.leads) seen?.add(passageKey(l));
  if (parts.length === 0) return '';
  const joined = parts.slice(0, FRAGMENTS).join(' … ').replace(/…\s*…/g, '…');
  return markStems(clip(joined, SNIPPET_MAX), stems);
}
