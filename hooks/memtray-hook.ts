/**
 * `memtray-hook <Event> [--data-dir DIR]`: the Claude Code command hook.
 *
 * Reads the hook's JSON on stdin, strips `<private>` / `<memtray-context>` blocks, and posts it to
 * the MemTray service named by `server.json` + `token` in the data dir (2 s timeout). If the service
 * is unreachable or answers 5xx, the event is appended to the spool for the service to import later.
 * SessionStart prints the memory context for Claude. Whatever happens, it exits 0: a memory tool
 * must never block or break a prompt.
 *
 * Kept free of the core on purpose (it starts on every tool call): plain `node:http`, no fetch.
 */
import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { mapStringsDeep, stripPrivacyTags } from '../electron/core/privacy/strip-tags.js';
import { appendSpool, readHookConfig, readServer, resolveDataDir } from './lib.js';

const TIMEOUT_MS = 2000;
const MAX_STDIN = 32 * 1024 * 1024;
const EVENT_RE = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;

type Json = Record<string, unknown>;

function readStdin(): Promise<string> {
  return new Promise((resolve) => {
    if (process.stdin.isTTY) return resolve('');
    const chunks: Buffer[] = [];
    let size = 0;
    process.stdin.on('data', (c: Buffer) => {
      size += c.length;
      if (size <= MAX_STDIN) chunks.push(c);
    });
    process.stdin.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    process.stdin.on('error', () => resolve(''));
  });
}

interface PostResult {
  status: number;
  body: string;
}

function call(
  port: number,
  token: string,
  path: string,
  body: string | null,
  id: string,
): Promise<PostResult | null> {
  return new Promise((resolve) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: body === null ? 'GET' : 'POST',
        path,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === null
            ? {}
            : {
                'content-type': 'application/json',
                'content-length': Buffer.byteLength(body),
                'x-memtray-event-id': id,
              }),
        },
        timeout: TIMEOUT_MS,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', () => resolve(null));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve(null));
    req.end(body ?? undefined);
  });
}

function parseArgs(argv: string[]): { event: string | null; dataDir: string | null } {
  let event: string | null = null;
  let dataDir: string | null = null;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--data-dir') dataDir = argv[++i] ?? null;
    else if (a.startsWith('--data-dir=')) dataDir = a.slice('--data-dir='.length);
    else if (!event && EVENT_RE.test(a)) event = a;
  }
  return { event, dataDir };
}

async function run(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const raw = await readStdin();
  let payload: Json;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return;
    payload = parsed as Json;
  } catch {
    process.stderr.write('memtray-hook: stdin is not a JSON object; ignored\n');
    return;
  }
  const named = typeof payload.hook_event_name === 'string' ? payload.hook_event_name : null;
  const event = args.event ?? (named && EVENT_RE.test(named) ? named : null);
  if (!event) return;
  const dataDir = resolveDataDir(args.dataDir);
  const config = readHookConfig(dataDir);
  if (typeof payload.tool_name === 'string' && config.skipTools.includes(payload.tool_name)) return;
  payload = mapStringsDeep(payload, stripPrivacyTags);
  const body = JSON.stringify(payload);
  const id = randomUUID();
  const at = Date.now();
  const server = readServer(dataDir);
  const posted = server ? call(server.port, server.token, `/api/capture/hook/${event}`, body, id) : null;
  // SessionStart: ask for the memory context at the same time (same project naming as the core).
  const context =
    server && event === 'SessionStart' && typeof payload.session_id === 'string'
      ? call(server.port, server.token, contextPath(payload), null, id)
      : null;
  const res = posted ? await posted : null;
  if (!res || res.status >= 500) {
    appendSpool(dataDir, { v: 1, id, event, at, payload }, config.spoolMaxBytes);
    return;
  }
  if (res.status >= 400) {
    process.stderr.write(`memtray-hook: service refused ${event} (${res.status})\n`);
    return;
  }
  const ctx = context ? await context : null;
  const text = ctx && ctx.status === 200 ? ctx.body.trim() : '';
  if (text !== '') {
    const wrapped = text.startsWith('<memtray-context>')
      ? text
      : `<memtray-context>\n${text}\n</memtray-context>`;
    process.stdout.write(
      JSON.stringify({ hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: wrapped } }),
    );
  }
}

function contextPath(payload: Json): string {
  const cwd = typeof payload.cwd === 'string' ? payload.cwd.replace(/[\\/]+$/, '') : '';
  const project = cwd.split(/[\\/]/).pop() || 'unknown';
  const q = new URLSearchParams({ project, session: String(payload.session_id) });
  return `/api/context/inject?${q.toString()}`;
}

// Safety net: never outlive Claude Code's patience, never fail.
setTimeout(() => process.exit(0), TIMEOUT_MS + 1500).unref();
run().then(
  () => process.exit(0),
  () => process.exit(0),
);
