/**
 * What the next session needs first, for the SessionStart digest: open threads (the latest
 * summary's next steps, the latest task list's unfinished items), the last turns' outcomes
 * (`episode` memories), recent decisions, and failures not fixed since. Every query is bounded to
 * the project's most recent sessions (index `sessions_project_started`, then
 * `observations_session_created` per session), so its cost does not grow with the project's history.
 */
import type Database from 'better-sqlite3';
import { isInternalFact } from './answer.js';

/** Sessions (newest first) the digest looks at. */
export const RECENT_SESSIONS = 50;
/** Sessions searched for open threads and unfixed failures (what is still in flight). */
const LIVE_SESSIONS = 3;

export const RECENT_SESSIONS_SQL = `SELECT id FROM sessions WHERE project = :project ORDER BY started_at DESC LIMIT ${RECENT_SESSIONS}`;
const LIVE_SESSIONS_SQL = `SELECT id FROM sessions WHERE project = :project ORDER BY started_at DESC LIMIT ${LIVE_SESSIONS}`;

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
const UNFIXED_SQL = `SELECT o.id, o.session_id AS sessionId, o.created_at AS createdAt, o.subtitle,
    coalesce(o.title, o.tool_name) AS title,
    o.facts AS detail
  FROM observations o
  WHERE o.session_id IN (${LIVE_SESSIONS_SQL})
    AND (o.type = 'failure' OR (o.type = 'test' AND o.title LIKE 'Tests failed%'))
    AND NOT EXISTS (SELECT 1 FROM observations b WHERE b.session_id = o.session_id
      AND b.created_at >= o.created_at AND b.id <> o.id
      AND (b.type = 'bugfix' OR 'Failed: ' || b.title = o.title))
  ORDER BY o.created_at DESC, o.id DESC LIMIT 12`;

/** A later call in the same session, not failed, whose command starts like the failed one's. */
const RETRIED_SQL = `SELECT 1 FROM observations b WHERE b.session_id = ? AND b.created_at >= ? AND b.id <> ?
  AND b.type <> 'failure' AND coalesce(b.title, '') NOT LIKE 'Tests failed%' AND b.subtitle LIKE ? ESCAPE '\\' LIMIT 1`;

const NEXT_STEPS_SQL = `SELECT x.next_steps FROM session_summaries x
  WHERE x.session_id IN (${LIVE_SESSIONS_SQL}) AND x.next_steps IS NOT NULL AND x.next_steps <> ''
  ORDER BY x.updated_at DESC LIMIT 1`;

const TODOS_SQL = `SELECT o.facts FROM observations o
  WHERE o.session_id IN (${LIVE_SESSIONS_SQL}) AND o.tool_name = 'TodoWrite'
  ORDER BY o.created_at DESC, o.id DESC LIMIT 1`;

export class DigestSections {
  private readonly typed: Database.Statement;
  private readonly unfixed: Database.Statement;
  private readonly retried: Database.Statement;
  private readonly nextSteps: Database.Statement;
  private readonly todos: Database.Statement;

  constructor(sqlite: Database.Database) {
    this.typed = sqlite.prepare(TYPED_SQL);
    this.unfixed = sqlite.prepare(UNFIXED_SQL);
    this.retried = sqlite.prepare(RETRIED_SQL);
    this.nextSteps = sqlite.prepare(NEXT_STEPS_SQL).pluck();
    this.todos = sqlite.prepare(TODOS_SQL).pluck();
  }

  /** Open threads: the latest next steps, then the unfinished items of the latest task list. */
  openThreads(project: string, n: number): string[] {
    const out: string[] = [];
    const next = this.nextSteps.get({ project }) as string | undefined;
    if (next) out.push(next);
    const facts = this.todos.get({ project }) as string | null | undefined;
    for (const f of parseList(facts)) {
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
    const rows = this.unfixed.all({ project }) as Array<
      DigestItem & { sessionId: number; subtitle: string | null }
    >;
    const out: DigestItem[] = [];
    for (const r of rows) {
      // The command's head (`git push`, `npm run test:x`): a later success of it fixed this.
      const head = commandHead(r.subtitle);
      const pattern = head ? `%${head.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
      if (pattern && this.retried.get(r.sessionId, r.createdAt, r.id, pattern) !== undefined) continue;
      const facts = parseList(r.detail).filter(
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

/** The first command's first three words, redirections and flags left out (`git push`, `npm run build`). */
function commandHead(cmd: string | null): string | null {
  const first = (cmd ?? '').split(/\||&&|;|\s\d?>/)[0] ?? '';
  const words = first
    .trim()
    .split(/\s+/)
    .filter((w) => w !== '' && !w.startsWith('-'))
    .slice(0, 3);
  return words.length > 0 ? words.join(' ') : null;
}

function parseList(json: string | null | undefined): string[] {
  if (!json) return [];
  try {
    const v = JSON.parse(json) as unknown;
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}
