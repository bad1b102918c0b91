/**
 * opencode history: its SQLite store (`~/.local/share/opencode/opencode.db`), read-only. `session`
 * rows (id, directory), `message` rows (JSON `data`: `role`, `finish`) and their `part` rows (JSON
 * `data`: `text` parts, `tool` parts with `callID`, `tool`, `state.input`, `state.output`,
 * `state.metadata.exit`). A user message is a prompt; an assistant message that finished with
 * `stop` ends the turn.
 */
import Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { opencodeCall } from '../agents/opencode.js';
import { rec, str } from '../agents/shape.js';
import {
  parseJson,
  SessionEvents,
  walkFiles,
  type HistoryRead,
  type HistorySource,
} from './import-history.js';

type Rec = Record<string, unknown>;

interface Row {
  id: string;
  at: number;
  data: string;
}

function textParts(parts: Rec[]): string {
  return parts
    .filter((p) => p.type === 'text' && p.synthetic !== true && typeof p.text === 'string')
    .map((p) => String(p.text))
    .join('\n')
    .trim();
}

function toolPart(s: SessionEvents, at: number, p: Rec): void {
  const callId = str(p.callID, 200);
  const state = rec(p.state);
  if (!callId || (state.status !== 'completed' && state.status !== 'error')) return;
  const input = rec(state.input);
  const meta = rec(state.metadata);
  const output = str(state.output) ?? str(meta.output) ?? str(state.error) ?? '';
  const failed = state.status === 'error' || (typeof meta.exit === 'number' && meta.exit !== 0);
  const started = typeof rec(state.time).start === 'number' ? Number(rec(state.time).start) : at;
  if (p.tool === 'bash' && typeof input.command === 'string')
    s.shell({ at: started, callId, command: input.command, output, failed });
  else {
    // Claude Code's names and inputs, as the plugin's calls get them (agents/opencode.ts).
    const c = opencodeCall(p.tool, input, output);
    s.tool({
      at: started,
      callId,
      name: String(c.tool_name),
      input: c.tool_input,
      output: c.tool_response,
      failed,
    });
  }
}

function readSession(
  db: Database.Database,
  row: { id: string; directory: string | null; at: number },
): SessionEvents {
  const s = new SessionEvents('opencode', row.id, row.directory);
  s.start(row.at);
  const messages = db
    .prepare<[string], Row>(
      'SELECT id, time_created AS at, data FROM message WHERE session_id = ? ORDER BY time_created, id',
    )
    .all(row.id);
  const partsOf = db.prepare<[string], Row>(
    'SELECT id, time_created AS at, data FROM part WHERE message_id = ? ORDER BY id',
  );
  for (const m of messages) {
    const data = rec(parseJson(m.data));
    const parts: Rec[] = partsOf.all(m.id).map((p) => ({ ...rec(parseJson(p.data)), at: p.at }));
    if (data.role === 'user') {
      const text = textParts(parts);
      if (text) s.prompt(m.at, `prompt:${m.id}`, text);
      continue;
    }
    for (const p of parts) if (p.type === 'tool') toolPart(s, Number(p.at), p);
    if (data.finish === 'stop') s.stop(m.at, `stop:${m.id}`, textParts(parts) || null);
  }
  return s;
}

async function readStore(file: string, shouldStop?: () => boolean): Promise<HistoryRead> {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const rows = db
      .prepare<[], { id: string; directory: string | null; at: number }>(
        'SELECT id, directory, time_created AS at FROM session ORDER BY time_created, id',
      )
      .all();
    const sessions = [];
    for (const row of rows) {
      if (shouldStop?.()) break;
      const s = readSession(db, row);
      sessions.push({ id: s.id, events: s.events });
      // Let the service answer between sessions.
      await new Promise((r) => setImmediate(r));
    }
    return { sessions, skipped: 0 };
  } finally {
    db.close();
  }
}

export const opencodeHistory: HistorySource = {
  agent: 'opencode',
  defaultRoot: (home) => join(home, '.local', 'share', 'opencode', 'opencode.db'),
  files: (root) =>
    existsSync(join(root, 'opencode.db'))
      ? walkFiles(join(root, 'opencode.db'), () => true, 0)
      : walkFiles(root, (n) => n === 'opencode.db', 0),
  read: readStore,
};
