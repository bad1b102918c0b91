/**
 * What an agent's history reader gives the history import (import-agents.ts): each session as the
 * MemTray events its hooks would have sent (Claude Code's hook shape, the agent named in
 * `memtray_agent`, as core/agents/ maps live hooks), each with the time it happened and a key that
 * is stable across reads of the same history (the event's idempotency id).
 */
import { readdirSync, statSync, type Stats } from 'node:fs';
import { join } from 'node:path';
import type { AgentId } from '../../shared/contract/agents.js';
import { bashCall, memtrayEvent, type Json } from '../agents/shape.js';

interface HistoryEvent {
  event: string;
  payload: Json;
  at: number;
  /** Unique within the session, the same at every read. */
  key: string;
}

export interface HistorySession {
  id: string;
  events: HistoryEvent[];
}

export interface HistoryFile {
  path: string;
  mtimeMs: number;
}

export interface HistoryRead {
  sessions: HistorySession[];
  /** Lines or records that could not be read. */
  skipped: number;
}

export interface HistorySource {
  agent: Exclude<AgentId, 'claude-code'>;
  /** Where the agent keeps its history under a home folder. */
  defaultRoot(home: string): string;
  /** The history files under a root (a file given as the root is itself). */
  files(root: string): HistoryFile[];
  read(file: string, shouldStop?: () => boolean): Promise<HistoryRead>;
}

/** Builds one session's events in order. */
/** A call in an agent's history: when, its id, whether it failed. */
interface HistoryCall {
  at: number;
  callId: string;
  failed: boolean;
}

interface HistoryShellCall extends HistoryCall {
  command: string;
  output: string;
}

interface HistoryToolCall extends HistoryCall {
  name: string;
  input: unknown;
  output: unknown;
}

export class SessionEvents {
  readonly events: HistoryEvent[] = [];

  constructor(
    private readonly agent: HistorySource['agent'],
    readonly id: string,
    public cwd: string | null,
  ) {}

  push(event: string, at: number, key: string, fields: Json): void {
    const payload = memtrayEvent(
      this.agent,
      `history:${event}`,
      {},
      {
        event,
        fields: {
          session_id: this.id,
          ...(this.cwd ? { cwd: this.cwd } : {}),
          ...fields,
        },
      },
    ).payload;
    this.events.push({ event, payload, at, key });
  }

  start(at: number): void {
    this.push('SessionStart', at, 'start', { source: 'import' });
  }

  prompt(at: number, key: string, prompt: string): void {
    this.push('UserPromptSubmit', at, key, { prompt });
  }

  /** A shell call (Claude Code's `Bash`); failed when it exited non-zero. */
  shell({ at, callId, command, output, failed }: HistoryShellCall): void {
    const call = bashCall(command, output);
    this.push(failed ? 'PostToolUseFailure' : 'PostToolUse', at, `tool:${callId}`, {
      ...call,
      tool_use_id: callId,
      ...(failed ? { error: output.slice(0, 2000) } : {}),
    });
  }

  /** Any other tool, under its own name. */
  tool({ at, callId, name, input, output, failed }: HistoryToolCall): void {
    this.push(failed ? 'PostToolUseFailure' : 'PostToolUse', at, `tool:${callId}`, {
      tool_name: name,
      tool_input: input ?? {},
      tool_response: output ?? null,
      tool_use_id: callId,
    });
  }

  stop(at: number, key: string, lastMessage: string | null): void {
    this.push('Stop', at, key, lastMessage ? { last_assistant_message: lastMessage } : {});
  }
}

/** Regular files under `root` whose name passes `want`, walked `depth` folders deep. */
export function walkFiles(root: string, want: (name: string) => boolean, depth: number): HistoryFile[] {
  const out: HistoryFile[] = [];
  const visit = (dir: string, left: number): void => {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      return;
    }
    for (const name of names.sort()) {
      const p = join(dir, name);
      let st: Stats;
      try {
        st = statSync(p);
      } catch {
        continue;
      }
      if (st.isDirectory() && left > 0) visit(p, left - 1);
      else if (st.isFile() && want(name)) out.push({ path: p, mtimeMs: st.mtimeMs });
    }
  };
  const st = safeStat(root);
  if (st?.isFile()) return [{ path: root, mtimeMs: st.mtimeMs }];
  visit(root, depth);
  return out;
}

function safeStat(p: string): Stats | undefined {
  try {
    return statSync(p);
  } catch {
    return undefined;
  }
}

export function ms(v: unknown): number | null {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v !== 'string') return null;
  const t = Date.parse(v);
  return Number.isNaN(t) ? null : t;
}

export function parseJson(line: string): unknown {
  try {
    return JSON.parse(line) as unknown;
  } catch {
    return undefined;
  }
}
