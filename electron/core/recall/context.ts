/**
 * The SessionStart digest: markdown within a token budget (settings `context.tokenBudget`,
 * estimated with `estimateTokens`), wrapped in `<memtray-context>` so it is never captured again.
 * It leads with what the next session needs (open threads, how the last turns ended, recent
 * decisions, failures not fixed yet: digest.ts), then the latest session summaries, then a compact
 * index of recent observations (id, time, type, title), then one line on how to get details.
 * Claude Code's auto-memory notes are not in it, nor items they already hold (auto-memory-held.ts).
 */
import type Database from 'better-sqlite3';
import { isPathExcluded } from '../ingest/exclude.js';
import { localDay } from '../../shared/time.js';
import type { Settings } from '../../shared/contract/settings.js';
import { AutoMemoryHeld } from './auto-memory-held.js';
import { DigestSections, RECENT_SESSIONS_SQL, type DigestItem } from './digest.js';
import { SetupFiles } from './setup-files.js';
import { observationTitle, oneLine } from './titles.js';
import { estimateTokens } from './tokens.js';

const OPEN = '<memtray-context>';
const CLOSE = '</memtray-context>';
/** Share of what is left that summaries may take before the observation index. */
const SUMMARY_SHARE = 0.45;
const MAX_OBSERVATIONS = 200;

interface SummaryRow {
  sessionId: number;
  request: string | null;
  learned: string | null;
  completed: string | null;
  nextSteps: string | null;
  updatedAt: number;
}
interface ObsRow {
  id: number;
  createdAt: number;
  type: string | null;
  title: string | null;
  toolName: string;
}

