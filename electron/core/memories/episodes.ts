/**
 * Episodes: one memory per prompt turn — what was asked, what was done for it (files changed,
 * commands, decisions), how it ended (the assistant's final words, failures, test results). Built
 * when a turn ends (Stop, the session's end, a transcript read), from the stored rows; rebuilding
 * merges with what the episode already holds and rewrites it only when something changed.
 */
import type Database from 'better-sqlite3';
import { isTestCommand } from './command-class.js';
import { writeChoice } from './choice.js';
import { upsertMemory } from '../ingest/memory-rows.js';
import { clip, errorGist, firstErrorLine, parseRecord, rel } from './text.js';
import { errorTextOf, isChange, isFailure, loadCalls, saidOf, type CallRow } from './turns.js';

/** The assistant's words for a turn: its first text and its final answer (already cleaned). */
export interface TurnWords {
  first?: string | null;
  final?: string | null;
}

const uniq = <T>(xs: T[]): T[] => [...new Set(xs)];
/** The most calls one build reads (the latest ones). */
const MAX_CALLS = 2_000;
/**
 * A failed call as the episode remembers it: its command (a piped one whole, mostly) and its error,
 * in FAILED_LINE characters.
 */
const FAILED_COMMAND = 160;
const FAILED_LINE = 320;
const plural = (n: number, w: string): string => `${n} ${w}${n === 1 ? '' : 's'}`;

const episodeKey = (claudeSessionId: string, n: number): string => `episode:${claudeSessionId}:${n}`;

/**
 * Builds (or refreshes) the episodes of `turns` (all of the session's prompts when null). Returns
 * how many rows were written.
 */
export function buildEpisodes(
  db: Database.Database,
  sessionId: number,
  turns: number[] | null,
  words: Map<number, TurnWords>,
  now: number,
): number {
  const s = db.prepare(`SELECT claude_session_id c, cwd FROM sessions WHERE id = ?`).get(sessionId) as
    { c: string; cwd: string | null } | undefined;
  if (!s) return 0;
  const want = turns ? new Set(turns) : null;
  const prompts = (
    db
      .prepare(`SELECT prompt_number n, prompt, created_at FROM user_prompts WHERE session_id = ? ORDER BY n`)
      .all(sessionId) as Array<{ n: number; prompt: string; created_at: number }>
  ).filter((p) => !want || want.has(p.n));
  if (prompts.length === 0) return 0;
  const existing = new Map(
    (
      db
        .prepare(
          `SELECT prompt_number n, tool_input src FROM observations WHERE session_id = ? AND tool_name = 'memtray:episode'`,
        )
        .all(sessionId) as Array<{ n: number; src: string | null }>
    ).map((r) => [r.n, parseRecord(r.src)]),
  );
  const calls = loadCalls(db, sessionId, prompts[0]!.n, MAX_CALLS);
  // Past the bound, the oldest turns loaded may be partial: leave their episodes as they are.
  const partialUpTo = calls.length >= MAX_CALLS ? (calls[0]?.promptNumber ?? 0) : -1;
  const byTurn = new Map<number, CallRow[]>();
  for (const c of calls) {
    const list = byTurn.get(c.promptNumber) ?? [];
    list.push(c);
    byTurn.set(c.promptNumber, list);
  }
  let written = 0;
  const finalOf = (n: number): string | null => {
    const f = words.get(n)?.final ?? existing.get(n)?.final;
    return typeof f === 'string' ? f : null;
  };
  for (const p of prompts) {
    if (p.n <= partialUpTo) continue;
    const old = existing.get(p.n) ?? {};
    const w = words.get(p.n) ?? {};
    const turn = byTurn.get(p.n) ?? [];
    const first = w.first ?? (typeof old.first === 'string' ? old.first : null) ?? firstSaid(turn);
    const final = finalOf(p.n);
    const choice = { sessionId, claudeSessionId: s.c, promptNumber: p.n, prompt: p.prompt, at: p.created_at };
    const chose = writeChoice(db, { ...choice, previousFinal: finalOf(p.n - 1), cwd: s.cwd }, now);
    if (chose.written) written++;
    const row = episodeFields(db, { prompt: p.prompt, calls: turn, cwd: s.cwd, first, final, choice: chose });
    const id = upsertMemory(
      db,
      {
        sessionId,
        promptNumber: p.n,
        type: 'episode',
        key: episodeKey(s.c, p.n),
        cwd: s.cwd,
        createdAt: p.created_at,
        ...row,
        source: { first, final },
      },
      now,
    );
    if (id !== null) written++;
  }
  return written;
}

/** The command's first line without its quoted arguments (`bd create --description "…tests…"` is no test run). */
const commandHead = (cmd: string): string => cmd.split('\n')[0]!.replace(/"(?:[^"\\]|\\.)*"|'[^']*'/g, '');

function firstSaid(turn: CallRow[]): string | null {
  for (const c of turn) {
    const s = saidOf(c);
    if (s) return s;
  }
  return null;
}

/** One turn as the episode is written from it: the prompt, its calls, and what Claude said first and last. */
interface Turn {
  prompt: string;
  calls: CallRow[];
  cwd: string | null;
  first: string | null;
  final: string | null;
  /** The decision the prompt states, if any (choice.ts). */
  choice: { title: string | null; reason: string | null };
}

/** What a turn did: its decisions, files, commands, tests and failed calls. */
interface TurnWork {
  tools: CallRow[];
  decisions: string[];
  /** The first decision with its reason ("Decided: X — Y"), to lead the episode with; '' when none. */
  decided: string;
  changed: string[];
  read: string[];
  commands: string[];
  lastTest: CallRow | undefined;
  testOutcome: 'failed' | 'passed' | null;
  failures: CallRow[];
  failLines: string[];
  errorOf: (c: CallRow) => string;
}

