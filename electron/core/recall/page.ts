/**
 * Titles and snippets for a page of ranked hits (computed for the page alone). An episode's snippet
 * ends with the passage of its own turn that answers what it left out (turn-passage.ts), another
 * observation's with the passage of its tool call's input and output (raw-passage.ts).
 */
import type Database from 'better-sqlite3';
import type { SearchHit } from '../../shared/contract/search.js';
import type { AgentId } from '../../shared/contract/agents.js';
import { parseStringList } from '../util/json-list.js';
import { answerLines, hideInternals, isInternalFact } from './answer.js';
import { finishSnippet, markSubstrings } from './query.js';
import type { Intent } from './intent.js';
import { HYDRATE_SQL, SNIPPET_SQL, type Kind } from './search-sql.js';
import { markStems, shapeSnippet, SNIPPET_MAX } from './shape.js';
import { rawPassage } from './raw-passage.js';
import { turnPassage } from './turn-passage.js';
import { observationTitle, oneLine, promptTitle, summaryTitle } from './titles.js';

export interface Hit {
  kind: Kind;
  id: number;
  score: number;
  /** FTS expression that found it (for the snippet), or null: marked in JS with `needles`. */
  match: string | null;
  needles: string[];
  /** Near-identical memories collapsed into this one (counting it), when more than one. */
  count?: number;
  /** When it happened, for a hit listed by time rather than scored (no words asked). */
  at?: number;
}

/** A search hit as the API returns it (the contract's `SearchHit`). */
export type SearchItem = SearchHit;

type Stmt = (sql: string) => Database.Statement;

/** What the snippets are shaped for: the question's intent and its word stems, rarest first. */
export interface Shape {
  intent: Intent | null;
  /** Each word of the question with its alternatives, rarest first, its frame words last. */
  groups: string[][];
  /** `groups` as one list. */
  stems: string[];
  /** The stems of the words the question asks about, without its frame (`failed`, `test`, `run`). */
  core?: string[];
  /** The question asks what something printed (a command is shown with its output's head). */
  result?: boolean;
  /** The line that answers, when the question says what it looks like (`wantedLine`). */
  wants?: RegExp | null;
  /** Passages the page's earlier results show (filled as the page is rendered). */
  seen?: Set<string>;
  /**
   * The question asks about a file it names and nothing else ("what did we change in config.c?"):
   * the results' titles show the file, so the snippet of a memory that wrote a file shows what it
   * wrote (its text without paths).
   */
  named?: boolean;
  /** The question asks what a delegated agent found (`asksFindings`): its result, not its task. */
  findings?: boolean;
}

/** The page's items, in order (a hit whose row vanished meanwhile is left out). */
export function renderPage(
  stmt: Stmt,
  page: Hit[],
  shape: Shape = { intent: null, groups: [], stems: [] },
): SearchItem[] {
  const marked = new FtsSnippets(stmt, page);
  const rows = pageRows(stmt, page);
  const seen = new Set<string>();
  return page
    .map((h) => hydrate(h, rows.get(`${h.kind}:${h.id}`), marked, { ...shape, seen }))
    .filter((x): x is SearchItem => x !== null)
    .map((item) => {
      if (shape.stems.length === 0 || item.kind !== 'observation') return item;
      const { groups } = shape;
      const core = new Set(shape.core ?? shape.stems);
      const more =
        item.type === 'episode'
          ? turnPassage(stmt, item.id, groups, item.snippet, seen)
          : rawPassage(
              stmt,
              item.id,
              // The words the question asks about: its frame (`file`, `run`) is no cause to read the call.
              groups.filter((g) => core.has(g[0]!)),
              item.snippet,
              () => heldText(rows.get(`observation:${item.id}`)),
              seen,
            );
      return more ? { ...item, snippet: `${item.snippet} ↳ ${more}` } : item;
    });
}

/** What an observation's row holds as text: its title, input, subtitle, facts and narrative. */
const heldText = (r: Record<string, unknown> | undefined): string =>
  r
    ? [r.title, r.input, r.subtitle, r.narrative, ...parseStringList(r.facts as string | null)]
        .filter(Boolean)
        .join('\n')
    : '';

