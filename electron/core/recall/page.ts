/** Titles and snippets for a page of ranked hits (computed for the page alone). */
import type Database from 'better-sqlite3';
import { finishSnippet, markSubstrings } from './query.js';
import { HYDRATE_SQL, SNIPPET_SQL, type Kind } from './search-sql.js';
import { observationTitle, oneLine, promptTitle, summaryTitle } from './titles.js';

export interface Hit {
  kind: Kind;
  id: number;
  score: number;
  /** FTS expression that found it (for the snippet), or null: marked in JS with `needles`. */
  match: string | null;
  needles: string[];
}

export interface SearchItem {
  kind: Kind;
  id: number;
  sessionId: number;
  project: string;
  type: string | null;
  title: string;
  snippet: string;
  createdAt: number;
  score: number;
}

type Stmt = (sql: string) => Database.Statement;

/** The page's items, in order (a hit whose row vanished meanwhile is left out). */
export function renderPage(stmt: Stmt, page: Hit[]): SearchItem[] {
  const marked = snippets(stmt, page);
  return page.map((h) => hydrate(stmt, h, marked)).filter((x): x is SearchItem => x !== null);
}

/**
 * FTS snippets for the page, one statement per (kind, expression): the expression is evaluated
 * once (a prefix merges many doclists), bounded to the hits' rowid range, snippet() only for hits.
 */
function snippets(stmt: Stmt, page: Hit[]): Map<string, string> {
  const out = new Map<string, string>();
  const groups = new Map<string, Hit[]>();
  for (const h of page) {
    if (h.match === null) continue;
    const key = `${h.kind}\u0000${h.match}`;
    groups.set(key, [...(groups.get(key) ?? []), h]);
  }
  for (const hs of groups.values()) {
    const ids = hs.map((h) => h.id);
    const rows = stmt(SNIPPET_SQL[hs[0]!.kind]).all(
      hs[0]!.match,
      Math.min(...ids),
      Math.max(...ids),
      JSON.stringify(ids),
    ) as Array<{ id: number; s: string | null }>;
    for (const r of rows) if (r.s) out.set(`${hs[0]!.kind}:${r.id}`, finishSnippet(r.s));
  }
  return out;
}

function snippet(h: Hit, fallback: string, snippets: Map<string, string>): string {
  const s = snippets.get(`${h.kind}:${h.id}`);
  if (s) return s;
  if (h.needles.length > 0) return markSubstrings(fallback, h.needles);
  return oneLine(fallback.replace(/<\/?mark>/gi, ''), 160);
}

function hydrate(stmt: Stmt, h: Hit, snippets: Map<string, string>): SearchItem | null {
  const r = stmt(HYDRATE_SQL[h.kind]).get(h.id) as Record<string, unknown> | undefined;
  if (!r) return null;
  const base = {
    kind: h.kind,
    id: h.id,
    sessionId: r.sessionId as number,
    project: r.project as string,
    createdAt: r.createdAt as number,
    score: Math.round(h.score * 1000) / 1000,
  };
  if (h.kind === 'observation') {
    const title = observationTitle({
      title: r.title as string | null,
      toolName: r.toolName as string,
      input: r.input as string | null,
    });
    const text = [r.title, r.subtitle, r.facts, r.narrative, r.input].filter(Boolean).join(' — ');
    return { ...base, type: r.type as string | null, title, snippet: snippet(h, text, snippets) };
  }
  if (h.kind === 'summary') {
    const s = { request: r.request as string | null, completed: r.completed as string | null };
    return {
      ...base,
      type: null,
      title: summaryTitle(s),
      snippet: snippet(
        h,
        [r.request, r.completed, r.learned, r.investigated, r.nextSteps].filter(Boolean).join(' — '),
        snippets,
      ),
    };
  }
  const prompt = r.prompt as string;
  return { ...base, type: null, title: promptTitle(prompt), snippet: snippet(h, prompt, snippets) };
}
