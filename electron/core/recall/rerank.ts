/**
 * Scoring the hits of each search stage against the question: the intent boosts the memories
 * whose type answers it, a question about what the code does boosts what was written into files,
 * optional (frame) words present add a little, an OR stage ranks by how much of the query's rare
 * words a hit covers, and near-identical memories (same kind, project, type and title: the same
 * file read five times, the same command retried) collapse into one hit with a count.
 * Reads a few columns of the stage's hits only (one statement per kind, ids as a JSON array).
 */
import type Database from 'better-sqlite3';
import { intentBoost, WRITTEN, WRITTEN_BOOST, type Intent } from './intent.js';
import type { Hit } from './page.js';
import { stemsOf } from './lexicon.js';
import { FAILED_CALL, type Kind } from './search-sql.js';

const META_SQL: Record<Kind, string> = {
  observation: `SELECT o.id, s.project, o.session_id AS session, o.type, o.tool_name AS toolName,
      ${FAILED_CALL('o')} AS failed,
      coalesce(octet_length(o.facts), 0) + coalesce(octet_length(o.narrative), 0) + coalesce(octet_length(o.subtitle), 0)
        + min(coalesce(octet_length(o.tool_input), 0), 2000) AS len,
      coalesce(o.title, (SELECT v.input FROM observations_search_src v WHERE v.id = o.id), o.tool_name) AS title,
      CASE WHEN :body THEN concat_ws(' ', o.subtitle, substr(o.facts, 1, 1500), substr(o.narrative, 1, 1500)) END AS body
    FROM observations o JOIN sessions s ON s.id = o.session_id
    WHERE o.id IN (SELECT value FROM json_each(:ids))`,
  summary: `SELECT x.id, s.project, x.session_id AS session,
      coalesce(length(x.completed), 0) + coalesce(length(x.learned), 0) + coalesce(length(x.request), 0) AS len,
      NULL AS type, NULL AS toolName, 0 AS failed, coalesce(x.request, '') AS title,
      CASE WHEN :body THEN concat_ws(' ', substr(x.completed, 1, 1000), substr(x.learned, 1, 1000),
        substr(x.next_steps, 1, 500)) END AS body
    FROM session_summaries x JOIN sessions s ON s.id = x.session_id
    WHERE x.id IN (SELECT value FROM json_each(:ids))`,
  prompt: `SELECT x.id, s.project, x.session_id AS session, length(x.prompt) AS len, NULL AS type, NULL AS toolName, 0 AS failed, substr(x.prompt, 1, 300) AS title,
      CASE WHEN :body THEN substr(x.prompt, 300, 1500) END AS body
    FROM user_prompts x JOIN sessions s ON s.id = x.session_id
    WHERE x.id IN (SELECT value FROM json_each(:ids))`,
};

interface Meta {
  id: number;
  project: string;
  session: number;
  len: number;
  type: string | null;
  toolName: string | null;
  /** A call that failed: reported failed, a failure, a test run that failed. */
  failed: number;
  title: string;
  body: string | null;
}

/** The question as the reranker needs it. */
export interface Question {
  intent: Intent | null;
  optional: string[];
  /** Required words with their weight (idf-like); used by `coverage` for OR stages. */
  weighted: Array<{ word: string; weight: number }>;
  /** The line that answers (`wantedLine`): a memory holding one is likelier to answer. */
  wants?: RegExp | null;
  /** The question asks what the code or files do: the memories of what was written answer. */
  artifact?: boolean;
  /** The question asks how to do something: failed calls show how it did not work. */
  howTo?: boolean;
}

export class Reranker {
  private readonly byKey = new Map<string, Hit>();
  private readonly seenIds = new Set<string>();
  private readonly found: Hit[] = [];

  constructor(
    private readonly stmt: (sql: string) => Database.Statement,
    private question: Question,
  ) {}

  /** Distinct things found so far. */
  get size(): number {
    return this.found.length;
  }

  /**
   * Everything found, best first (earlier stages first on ties); hits nothing scored (a path
   * matched as a substring, a listing) newest first, so the order of a page does not depend on how
   * many rows the stages fetched for it.
   */
  get hits(): Hit[] {
    return this.found
      .map((h, i) => ({ h, i }))
      .sort((a, b) => b.h.score - a.h.score || (a.h.score === 0 ? newer(a.h, b.h) : 0) || a.i - b.i)
      .map((x) => x.h);
  }

  /** The best observation found so far (the anchor of an "after X" question), or null. */
  best(): Hit | null {
    return this.hits.find((h) => h.kind === 'observation') ?? null;
  }

  /**
   * Places `next` (memories just after or before `anchor` in its session) right below it: each
   * scores a little less than the anchor, in the order given. Collapsing applies as for any hit.
   */
  placeAfter(anchor: Hit, next: Hit[]): void {
    next.forEach((h, i) => {
      h.score = anchor.score * (0.99 - 0.01 * i);
    });
    const asked = this.question;
    this.question = { ...asked, intent: null, optional: [] };
    this.addScored(next);
    this.question = asked;
  }

  /** The type of an observation found, if known. */
  typeOf(id: number): string | undefined {
    return this.types.get(id);
  }

