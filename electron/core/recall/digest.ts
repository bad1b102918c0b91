/**
 * What the next session needs first, for the SessionStart digest: open threads (the latest
 * summary's next steps, the latest task list's unfinished items), the last turns' outcomes
 * (`episode` memories), recent decisions, failures not fixed since, and the build and test steps
 * that ran without failing. Every query is bounded to the project's most recent sessions (index
 * `sessions_project_started`, then `observations_session_created` per session), so its cost does
 * not grow with the project's history.
 */
import type Database from 'better-sqlite3';
import { NOT_AUTO_MEMORY } from '../ingest/auto-memory.js';
import { isInternalFact } from './answer.js';
import { parseStringList } from '../util/json-list.js';
import { relativeTo } from '../util/paths.js';
import { buildAndTestSteps } from '../memories/command-class.js';

/** Sessions (newest first) the digest looks at. */
const RECENT_SESSIONS = 50;
/** Sessions whose changed files the digest lists. */
const FILE_SESSIONS = 10;
/** Sessions searched for open threads and unfixed failures (what is still in flight). */
const LIVE_SESSIONS = 3;

/**
 * Claude Code's auto-memory notes are left out: Claude Code already loads them (MEMORY.md) into
 * the session; the digest brings what they do not hold.
 */
export const RECENT_SESSIONS_SQL = `SELECT id FROM sessions WHERE project = :project AND ${NOT_AUTO_MEMORY} ORDER BY started_at DESC LIMIT ${RECENT_SESSIONS}`;
const LIVE_SESSIONS_SQL = `SELECT id FROM sessions WHERE project = :project AND ${NOT_AUTO_MEMORY} ORDER BY started_at DESC LIMIT ${LIVE_SESSIONS}`;

export interface DigestItem {
  id: number;
  createdAt: number;
  title: string;
  detail: string | null;
}

const TYPED_SQL = `SELECT o.id, o.created_at AS createdAt, coalesce(o.title, o.tool_name) AS title,
    coalesce(o.subtitle, substr(o.narrative, 1, 300)) AS detail
  FROM observations o
  WHERE o.session_id IN (${RECENT_SESSIONS_SQL}) AND o.type = :type AND o.tool_name <> 'TodoWrite'
  ORDER BY o.created_at DESC, o.id DESC LIMIT :n`;

/** Failures with no bugfix after them in their session, and not followed by the same call succeeding. */
const UNFIXED_SQL = `SELECT o.id, o.session_id AS sessionId, o.created_at AS createdAt,
    json_extract(CASE WHEN json_valid(o.tool_input) THEN o.tool_input END, '$.command') AS command,
    coalesce(o.title, o.tool_name) AS title,
    o.facts AS detail
  FROM observations o
  WHERE o.session_id IN (${LIVE_SESSIONS_SQL})
    AND (o.type = 'failure' OR (o.type = 'test' AND o.title LIKE 'Tests failed%'))
    AND NOT EXISTS (SELECT 1 FROM observations b WHERE b.session_id = o.session_id
      AND b.created_at >= o.created_at AND b.id <> o.id
      AND (b.type = 'bugfix' OR 'Failed: ' || b.title = o.title))
  ORDER BY o.created_at DESC, o.id DESC LIMIT 12`;

/** Later calls in the same session, not failed, with a command (the caller compares their heads). */
const RETRIED_SQL = `SELECT json_extract(b.tool_input, '$.command') FROM observations b
  WHERE b.session_id = ? AND b.created_at >= ? AND b.id <> ? AND b.tool_name = 'Bash' AND b.failed = 0
  AND b.type <> 'failure' AND coalesce(b.title, '') NOT LIKE 'Tests failed%' AND json_valid(b.tool_input)
  ORDER BY b.created_at, b.id LIMIT 200`;

/** The latest turns: title (`Asked: …`), outcome line and how the turn ended (narrative lines). */
const EPISODES_SQL = `SELECT o.id, o.created_at AS createdAt, o.title, o.subtitle, o.narrative
  FROM observations o
  WHERE o.session_id IN (${RECENT_SESSIONS_SQL}) AND o.type = 'episode'
  ORDER BY o.created_at DESC, o.id DESC LIMIT :n`;

