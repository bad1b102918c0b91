/**
 * Failures with their fix: a failed command (or test run) followed in the same session by a change
 * (Edit/Write) and then a successful run of the same command — or, without a rerun yet, by a change
 * to a file the error names — becomes one `bugfix` memory: the error's meaningful line, the
 * command, the files changed and what the assistant said about the change.
 */
import type Database from 'better-sqlite3';
import { upsertMemory } from '../ingest/memory-rows.js';
import { clip, clipBlock, errorGist, errorLines, rel } from './text.js';
import { errorTextOf, isChange, isFailure, loadCalls, saidOf, type CallRow } from './turns.js';

const TRIVIAL = new Set(['cd', 'echo', 'export', 'sleep', 'true', 'set', 'source', '.', 'pwd']);

/** "program subcommand" of each step of a shell command (`git add … && git commit …` → both). */
export function commandKeys(cmd: string): string[] {
  const keys: string[] = [];
  // The first line only: a heredoc's body (a commit message) is not a command.
  for (const step of cmd
    .slice(0, 2_000)
    .split('\n')[0]!
    .split(/&&|\|\||;/)) {
    const head = step.split('|')[0]!.trim();
    const words = head
      .split(/\s+/)
      .filter((w) => w !== '' && !/^[A-Z_][A-Z0-9_]*=/.test(w))
      .map((w) => w.replace(/^['"]|['"]$/g, ''));
    if (words.length === 0 || TRIVIAL.has(words[0]!)) continue;
    const second = words[1] && !words[1].startsWith('-') && !words[1].includes('/') ? ` ${words[1]}` : '';
    keys.push(`${words[0]}${second}`);
  }
  return [...new Set(keys)];
}

interface Open {
  keys: string[];
  first: CallRow;
  last: CallRow;
  changes: CallRow[];
}

/** Finds the session's failure → fix pairs among its latest calls and writes them. Returns rows written. */
export function detectBugfixes(db: Database.Database, sessionId: number, now: number): number {
  const s = db.prepare(`SELECT cwd FROM sessions WHERE id = ?`).get(sessionId) as
    { cwd: string | null } | undefined;
  if (!s) return 0;
  const calls = loadCalls(db, sessionId, 0, 500);
  let open: Open[] = [];
  let written = 0;
  const emit = (g: Open, rerun: CallRow | null, changes: CallRow[]): void => {
    if (writeBugfix(db, { sessionId, cwd: s.cwd, failure: g, rerun, changes, now }) !== null) written++;
  };
  for (const c of calls) {
    if (c.toolName.startsWith('memtray:')) continue;
    if (c.command !== null) {
      const keys = commandKeys(c.command);
      if (keys.length === 0) continue;
      if (isFailure(c)) {
        const same = open.find((g) => g.keys.some((k) => keys.includes(k)));
        if (same) Object.assign(same, { last: c, keys });
        else open.push({ keys, first: c, last: c, changes: [] });
      } else {
        // The same command passing now: it runs every step the (latest) failing one ran.
        const hit = open.filter((g) => g.keys.every((k) => keys.includes(k)));
        for (const g of hit) if (g.changes.length > 0) emit(g, c, g.changes);
        open = open.filter((g) => !hit.includes(g));
      }
    } else if (isChange(c)) {
      // The latest changes before the passing run are the fix.
      for (const g of open) g.changes = [...g.changes.slice(-9), c];
    }
    if (open.length > 50) open = open.slice(-50);
  }
  // No rerun yet: a change to a file the error names is the fix.
  for (const g of open) {
    if (g.changes.length === 0) continue;
    const err = errorTextOf(db, g.last.id);
    const named = g.changes.filter((c) =>
      c.filesModified.some((f) => {
        const base = f.split('/').pop() ?? f;
        return base.length > 2 && err.includes(base);
      }),
    );
    if (named.length > 0) emit(g, null, named);
  }
  return written;
}

/** A failure → fix pair to write: the failed calls, the rerun that passed (if any), the changes between. */
interface BugfixWrite {
  sessionId: number;
  cwd: string | null;
  failure: Open;
  rerun: CallRow | null;
  changes: CallRow[];
  now: number;
}

function writeBugfix(db: Database.Database, fix: BugfixWrite): number | null {
  const { sessionId, cwd, failure, rerun, changes, now } = fix;
  const text = errorTextOf(db, failure.last.id);
  const lines = errorLines(text, 3);
  const fallback = clip(failure.last.title ?? 'the command failed', 160);
  const error = errorGist(text) ?? fallback;
  const files = [...new Set(changes.flatMap((c) => c.filesModified))];
  const what = [...new Set(changes.map((c) => c.title ?? c.toolName))].slice(0, 5).join('; ');
  const said = changes.map(saidOf).find((x) => x !== null) ?? null;
  const cmd = failure.last.command ?? '';
  const end = rerun ?? changes[changes.length - 1]!;
  return upsertMemory(
    db,
    {
      sessionId,
      promptNumber: end.promptNumber,
      type: 'bugfix',
      key: `bugfix:${failure.first.toolUseId ?? `obs${failure.first.id}`}`,
      cwd,
      createdAt: end.createdAt,
      title: clip(`Fixed: ${lines[0] ?? fallback}`, 120),
      subtitle: clip(`${what}${rerun ? ` — then \`${clip(rerun.command ?? '', 80)}\` passed` : ''}`, 240),
      facts: [
        `error: ${clip(error, 240)}`,
        ...(cmd ? [`command: ${clip(cmd, 200)}`] : []),
        ...files.slice(0, 5).map((f) => `file: ${rel(f, cwd)}`),
        `fix: ${clip(what, 300)}`,
        ...(rerun?.command ? [`verified: ${clip(rerun.command, 200)}`] : []),
      ],
      narrative: clipBlock(
        [
          `Error: ${lines.join('\n') || error}`,
          cmd ? `Command: ${clip(cmd, 300)}` : '',
          `Fix: ${what}`,
          said ? `Claude: ${clip(said, 800)}` : '',
          rerun ? `Then ran again and it passed: ${clip(rerun.command ?? '', 200)}` : '',
        ]
          .filter((x) => x !== '')
          .join('\n'),
        3_000,
      ),
      filesModified: files,
      source: { failure: failure.first.id, lastFailure: failure.last.id, rerun: rerun?.id ?? null },
    },
    now,
  );
}