  /** Whether a hit of one of these observation types was found. */
  has(types: readonly string[]): boolean {
    return this.found.some((h) => h.kind === 'observation' && types.includes(this.types.get(h.id) ?? ''));
  }

  private readonly types = new Map<number, string>();

  /**
   * Adds one stage's hits. `coverage` is the share of the query's word weight the stage's
   * expression required (1 for all words), or 'each' to measure it per hit (OR stages). A hit's
   * score is its stage score relative to the stage's best × intent boost × optional-word bonus ×
   * coverage², so hits holding more of the rare words come first across stages.
   */
  add(stage: Hit[], coverage: number | 'each' = 1): void {
    if (stage.length === 0) return;
    // The text beyond the title is read only when words are looked for in it.
    const q = this.question;
    const meta = this.meta(stage, coverage === 'each' || q.optional.length > 0 || !!q.wants);
    const max = Math.max(...stage.map((h) => h.score), 1e-9);
    const scored = stage.map((h) => {
      const m = meta.get(`${h.kind}:${h.id}`);
      const rel = Math.max(h.score, 0) / max;
      if (!m) return { h, m, s: rel * (coverage === 'each' ? 0.04 : coverage ** 2) };
      const raw = ` ${m.title} ${m.body ?? ''}`;
      const text = raw.toLowerCase();
      let s = rel * intentBoost(q.intent, h.kind, m.type, m.toolName, m.title);
      const extra = q.optional.filter((w) => stemsOf(w).some((st) => text.includes(st))).length;
      s *= 1 + 0.15 * Math.min(extra, 3);
      if (q.wants?.test(raw)) s *= WANTED_BOOST;
      if (q.howTo && m.failed) s *= FAILED_HOW_TO;
      if (q.artifact && q.intent !== 'file' && WRITTEN.has(m.type ?? '')) s *= WRITTEN_BOOST;
      const cov = coverage === 'each' ? this.coverage(text) : coverage;
      s *= cov ** 2 * lengthFactor(m.len);
      return { h, m, s };
    });
    scored.sort((a, b) => b.s - a.s);
    for (const { h, m, s } of scored) this.keep(h, m, s);
  }

  /** Keeps a hit, or counts it into the near-identical one already kept. */
  private keep(h: Hit, m: Meta | undefined, s: number): void {
    const id = `${h.kind}:${h.id}`;
    if (this.seenIds.has(id)) return;
    this.seenIds.add(id);
    if (h.kind === 'observation' && m?.type) this.types.set(h.id, m.type);
    const key = m ? `${h.kind}|${m.project}|${m.type ?? ''}|${normal(m.title)}` : id;
    const prev = this.byKey.get(key);
    if (prev) {
      prev.count = (prev.count ?? 1) + 1;
      return;
    }
    const hit: Hit = { ...h, score: s };
    this.byKey.set(key, hit);
    this.found.push(hit);
  }

  /** Adds hits with their scores as given (no normalising, boosts or coverage). */
  private addScored(hits: Hit[]): void {
    if (hits.length === 0) return;
    const meta = this.meta(hits, false);
    for (const h of hits) this.keep(h, meta.get(`${h.kind}:${h.id}`), h.score);
  }

  /** Weight of these words relative to all required words (0–1). */
  share(words: string[]): number {
    let total = 0;
    let got = 0;
    for (const { word, weight } of this.question.weighted) {
      total += weight;
      if (words.includes(word)) got += weight;
    }
    return total > 0 ? got / total : 1;
  }

  /** Share of the required words' weight whose stem the text holds (0–1). */
  private coverage(text: string): number {
    let total = 0;
    let got = 0;
    for (const { word, weight } of this.question.weighted) {
      total += weight;
      if (stemsOf(word).some((st) => text.includes(st))) got += weight;
    }
    return total > 0 ? got / total : 0;
  }

  private meta(hits: Hit[], body: boolean): Map<string, Meta> {
    const out = new Map<string, Meta>();
    for (const kind of ['observation', 'summary', 'prompt'] as const) {
      const ids = hits.filter((h) => h.kind === kind).map((h) => h.id);
      if (ids.length === 0) continue;
      for (const r of this.stmt(META_SQL[kind]).all({
        ids: JSON.stringify(ids),
        body: body ? 1 : 0,
      }) as Meta[])
        out.set(`${kind}:${r.id}`, r);
    }
    return out;
  }
}

/** A memory holding the line a question asks for (a version stated, a number of tests). */
const WANTED_BOOST = 1.5;
/** A failed call, for a question asking how to do something: it shows how it did not work. */
const FAILED_HOW_TO = 0.5;

/** Rows longer than this have their score damped by length (episodes stay below it mostly). */
const DAMP = 4_000;

/** Long rows match many words by sheer size: their score shrinks with √length, to half at most. */
const lengthFactor = (len: number): number => (len > DAMP ? Math.max(0.5, Math.sqrt(DAMP / len)) : 1);

const normal = (s: string): string => s.toLowerCase().replace(/\s+/g, ' ').trim().slice(0, 200);

/**
 * Which of two unscored hits is newer: by time when both were listed with one (a memory written
 * after the fact, a bugfix or a turn's summary, has a later id than its time), else by id.
 */
const newer = (a: Hit, b: Hit): number =>
  a.at !== undefined && b.at !== undefined ? b.at - a.at || b.id - a.id : b.id - a.id;
