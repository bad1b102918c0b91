/**
 * `GET /api/logs`: the end of the service log (the data dir's `memtray.log`, 256 KiB at most),
 * parsed, filtered by level, newest first — so a user sees why something failed without a terminal.
 * The logger already scrubs secret-looking fields; lines are capped in length.
 */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import {
  logPageSchema,
  logsQuerySchema,
  type LogEntry,
  type LogLevel,
} from '../../../shared/contract/logs.js';
import { VERBS } from '../../../shared/contract/verbs.js';
import { type Route, validate, verbRoute } from '../http.js';

const TAIL_BYTES = 256 * 1024;
const MAX_LINE = 2000;
const RANK: Record<LogLevel, number> = { info: 0, warn: 1, error: 2 };
const LINE = /^(\d{4}-\d{2}-\d{2}T[\d:.]+Z) (INFO|WARN|ERROR) (.*?)(?: (\{.*\}))?$/;

function readLogTail(file: string): { lines: string[]; truncated: boolean } {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch {
    return { lines: [], truncated: false };
  }
  try {
    const size = fstatSync(fd).size;
    const start = Math.max(0, size - TAIL_BYTES);
    const buf = Buffer.alloc(size - start);
    readSync(fd, buf, 0, buf.length, start);
    const lines = buf.toString('utf8').split('\n');
    if (start > 0) lines.shift(); // a partial first line
    return { lines: lines.filter((l) => l !== ''), truncated: start > 0 };
  } finally {
    closeSync(fd);
  }
}

function parseLogLine(raw: string): LogEntry | null {
  const m = LINE.exec(raw.length > MAX_LINE ? `${raw.slice(0, MAX_LINE)}…` : raw);
  if (!m) return null;
  return {
    at: m[1]!,
    level: m[2]!.toLowerCase() as LogLevel,
    message: m[3]!,
    fields: m[4] ?? null,
  };
}

export function logsRoute(file: string): Route {
  return verbRoute(VERBS.getLogs, {
    handler: ({ query }) => {
      const q = validate(
        logsQuerySchema,
        { level: query.get('level') || undefined, limit: query.get('limit') ?? undefined },
        'query',
      );
      const { lines, truncated } = readLogTail(file);
      const entries: LogEntry[] = [];
      for (let i = lines.length - 1; i >= 0 && entries.length < q.limit; i--) {
        const e = parseLogLine(lines[i]!);
        if (e && RANK[e.level] >= RANK[q.level]) entries.push(e);
      }
      return { json: logPageSchema.parse({ entries, file, truncated }) };
    },
  });
}