/** The page's rows, one statement per kind (ids as a JSON array), keyed `kind:id`. */
function pageRows(stmt: Stmt, page: Hit[]): Map<string, Record<string, unknown>> {
  const out = new Map<string, Record<string, unknown>>();
  for (const kind of ['observation', 'summary', 'prompt'] as const) {
    const ids = page.filter((h) => h.kind === kind).map((h) => h.id);
    if (ids.length === 0) continue;
    for (const r of stmt(HYDRATE_SQL[kind]).all(JSON.stringify(ids)) as Array<Record<string, unknown>>)
      out.set(`${kind}:${r.id as number}`, r);
  }
  return out;
}

/**
 * FTS snippets for the page, fetched when a hit asks for one (most show a shaped snippet instead):
 * one statement per (kind, expression) for all of the page's hits it found. The expression is
 * evaluated once (a prefix merges many doclists), bounded to the hits' rowid range, snippet() only
 * for hits.
 */
class FtsSnippets {
  private readonly groups = new Map<string, Hit[]>();
  private readonly got = new Map<string, string>();
  private readonly fetched = new Set<string>();

  constructor(
    private readonly stmt: Stmt,
    page: Hit[],
  ) {
    for (const h of page) {
      if (h.match === null) continue;
      const key = groupKey(h);
      this.groups.set(key, [...(this.groups.get(key) ?? []), h]);
    }
  }

  /** The FTS snippet of `h`, or '' (no expression found it, or it marks nothing). */
  of(h: Hit): string {
    if (h.match === null) return '';
    const key = groupKey(h);
    if (!this.fetched.has(key)) {
      this.fetched.add(key);
      const hs = this.groups.get(key) ?? [h];
      const ids = hs.map((x) => x.id);
      const rows = this.stmt(SNIPPET_SQL[h.kind]).all(
        h.match,
        Math.min(...ids),
        Math.max(...ids),
        JSON.stringify(ids),
      ) as Array<{ id: number; s: string | null }>;
      for (const r of rows) if (r.s) this.got.set(`${h.kind}:${r.id}`, finishSnippet(r.s));
    }
    return this.got.get(`${h.kind}:${h.id}`) ?? '';
  }
}

const groupKey = (h: Hit): string => `${h.kind}\u0000${h.match}`;

/** The page's snippet text: the FTS snippet without bookkeeping facts, else marked in JS. */
function snippet(h: Hit, fallback: string, snippets: FtsSnippets): string {
  const s = hideInternals(snippets.of(h));
  if (s) return s;
  if (h.needles.length > 0) return markSubstrings(fallback, h.needles);
  return oneLine(fallback.replace(/<\/?mark>/gi, ''), 160);
}

function hydrate(
  h: Hit,
  r: Record<string, unknown> | undefined,
  snippets: FtsSnippets,
  shape: Shape,
): SearchItem | null {
  if (!r) return null;
  const base: ItemBase = {
    kind: h.kind,
    id: h.id,
    sessionId: r.sessionId as number,
    project: r.project as string,
    agent: r.agent as AgentId,
    createdAt: r.createdAt as number,
    score: Math.round(h.score * 1000) / 1000,
    ...(h.count !== undefined && h.count > 1 ? { count: h.count } : {}),
  };
  const found = { hit: h, row: r, snippets, shape };
  if (h.kind === 'observation') return { ...base, ...observationItem(found) };
  if (h.kind === 'summary') return { ...base, ...summaryItem(found) };
  return { ...base, ...promptItem(found) };
}

type ItemBase = Omit<SearchItem, 'type' | 'title' | 'snippet'>;
type ItemText = Pick<SearchItem, 'type' | 'title' | 'snippet'>;

/** A hit with its row, the page's FTS snippets and how to shape them. */
interface FoundRow {
  hit: Hit;
  row: Record<string, unknown>;
  snippets: FtsSnippets;
  shape: Shape;
}

