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
    const row = episodeFields(db, p.prompt, turn, s.cwd, first, final, chose);
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

function episodeFields(
  db: Database.Database,
  prompt: string,
  turn: CallRow[],
  cwd: string | null,
  first: string | null,
  final: string | null,
  choice: { title: string | null; reason: string | null },
) {
  const tools = turn.filter((c) => !c.toolName.startsWith('memtray:'));
  const decisionRows = turn.filter((c) => c.toolName === 'memtray:decision');
  const decisions = uniq([
    ...(choice.title ? [choice.title] : []),
    ...decisionRows.map((c) => c.title ?? ''),
  ]);
  // The first decision with its reason ("Decided: X because Y"), to lead the episode with.
  const rowWhy = decisionRows
    .map((c) => /^Chose: .* — (.+)$/m.exec(c.narrative ?? '')?.[1])
    .find((x) => x !== undefined);
  const why = choice.title ? choice.reason : (rowWhy ?? null);
  // Short: the choice without its question gist ("Decided: X (question…)" → "Decided: X").
  const decided = decisions[0] ? `${decisions[0].replace(/ \([^()]*\)$/, '')}${why ? ` — ${why}` : ''}` : '';
  const changed = uniq(tools.filter(isChange).flatMap((c) => c.filesModified));
  const read = uniq(tools.flatMap((c) => c.filesRead)).slice(0, 30);
  const commands = uniq(tools.flatMap((c) => (c.command ? [c.command] : [])));
  const tests = tools.filter((c) => c.command && isTestCommand(commandHead(c.command)));
  const lastTest = tests[tests.length - 1];
  const testOutcome = lastTest ? (isFailure(lastTest) ? 'failed' : 'passed') : null;
  const failures = tools.filter(isFailure).slice(0, 20);
  const errorOf = (c: CallRow): string => errorGist(errorTextOf(db, c.id)) ?? c.title ?? c.toolName;
  const failLines = uniq(
    failures
      .slice(0, 5)
      .map((c) => clip(c.command ? `${clip(c.command, 80)}: ${errorOf(c)}` : errorOf(c), 240)),
  ).slice(0, 3);
  // What a person asks about a turn, first: the choice and why, files changed, how the tests ended.
  const names = changed.slice(0, 3).map((f) => rel(f, cwd));
  const lineOf = (c: CallRow): string => firstErrorLine(errorTextOf(db, c.id)) ?? c.title ?? c.toolName;
  const lead = [
    decided,
    names.length ? `changed ${names.join(', ')}${changed.length > 3 ? ` +${changed.length - 3}` : ''}` : '',
    testOutcome === 'failed' && lastTest ? `tests failed: ${lineOf(lastTest)}` : '',
    testOutcome === 'passed' ? `tests passed${failures.length ? ` after: ${lineOf(failures[0]!)}` : ''}` : '',
    !testOutcome && failures[0] ? `failed: ${lineOf(failures[0])}` : '',
  ].filter((x) => x !== '');
  const counts = [
    changed.length ? `${plural(changed.length, 'file')} changed` : '',
    commands.length ? `${plural(commands.length, 'command')} run` : '',
    testOutcome ? `tests ${testOutcome}` : '',
    failures.length ? plural(failures.length, 'failed call') : '',
    decisions.length ? plural(decisions.length, 'decision') : '',
  ].filter((x) => x !== '');
  const outcome = counts.length
    ? counts.join(', ')
    : tools.length
      ? plural(tools.length, 'tool call')
      : 'answered';
  const facts = [
    ...changed.slice(0, 12).map((f) => `file: ${rel(f, cwd)}`),
    ...commands.slice(0, 10).map((c) => `command: ${clip(c, 200)}`),
    ...failLines.map((l) => `failed: ${l}`),
    ...(testOutcome ? [`tests: ${testOutcome}`] : []),
    ...(testOutcome === 'failed' && lastTest ? [`tests failed: ${clip(errorOf(lastTest), 240)}`] : []),
    ...decisions.slice(0, 3).map((d) => `decision: ${clip(d, 160)}`),
  ];
  const leadLine = lead.length ? clip(lead.join('; '), 300) : '';
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
    filesRead: read,
    filesModified: changed,
  };
}