/** The latest FILE_SESSIONS sessions (also setup-files.ts's), and the ids of their newest 1,000 calls. */
export const FILE_SESSIONS_SQL = LIVE_SESSIONS_SQL.replace(
  `LIMIT ${LIVE_SESSIONS}`,
  `LIMIT ${FILE_SESSIONS}`,
);
const NEWEST_CALLS_SQL = `SELECT id FROM observations WHERE session_id IN (${FILE_SESSIONS_SQL})
  ORDER BY created_at DESC LIMIT 1000`;

/** Files changed in the latest sessions' newest 1,000 calls, newest first (with the call's cwd). */
const FILES_SQL = `SELECT f.value AS file, max(o.created_at) AS at, max(o.cwd) AS cwd
  FROM (SELECT files_modified, created_at,
      coalesce(cwd, (SELECT s.cwd FROM sessions s WHERE s.id = session_id)) AS cwd FROM observations
    WHERE session_id IN (${FILE_SESSIONS_SQL})
      AND files_modified IS NOT NULL AND json_valid(files_modified)
    ORDER BY created_at DESC LIMIT 1000) o, json_each(o.files_modified) f
  WHERE f.type = 'text'
  GROUP BY f.value ORDER BY at DESC LIMIT :n`;

/** Git commands with commit facts (compress/git-facts.ts) among the latest sessions' newest 1,000 calls. */
const COMMITS_SQL = `SELECT o.id, o.created_at AS createdAt, o.facts FROM observations o
  WHERE o.id IN (${NEWEST_CALLS_SQL})
    AND o.tool_name = 'Bash' AND instr(o.facts, '"commit hash ') > 0
  ORDER BY o.created_at DESC, o.id DESC LIMIT 30`;
const COMMIT_FACT = /^commit hash ([0-9a-f]{7,40}): (.+)$/;

/** Test runs and builds that did not fail among the latest sessions' newest 1,000 calls (their commands). */
const WORKED_SQL = `SELECT json_extract(o.tool_input, '$.command') FROM observations o
  WHERE o.id IN (${NEWEST_CALLS_SQL})
    AND o.type IN ('test', 'build') AND o.failed = 0
    AND coalesce(o.title, '') NOT LIKE 'Tests failed%' AND json_valid(o.tool_input)
  ORDER BY o.created_at DESC, o.id DESC`;

/** The next steps of the latest session that has some (by the session's activity, not the summary's writing). */
const NEXT_STEPS_SQL = `SELECT x.next_steps FROM session_summaries x JOIN sessions s ON s.id = x.session_id
  WHERE x.session_id IN (${LIVE_SESSIONS_SQL}) AND x.next_steps IS NOT NULL AND x.next_steps <> ''
  ORDER BY s.updated_at DESC, s.id DESC LIMIT 1`;

const TODOS_SQL = `SELECT o.facts FROM observations o
  WHERE o.session_id IN (${LIVE_SESSIONS_SQL}) AND o.tool_name = 'TodoWrite'
  ORDER BY o.created_at DESC, o.id DESC LIMIT 1`;

export class DigestSections {
  private readonly typed: Database.Statement;
  private readonly unfixed: Database.Statement;
  private readonly retried: Database.Statement;
  private readonly nextSteps: Database.Statement;
  private readonly todos: Database.Statement;
  private readonly episodes: Database.Statement;
  private readonly files: Database.Statement;
  private readonly commits: Database.Statement;
  private readonly worked: Database.Statement;

  constructor(sqlite: Database.Database) {
    this.typed = sqlite.prepare(TYPED_SQL);
    this.unfixed = sqlite.prepare(UNFIXED_SQL);
    this.retried = sqlite.prepare(RETRIED_SQL).pluck();
    this.nextSteps = sqlite.prepare(NEXT_STEPS_SQL).pluck();
    this.todos = sqlite.prepare(TODOS_SQL).pluck();
    this.episodes = sqlite.prepare(EPISODES_SQL);
    this.files = sqlite.prepare(FILES_SQL);
    this.commits = sqlite.prepare(COMMITS_SQL);
    this.worked = sqlite.prepare(WORKED_SQL).pluck();
  }