/**
 * An observation's title and snippet: the passage answering the question when one is shaped (and
 * marks a word), else the FTS snippet with the lines that lead an answer before it.
 */
function observationItem({ hit: h, row: r, snippets, shape }: FoundRow): ItemText {
  const title = observationTitle({
    title: r.title as string | null,
    toolName: r.toolName as string,
    input: r.input as string | null,
  });
  const facts = parseStringList(r.facts as string | null);
  const shown = facts.filter((f) => !isInternalFact(f)).join(' · ');
  const text = distinct([r.title, r.subtitle, shown, r.narrative, r.input]).join(' — ');
  const item = (s: string): ItemText => ({
    type: r.type as string | null,
    title,
    snippet: withCount(s, h.count),
  });
  const parts = distinct([r.subtitle, shown, r.narrative, r.input]);
  // What the memory says besides the path its title shows ("1 edit · old: … · new: …").
  const own = oneLine(withoutTitlePath(parts, title).replace(/<\/?mark>/gi, ''), SNIPPET_MAX);
  // A turn listed with no words asked (the last session's, a day's): how it ended.
  const listed = r.type === 'episode' && shape.stems.length === 0 && shape.intent === null;
  const ending = listed ? turnEnding(r.narrative as string | null) : '';
  if (ending) return item(ending);
  // What a delegated agent found, for a question asking so: its result, not the task it was given.
  const result = r.type === 'delegation' && shape.findings ? agentResult(facts) : '';
  if (result) return item(markStems(result, shape.stems));
  // A memory that wrote the file a question names: what it wrote.
  if (shape.named && own && parseStringList(r.filesModified as string | null).length > 0) return item(own);
  const lead = answerLines({
    title,
    type: r.type as string | null,
    facts,
    narrative: r.narrative as string | null,
    filesModified: r.filesModified as string | null,
  });
  const shaped =
    !literal(h) && (shape.stems.length > 0 || shape.intent !== null)
      ? shapeSnippet(
          shape.intent,
          {
            text: parts.join(' — '),
            facts,
            subtitle: r.subtitle as string | null,
            narrative: r.narrative as string | null,
            paths: parseStringList(r.filesModified as string | null),
            command: r.toolName === 'Bash' ? ((r.input as string | null) ?? null) : null,
            leads: lead,
            title,
          },
          words(shape, h),
          shape,
        )
      : '';
  // A snippet that only says what the title says (its words, or its path in full): the memory's
  // own text instead, when it has any.
  if (own && echoesTitle(shaped, title)) return item(markStems(own, shape.stems));
  // A word only the title holds: the old snippet (title included) shows it marked.
  if (shaped.includes('<mark>')) return item(shaped);
  const found = snippet(h, text, snippets);
  if (own && echoesTitle(found, title)) return item(markStems(own, shape.stems));
  if (shaped && !found.includes('<mark>')) return item(shaped);
  const plainFound = found.replace(/<\/?mark>/g, '').toLowerCase();
  const extra = lead.filter((l) => !plainFound.includes(l.replace(/^\$ /, '').toLowerCase().slice(0, 60)));
  const body = [...extra, found].filter(Boolean).join(' — ');
  return item(clipMarked(body, 420));
}

function summaryItem({ hit: h, row: r, snippets, shape }: FoundRow): ItemText {
  const s = { request: r.request as string | null, completed: r.completed as string | null };
  const text = [r.request, r.completed, r.learned, r.investigated, r.nextSteps].filter(Boolean).join(' — ');
  const shaped =
    shape.stems.length > 0
      ? shapeSnippet(shape.intent === 'decision' ? 'decision' : null, plainRow(text), words(shape, h), shape)
      : '';
  return {
    type: null,
    title: summaryTitle(s),
    snippet: withCount(shaped || snippet(h, text, snippets), h.count),
  };
}

function promptItem({ hit: h, row: r, snippets, shape }: FoundRow): ItemText {
  const prompt = r.prompt as string;
  const shaped =
    shape.stems.length > 0
      ? shapeSnippet(
          shape.intent === 'decision' || shape.intent === 'ask' ? shape.intent : null,
          plainRow(prompt),
          words(shape, h),
          shape,
        )
      : '';
  return {
    type: null,
    title: promptTitle(prompt),
    snippet: withCount(shaped || snippet(h, prompt, snippets), h.count),
  };
}