function episodeFields(db: Database.Database, turn: Turn) {
  const work = turnWork(db, turn);
  const { changed, commands, failLines, testOutcome, lastTest, decisions, errorOf } = work;
  const leadLine = leadLineOf(db, turn.cwd, work);
  const outcome = outcomeOf(work);
  const facts = [
    ...changed.slice(0, 12).map((f) => `file: ${rel(f, turn.cwd)}`),
    ...commands.slice(0, 10).map((c) => `command: ${clip(c, 200)}`),
    ...failLines.map((l) => `failed: ${l}`),
    ...(testOutcome ? [`tests: ${testOutcome}`] : []),
    ...(testOutcome === 'failed' && lastTest ? [`tests failed: ${clip(errorOf(lastTest), 240)}`] : []),
    ...decisions.slice(0, 3).map((d) => `decision: ${clip(d, 160)}`),
  ];
  const { prompt, first, final } = turn;
  const narrative = [
    leadLine ? `Result: ${leadLine}` : '',
    `Asked: ${clip(prompt, 600)}`,
    first ? `Claude: ${clip(first, 600)}` : '',
    ...decisions.slice(0, 3),
    final && final !== first ? `Ended: ${clip(final, 1_200)}` : '',
    `Outcome: ${outcome}${failLines.length ? `; failed: ${failLines.join('; ')}` : ''}`,
  ]
    .filter((x) => x !== '')
    .join('\n');
  return {
    title: clip(`Asked: ${prompt}`, 120),
    subtitle: clip(`${leadLine || outcome}${final ? `. Ended: ${final}` : ''}`, 240),
    facts,
    narrative,
    filesRead: work.read,
    filesModified: changed,
  };
}

function turnWork(db: Database.Database, turn: Turn): TurnWork {
  const { calls, choice } = turn;
  const tools = calls.filter((c) => !c.toolName.startsWith('memtray:'));
  const decisionRows = calls.filter((c) => c.toolName === 'memtray:decision');
  const decisions = uniq([
    ...(choice.title ? [choice.title] : []),
    ...decisionRows.map((c) => c.title ?? ''),
  ]);
  const rowWhy = decisionRows
    .map((c) => /^Chose: .* — (.+)$/m.exec(c.narrative ?? '')?.[1])
    .find((x) => x !== undefined);
  const why = choice.title ? choice.reason : (rowWhy ?? null);
  // Short: the choice without its question gist ("Decided: X (question…)" → "Decided: X").
  const decided = decisions[0] ? `${decisions[0].replace(/ \([^()]*\)$/, '')}${why ? ` — ${why}` : ''}` : '';
  const tests = tools.filter((c) => c.command && isTestCommand(commandHead(c.command)));
  const lastTest = tests[tests.length - 1];
  const failures = tools.filter(isFailure).slice(0, 20);
  const errorOf = (c: CallRow): string => errorGist(errorTextOf(db, c.id)) ?? c.title ?? c.toolName;
  return {
    tools,
    decisions,
    decided,
    changed: uniq(tools.filter(isChange).flatMap((c) => c.filesModified)),
    read: uniq(tools.flatMap((c) => c.filesRead)).slice(0, 30),
    commands: uniq(tools.flatMap((c) => (c.command ? [c.command] : []))),
    lastTest,
    testOutcome: lastTest ? (isFailure(lastTest) ? 'failed' : 'passed') : null,
    failures,
    failLines: uniq(
      failures
        .slice(0, 5)
        .map((c) =>
          clip(c.command ? `${clip(c.command, FAILED_COMMAND)}: ${errorOf(c)}` : errorOf(c), FAILED_LINE),
        ),
    ).slice(0, 3),
    errorOf,
  };
}

/** What a person asks about a turn, first: the choice and why, files changed, how the tests ended. */
function leadLineOf(db: Database.Database, cwd: string | null, w: TurnWork): string {
  const names = w.changed.slice(0, 3).map((f) => rel(f, cwd));
  const lineOf = (c: CallRow): string => firstErrorLine(errorTextOf(db, c.id)) ?? c.title ?? c.toolName;
  const lead = [
    w.decided,
    names.length
      ? `changed ${names.join(', ')}${w.changed.length > 3 ? ` +${w.changed.length - 3}` : ''}`
      : '',
    w.testOutcome === 'failed' && w.lastTest ? `tests failed: ${lineOf(w.lastTest)}` : '',
    w.testOutcome === 'passed'
      ? `tests passed${w.failures.length ? ` after: ${lineOf(w.failures[0]!)}` : ''}`
      : '',
    !w.testOutcome && w.failures[0] ? `failed: ${lineOf(w.failures[0])}` : '',
  ].filter((x) => x !== '');
  return lead.length ? clip(lead.join('; '), 300) : '';
}

/** The turn in counts ("2 files changed, 3 commands run, tests passed"), else its calls, else "answered". */
function outcomeOf(w: TurnWork): string {
  const counts = [
    w.changed.length ? `${plural(w.changed.length, 'file')} changed` : '',
    w.commands.length ? `${plural(w.commands.length, 'command')} run` : '',
    w.testOutcome ? `tests ${w.testOutcome}` : '',
    w.failures.length ? plural(w.failures.length, 'failed call') : '',
    w.decisions.length ? plural(w.decisions.length, 'decision') : '',
  ].filter((x) => x !== '');
  if (counts.length) return counts.join(', ');
  return w.tools.length ? plural(w.tools.length, 'tool call') : 'answered';
}