  /**
   * How the project is built and tested: the build and test steps of its recent runs that did not
   * fail (`make test`, `cargo test --offline`), the most used first, with how often each ran.
   */
  buildAndTest(project: string, n: number): Array<{ step: string; runs: number }> {
    const runs = new Map<string, number>();
    for (const cmd of this.worked.all({ project }) as unknown[])
      if (typeof cmd === 'string')
        for (const step of buildAndTestSteps(cmd)) runs.set(step, (runs.get(step) ?? 0) + 1);
    // Among steps run as often, the one run last comes first (newest rows first; the sort is stable).
    return [...runs.entries()]
      .map(([step, k]) => ({ step, runs: k }))
      .sort((a, b) => b.runs - a.runs)
      .slice(0, n);
  }

  /**
   * The last turns, newest first: what was asked and how it ended (the assistant's final words
   * first: "where did we leave off" is answered by them), then the turn's result in short.
   */
  lastTurns(project: string, n: number): DigestItem[] {
    const rows = this.episodes.all({ project, n }) as Array<{
      id: number;
      createdAt: number;
      title: string | null;
      subtitle: string | null;
      narrative: string | null;
    }>;
    return rows.map((r) => {
      const lines = (r.narrative ?? '').split('\n');
      const line = (p: string): string | null => {
        const l = lines.find((x) => x.startsWith(p));
        return l ? l.slice(p.length).trim() : null;
      };
      const ended = line('Ended: ') ?? line('Claude: ');
      const result = line('Result: ');
      const asked = (r.title ?? 'Asked: ?').replace(/…$/, '');
      const detail = ended
        ? `Ended: ${clipEnds(ended, 160)}${result ? ` (${clip(result, 70)})` : ''}`
        : (result ?? r.subtitle);
      return { id: r.id, createdAt: r.createdAt, title: clip(asked, 80), detail };
    });
  }

  /** Files changed lately (paths relative to the call's folder), newest first. */
  changedFiles(project: string, n: number): string[] {
    const rows = this.files.all({ project, n }) as Array<{ file: string; cwd: string | null }>;
    const out: string[] = [];
    for (const r of rows) {
      const f = relativeTo(r.file, r.cwd);
      if (!out.includes(f)) out.push(f);
    }
    return out;
  }

  /**
   * The commits the latest git commands showed, newest first, each once: where the work stands
   * ("which commit did we start from", "what did the last one ship").
   */
  recentCommits(project: string, n: number): DigestItem[] {
    const rows = this.commits.all({ project }) as Array<{ id: number; createdAt: number; facts: string }>;
    const out: DigestItem[] = [];
    const seen = new Set<string>();
    for (const r of rows)
      for (const f of parseStringList(r.facts)) {
        const m = COMMIT_FACT.exec(f);
        if (!m || seen.has(m[1]!.slice(0, 7))) continue;
        seen.add(m[1]!.slice(0, 7));
        out.push({ id: r.id, createdAt: r.createdAt, title: `${m[1]} ${m[2]}`, detail: null });
        if (out.length >= n) return out;
      }
    return out;
  }

  /** Open threads: the latest next steps, then the unfinished items of the latest task list. */
  openThreads(project: string, n: number): string[] {
    const out: string[] = [];
    const next = this.nextSteps.get({ project }) as string | undefined;
    if (next) out.push(next);
    const facts = this.todos.get({ project }) as string | null | undefined;
    for (const f of parseStringList(facts)) {
      const m = /^(pending|in_progress): (.+)$/.exec(f);
      if (m) out.push(`${m[1] === 'in_progress' ? '(in progress) ' : ''}${m[2]}`);
    }
    return out.slice(0, n);
  }

