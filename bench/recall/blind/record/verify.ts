/** After a recording: each session's size (prompts, tool calls, lines) and the tool errors it holds. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { errorsIn } from '../../../../tests/fixtures/record/claude-cli.js';
import type { Project } from './types.js';

/** The intended size of a session. */
const CALLS = { min: 25, max: 60 };
const LINES = { min: 100, max: 400 };

interface Row {
  session: string;
  sessionId: string;
}

export interface SessionStats {
  label: string;
  prompts: number;
  calls: number;
  lines: number;
  subagentCalls: number;
  errors: string[];
}

function toolCalls(file: string): number {
  let n = 0;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line.includes('"tool_use"')) continue;
    const rec = JSON.parse(line) as { type?: string; message?: { content?: Array<{ type?: string }> } };
    if (rec.type === 'assistant')
      n += (rec.message?.content ?? []).filter((b) => b.type === 'tool_use').length;
  }
  return n;
}

function subagentCalls(dir: string): number {
  const sub = join(dir, 'subagents');
  if (!existsSync(sub)) return 0;
  return readdirSync(sub)
    .filter((f) => f.endsWith('.jsonl'))
    .reduce((n, f) => n + toolCalls(join(sub, f)), 0);
}

export function statsOf(dir: string, label: string, rows: Row[]): SessionStats {
  const mine = rows.filter((r) => r.session === label);
  const id = mine[0]!.sessionId;
  const file = join(dir, `${id}.jsonl`);
  return {
    label,
    prompts: mine.length,
    calls: toolCalls(file),
    lines: readFileSync(file, 'utf8').split('\n').filter(Boolean).length,
    subagentCalls: subagentCalls(join(dir, id)),
    errors: errorsIn(file),
  };
}

/** Prints every session's stats; false when one is outside the intended size. */
export function report(out: string, chosen: Project[], manifests: Map<string, Row[]>): boolean {
  let ok = true;
  for (const p of chosen) {
    const rows = manifests.get(p.name) ?? [];
    for (const label of [...new Set(rows.map((r) => r.session))]) {
      const s = statsOf(join(out, p.name), label, rows);
      const fits =
        s.calls >= CALLS.min && s.calls <= CALLS.max && s.lines >= LINES.min && s.lines <= LINES.max;
      ok &&= fits;
      const sub = s.subagentCalls ? ` (+${s.subagentCalls} in subagents)` : '';
      process.stderr.write(
        `${fits ? ' ' : '!'} ${label}: ${s.prompts} prompts, ${s.calls} tool calls${sub}, ${s.lines} lines, ` +
          `${s.errors.length} tool errors\n`,
      );
      for (const e of s.errors) process.stderr.write(`    error: ${e}\n`);
    }
  }
  return ok;
}