/** Whether a substring match (`resh-clie`) found the hit: its snippet shows that match as is. */
const literal = (h: Hit): boolean => h.match === null && h.needles.some((n) => /[^\p{L}\p{N}]/u.test(n));

/** The query's words (rarest first), then the substrings that found this hit. */
const words = (shape: Shape, h: Hit): string[] => [
  ...shape.stems,
  ...(h.match === null ? h.needles.filter((n) => !shape.stems.some((w) => w.startsWith(n))) : []),
];

const plainRow = (
  text: string,
): { text: string; facts: string[]; subtitle: null; narrative: string; paths: string[]; command: null } => ({
  text,
  facts: [],
  subtitle: null,
  narrative: text,
  paths: [],
  command: null,
});

/**
 * Whether snippet `s` shows nothing the title does not: the title's words, or the path of the file
 * the title names (in full). A path the title does not name (a file a search found) is news.
 */
function echoesTitle(s: string, title: string): boolean {
  const plain = s
    .replace(/<\/?mark>/g, '')
    .replace(/\s*\(×\d+\)$/, '')
    .replace(/^…|…$/g, '')
    .trim()
    .toLowerCase();
  return plain !== '' && (title.toLowerCase().includes(plain) || titlePath(plain, title));
}

/** Whether `s` is a path alone, of the file `title` names (its last part in the title). */
function titlePath(s: string, title: string): boolean {
  const t = s.trim();
  if (!/^\S*\/\S*$/.test(t)) return false;
  const base = t.split('/').pop() ?? '';
  return base !== '' && title.toLowerCase().includes(base.toLowerCase());
}

/** The parts of a memory's text but the path of the file its title names, joined as a snippet joins them. */
const withoutTitlePath = (parts: string[], title: string): string =>
  parts
    .flatMap((p) => p.split(' · '))
    .filter((p) => !titlePath(p, title))
    .join(' · ');

/** A delegation's `result:` facts, as one line; '' when it has none. */
const agentResult = (facts: string[]): string =>
  oneLine(
    facts
      .filter((f) => f.startsWith('result: '))
      .map((f) => f.slice(8))
      .join(' '),
    SNIPPET_MAX,
  );

/**
 * A turn's (episode's) last reply (its only one when it has no `Ended:` line) and its outcome,
 * from its narrative; '' when it has neither.
 */
function turnEnding(narrative: string | null): string {
  const lines = (narrative ?? '').split('\n');
  const line = (p: string): string | undefined => lines.find((l) => l.startsWith(p));
  const ending = [line('Ended: ') ?? line('Claude: '), line('Outcome: ')].filter((l) => l !== undefined);
  return oneLine(ending.join(' — '), SNIPPET_MAX);
}

/** `… (×5)` when the item stands for several near-identical memories. */
const withCount = (s: string, n: number | undefined): string =>
  n !== undefined && n > 1 ? `${s} (×${n})` : s;

/** One line of at most `max` characters that never ends inside a `<mark>` pair or token. */
function clipMarked(s: string, max: number): string {
  let t = oneLine(s, max);
  if (!t.endsWith('…')) return t;
  t = t.slice(0, -1).replace(/<\/?m?a?r?k?$/, '');
  const open = (t.match(/<mark>/g) ?? []).length - (t.match(/<\/mark>/g) ?? []).length;
  return `${t}${open > 0 ? '</mark>' : ''}…`;
}

/** Non-empty parts, each left out when an earlier one already says it (`command: x` after `x`). */
function distinct(parts: unknown[]): string[] {
  const out: string[] = [];
  for (const p of parts) {
    if (typeof p !== 'string' || p.trim() === '') continue;
    const bare = p
      .replace(/^command: /, '')
      .trim()
      .toLowerCase();
    if (out.some((o) => o.toLowerCase().includes(bare))) continue;
    out.push(p);
  }
  return out;
}