const clean = (s: string, max: number): string => oneLine(s.replace(/<\/?memtray-context>/gi, ''), max);
const pad = (n: number): string => String(n).padStart(2, '0');
const time = (ms: number): string => {
  const d = new Date(ms);
  return `${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

export class ContextBuilder {
  private readonly summariesStmt: Database.Statement;
  private readonly observationsStmt: Database.Statement;
  private readonly inputStmt: Database.Statement;
  private readonly sections: DigestSections;
  private readonly held: AutoMemoryHeld;
  private readonly setup: SetupFiles;

  constructor(
    sqlite: Database.Database,
    private readonly settings: () => Settings,
    /** The projects table's owner (projects/store.ts): the capture switch and the root folder. */
    private readonly projects: {
      get(name: string): { captureEnabled: boolean; rootPath: string | null } | undefined;
    },
  ) {
    // Bounded to the recent sessions: joining and sorting every session of a project grows with it.
    // Dated and ordered by the session's last activity: a summary is written when its session ends
    // or, for imported history, on the day of the import.
    this.summariesStmt = sqlite.prepare(`SELECT x.session_id AS sessionId, x.request, x.learned, x.completed,
        x.next_steps AS nextSteps, s.updated_at AS updatedAt
      FROM session_summaries x JOIN sessions s ON s.id = x.session_id
      WHERE x.session_id IN (${RECENT_SESSIONS_SQL})
      ORDER BY s.updated_at DESC, s.id DESC LIMIT :n`);
    // The newest ids first, from the (session_id, created_at) index alone, then those rows only: a
    // row's later columns sit past its raw payload (overflow pages), so sorting whole rows reads them all.
    this.observationsStmt = sqlite.prepare(`SELECT o.id, o.created_at AS createdAt, o.type, o.title,
        o.tool_name AS toolName
      FROM observations o
      WHERE o.id IN (SELECT id FROM observations WHERE session_id IN (${RECENT_SESSIONS_SQL})
        ORDER BY created_at DESC, id DESC LIMIT :n)
      ORDER BY o.created_at DESC, o.id DESC`);
    this.inputStmt = sqlite.prepare('SELECT input FROM observations_search_src WHERE id = ?').pluck();
    this.sections = new DigestSections(sqlite);
    this.held = new AutoMemoryHeld(sqlite);
    this.setup = new SetupFiles(sqlite);
  }

  /**
   * The digest for a project, or null when the project is disabled or its folder excluded; `draft`
   * overrides the saved context settings (a preview before saving).
   */
  build(project: string, draft: { tokenBudget?: number; maxSummaries?: number } = {}): string | null {
    const saved = this.settings();
    const settings = { ...saved, context: { ...saved.context, ...draft } };
    const p = this.projects.get(project);
    if (p && !p.captureEnabled) return null;
    if (p?.rootPath && isPathExcluded(p.rootPath, settings.excludedPaths)) return null;
    const budget = settings.context.tokenBudget;
    const header = `# MemTray memory: ${clean(project, 100)}`;
    const footer =
      'Details on demand: the memtray MCP tools `search`, `timeline` and `get_observations` (ids above), ' +
      'or `memtray search "<words>"`.';
    const summaries = this.summariesStmt.all({ project, n: settings.context.maxSummaries }) as SummaryRow[];
    const observations = this.observationsStmt.all({ project, n: MAX_OBSERVATIONS }) as ObsRow[];
    if (summaries.length === 0 && observations.length === 0) {
      return `${OPEN}\n${header}\nNo memories yet for this project; MemTray is recording this session.\n${CLOSE}`;
    }
    const out = new DigestLines(header, footer, budget);
    const held = this.held.of(project);
    this.leadingSections(out, project, held);
    const shown = out.shownIds();
    out.section(
      '## Recent sessions (newest first)',
      summaries.map((s) => summaryLine(s)),
      out.upTo(SUMMARY_SHARE),
    );
    out.index(
      this.observationLines(
        observations.filter((o) => !shown.has(o.id)),
        held,
      ),
    );
    return out.finish();
  }

  /**
   * What the next session needs first: threads still open, how the last turns ended, what was
   * decided, what is still broken. Each gets its own share of the budget (an unused share is left
   * to the rest).
   */
  private leadingSections(out: DigestLines, project: string, held: (title: string) => boolean): void {
    const s = this.sections;
    const items = (list: DigestItem[]): string[] => list.filter((o) => !held(o.title)).map(digestItemLine);
    out.section(
      '## Open threads',
      s.openThreads(project, 4).map((t) => `- ${clean(t, 200)}`),
      out.share(0.08),
    );
    out.section('## Last turns (newest first)', items(s.lastTurns(project, 4)), out.share(0.16));
    const files = s.changedFiles(project, 24).map((f) => clean(f, 120));
    out.section(
      '## Files changed recently (newest first)',
      fileLines(files),
      out.share(0.06),
      files.slice(0, 1).map((f) => `- ${f}`),
    );
    out.section(
      '## Project setup (files as last seen)',
      this.setup.of(project).map((f) => `- ${clean(f, 700)}`),
      out.share(0.2),
    );
    out.section('## Recent decisions', items(s.ofType(project, 'decision', 4)), out.share(0.08));
    out.section(
      '## Recent commits (newest first)',
      s.recentCommits(project, 5).map((c) => `- #${c.id} ${clean(c.title, 100)}`),
      out.share(0.1),
    );
    out.section('## Failures not fixed yet', items(s.unfixedFailures(project, 3)), out.share(0.08));
    out.section(
      '## Build and test (steps that ran without failing, most used first)',
      s
        .buildAndTest(project, 4)
        .map((b) => `- \`${clean(b.step, 120)}\`${b.runs > 1 ? ` (×${b.runs})` : ''}`),
      out.share(0.05),
    );
  }

  /** Index lines, newest first; consecutive observations with the same title collapse into one. */
  private observationLines(
    rows: ObsRow[],
    held: (title: string) => boolean,
  ): Array<{ day: string; line: string }> {
    const out: Array<{ day: string; line: string; title: string; n: number; id: number; rest: string }> = [];
    for (const o of rows) {
      const input = o.title ? null : (this.inputStmt.get(o.id) as string | null);
      const title = clean(observationTitle({ title: o.title, toolName: o.toolName, input }), 110);
      if (held(title)) continue;
      const prev = out[out.length - 1];
      if (prev && prev.title === title && prev.day === localDay(o.createdAt)) {
        prev.n += 1;
        continue;
      }
      const rest = `${time(o.createdAt)} ${o.type ?? o.toolName.slice(0, 40)} ${title}`;
      out.push({ day: localDay(o.createdAt), title, n: 1, id: o.id, rest, line: '' });
    }
    return out.map((o) => ({ day: o.day, line: `- #${o.id} ${o.rest}${o.n > 1 ? ` (×${o.n})` : ''}` }));
  }
}

