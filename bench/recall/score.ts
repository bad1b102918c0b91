/**
 * The recall bench's scoring rules, kept pure so the tests can check them: a question is a hit
 * when every one of its answer keys appears (case-insensitive, `<mark>` tags removed) in the top
 * results' titles/snippets or in the project's SessionStart digest.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';

export const CATEGORIES = ['file', 'command', 'decision', 'intent', 'broke', 'order', 'across'] as const;
export type Category = (typeof CATEGORIES)[number];

export const questionSchema = z
  .object({
    id: z.string().min(1).max(20),
    category: z.enum(CATEGORIES),
    source: z.enum(['corpus', 'fixture', 'blind']),
    /** The project as MemTray names it (basename of the session's cwd); several joined by commas. */
    project: z.string().min(1).max(200),
    q: z.string().min(1).max(500),
    keys: z.array(z.string().min(1).max(200)).min(1).max(3),
    evidence: z.string().min(1).max(2000),
  })
  .strict();
export type Question = z.infer<typeof questionSchema>;

export function loadQuestions(path: string): Question[] {
  return z.array(questionSchema).parse(JSON.parse(readFileSync(path, 'utf8')));
}

/** What a result shows: its title and snippet. */
export interface ShownItem {
  title: string;
  snippet: string;
}

/** Removes the literal highlight tags the search puts around matched words. */
export function stripMarks(s: string): string {
  return s.replace(/<\/?mark>/g, '');
}

/** The text a person sees for a question: the top `k` results, then the digest. */
export function shownText(items: ShownItem[], digest: string, k = 5): string {
  const top = items.slice(0, k).map((i) => `${stripMarks(i.title)}\n${stripMarks(i.snippet)}`);
  return [...top, digest].join('\n\u0000\n').toLowerCase();
}

/** Keys of a question that the shown text does not contain. */
export function missingKeys(keys: string[], shown: string): string[] {
  return keys.filter((k) => !shown.includes(k.toLowerCase()));
}

export function isHit(keys: string[], items: ShownItem[], digest: string, k = 5): boolean {
  return missingKeys(keys, shownText(items, digest, k)).length === 0;
}

export interface Outcome {
  id: string;
  category: Category;
  source: Question['source'];
  hit: boolean;
}

export interface Tally {
  hits: number;
  total: number;
  rate: number;
}

const tally = (xs: Outcome[]): Tally => {
  const hits = xs.filter((x) => x.hit).length;
  return { hits, total: xs.length, rate: xs.length === 0 ? 0 : Math.round((hits / xs.length) * 1000) / 1000 };
};

/** hit@k overall, per category (every category listed, empty ones as 0/0) and per source. */
export function aggregate(outcomes: Outcome[]): {
  overall: Tally;
  byCategory: Record<Category, Tally>;
  bySource: Record<string, Tally>;
} {
  const byCategory = Object.fromEntries(
    CATEGORIES.map((c) => [c, tally(outcomes.filter((o) => o.category === c))]),
  ) as Record<Category, Tally>;
  const sources = [...new Set(outcomes.map((o) => o.source))].sort();
  const bySource = Object.fromEntries(sources.map((s) => [s, tally(outcomes.filter((o) => o.source === s))]));
  return { overall: tally(outcomes), byCategory, bySource };
}

/** Nearest-rank percentile of a list of numbers (0 for an empty list). */
export function percentile(xs: number[], p: number): number {
  if (xs.length === 0) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!;
}