  /** The newest memories of one type (`episode`, `decision`) in the recent sessions. */
  ofType(project: string, type: string, n: number): DigestItem[] {
    return this.typed.all({ project, type, n }) as DigestItem[];
  }

  /** Failures of the latest sessions not followed by a fix or by the same command succeeding. */
  unfixedFailures(project: string, n: number): DigestItem[] {
    const rows = this.unfixed.all({ project }) as Array<DigestItem & { sessionId: number; command: unknown }>;
    const out: DigestItem[] = [];
    for (const r of rows) {
      // Each step's head (`git push`, `npm run test:x`): later successes of commands that start with
      // every one of them (`git push --set-upstream origin x`: flags aside) fixed this.
      const heads = typeof r.command === 'string' ? stepHeads(r.command) : [];
      if (heads.length > 0) {
        const later = (this.retried.all(r.sessionId, r.createdAt, r.id) as unknown[])
          .filter((c): c is string => typeof c === 'string')
          .flatMap((c) => segments(c).map((x) => commandHead(x, 8)));
        if (heads.every((h) => later.some((c) => startsWithWords(c, h)))) continue;
      }
      const facts = parseStringList(r.detail).filter(
        (f) => !isInternalFact(f) && !/^(?:command|description): /.test(f),
      );
      out.push({
        id: r.id,
        createdAt: r.createdAt,
        title: r.title,
        detail: facts.find((f) => f.startsWith('error: ')) ?? facts[0] ?? null,
      });
      if (out.length >= n) break;
    }
    return out;
  }
}

/** The first command's first words, redirections and flags left out (`git push`, `npm run build`). */
function commandHead(cmd: string | null, max = 3): string | null {
  const first = (cmd ?? '').split(/\||&&|;|\s\d?>/)[0] ?? '';
  const words = first
    .trim()
    .split(/\s+/)
    .filter((w) => w !== '' && !w.startsWith('-'))
    .slice(0, max);
  return words.length > 0 ? words.join(' ') : null;
}

/** The commands of a shell line (`cd x && npm test; git push` → three). */
const segments = (cmd: string): string[] => cmd.split(/\|\||&&|;|\n/).slice(0, 20);

/** Steps that set a command up rather than being what ran (`printf … > t.conf`, `cd dir`). */
const SETUP = new Set([
  'cd',
  'printf',
  'echo',
  'mkdir',
  'rm',
  'touch',
  'export',
  'sleep',
  'cp',
  'mv',
  'ln',
  'chmod',
]);

/**
 * The heads of a command line's steps that are not setup (`printf … > t.conf && valgrind ./app -f
 * t.conf` → `valgrind ./app t.conf`); the first step's when all of them are.
 */
function stepHeads(cmd: string): string[] {
  const heads = segments(cmd)
    .map((x) => commandHead(x))
    .filter((h): h is string => h !== null);
  const run = heads.filter((h) => !SETUP.has(h.split(' ')[0] ?? ''));
  return run.length > 0 ? run : heads.slice(0, 1);
}

/** Whether `cmd`'s words begin with all of `head`'s words. */
const startsWithWords = (cmd: string | null, head: string): boolean =>
  cmd !== null && (cmd === head || cmd.startsWith(`${head} `));

const clip = (t: string, max: number): string => {
  const one = t.replace(/\s+/g, ' ').trim();
  return one.length <= max ? one : `${one.slice(0, max - 1)}…`;
};

/**
 * A long text's opening and its last sentence (a final answer ends on where things stand:
 * "Everything is clean and pushed."), joined by `…`, within `max` characters.
 */
function clipEnds(t: string, max: number): string {
  const one = t.replace(/\s+/g, ' ').trim();
  if (one.length <= max) return one;
  const sentences = one.match(/[^.!?]+(?:[.!?]+|$)/g) ?? [one];
  const last = (sentences[sentences.length - 1] ?? '').trim();
  if (last.length === 0 || last.length > max / 2 || sentences.length < 2) return clip(one, max);
  return `${clip(one.slice(0, one.length - last.length), max - last.length - 2)} ${last}`;
}