/** Paths joined into lines of about 160 characters (a line per path costs more than the path). */
function fileLines(files: string[]): string[] {
  const out: string[] = [];
  let cur = '';
  for (const f of files) {
    if (cur !== '' && cur.length + f.length > 160) {
      out.push(`- ${cur}`);
      cur = '';
    }
    cur = cur === '' ? f : `${cur}, ${f}`;
  }
  if (cur !== '') out.push(`- ${cur}`);
  return out;
}

function summaryLine(s: SummaryRow): string {
  const parts = [
    s.request && `Request: ${clean(s.request, 200)}`,
    s.completed && `Completed: ${clean(s.completed, 240)}`,
    s.learned && `Learned: ${clean(s.learned, 200)}`,
    s.nextSteps && `Next: ${clean(s.nextSteps, 160)}`,
  ].filter(Boolean);
  return `- ${localDay(s.updatedAt)} (session ${s.sessionId}): ${parts.join(' | ') || 'no summary text'}`;
}

function digestItemLine(o: DigestItem): string {
  const detail = o.detail ? ` → ${clean(o.detail.replace(/\\[nrt]/g, ' '), 240)}` : '';
  return `- #${o.id} ${localDay(o.createdAt)} ${clean(o.title, 110)}${detail}`;
}

/** The digest's lines as they are written, with the tokens they use against the budget. */
class DigestLines {
  private readonly lines: string[];
  private used: number;

  constructor(
    header: string,
    private readonly footer: string,
    private readonly budget: number,
  ) {
    this.lines = [OPEN, header];
    this.used = estimateTokens(`${OPEN}\n${header}\n${footer}\n${CLOSE}\n`);
  }

  /** The token count this share of the whole budget allows, counted from what is used now. */
  share(x: number): number {
    return this.used + Math.floor(this.budget * x);
  }

  /** The token count this share of what is left allows. */
  upTo(share: number): number {
    return this.used + Math.floor((this.budget - this.used) * share);
  }

  /**
   * A heading and its lines, as many as fit under `limit`; its first line even past `limit` while
   * the whole budget has room, so a small budget keeps every leading section (the most useful
   * lines) and drops the index first. Nothing when not even the first line (or `short`'s) fits.
   */
  section(heading: string, full: string[], limit: number, short: string[] = []): void {
    const cost = (b: string[]): number =>
      b.length === 0 ? Infinity : this.used + estimateTokens(heading) + 1 + estimateTokens(b[0]!) + 1;
    // A shorter form (one path instead of a line of them) when the full first line does not fit.
    const body = cost(full) > this.budget && cost(short) <= this.budget ? short : full;
    const first = cost(body);
    if (first > this.budget) return;
    const cap = Math.max(limit, first);
    this.push(heading);
    for (const line of body) if (this.fits(line, cap)) this.push(line);
  }

  /** The ids of the observations listed so far (`- #<id> …` lines). */
  shownIds(): Set<number> {
    return new Set(
      this.lines
        .map((l) => /^- #(\d+) /.exec(l)?.[1])
        .filter(Boolean)
        .map(Number),
    );
  }

  /** The index of recent observations by day; the heading only with its first day and line under it. */
  index(obsLines: Array<{ day: string; line: string }>): void {
    const indexHead = '## Recent observations (newest first: id time type title)';
    const firstObs = obsLines[0];
    const lead = (l: string): number => estimateTokens(l) + 1;
    if (
      !firstObs ||
      this.used + lead(indexHead) + lead(`### ${firstObs.day}`) + lead(firstObs.line) > this.budget
    )
      return;
    this.push(indexHead);
    let currentDay = '';
    for (const o of obsLines) {
      const dayLine = o.day !== currentDay ? `### ${o.day}` : null;
      const cost = (dayLine ? estimateTokens(dayLine) + 1 : 0) + estimateTokens(o.line) + 1;
      if (this.used + cost > this.budget) break;
      if (dayLine) this.push(dayLine);
      currentDay = o.day;
      this.push(o.line);
    }
  }

  finish(): string {
    return [...this.lines, this.footer, CLOSE].join('\n');
  }

  private fits(line: string, limit: number): boolean {
    return this.used + estimateTokens(line) + 1 <= limit;
  }

  private push(line: string): void {
    this.lines.push(line);
    this.used += estimateTokens(line) + 1;
  }
}
