/**
 * `memtray-hook <Event> [--agent X] [--data-dir DIR]`: the command hook of Claude Code, or of the
 * agent X (codex, gemini, opencode, cursor, copilot: the service maps its event, core/agents/).
 *
 * Reads the hook's JSON on stdin, drops what the user keeps out (a never-captured tool, a file under
 * an excluded path), strips `<private>` / `<memtray-context>` blocks, and posts it to
 * the MemTray service named by `server.json` + `token` in the data dir (2 s timeout). If the service
 * is unreachable or answers 5xx, the event is redacted (spool-redact.ts) and appended to the spool
 * for the service to import later.
 * SessionStart prints the memory context for the agents that read it (hooks/agent.ts). Whatever happens, it exits 0: a memory tool
 * must never block or break a prompt.
 *
 * Kept free of the core on purpose (it starts on every tool call): plain `node:http`, no fetch.
 */
import type { IncomingMessage } from 'node:http';
import { MAX_EVENT_BYTES } from '../electron/core/ingest/limits.js';
import { mapStringsDeep, stripPrivacyTags } from '../electron/core/privacy/strip-tags.js';
import { AGENT_EVENT_RE, agentArg, hookPath, printsContext } from './agent.js';
import { appendSpool, readHookConfig, readServer, resolveDataDir, type ServerRef } from './lib.js';
import { readStdinBounded } from './stdin.js';

const TIMEOUT_MS = 2000;
/** The ping (proof of identity) must answer quickly: a stranger that stalls costs at most this. */
const PING_TIMEOUT_MS = 1000;
/** The service refuses more (413); reading stops there. */
const MAX_STDIN = MAX_EVENT_BYTES;

type Json = Record<string, unknown>;
declare const Bun: unknown;

/**
 * HMAC-SHA256 in hex. Under Bun its native hasher: loading `node:crypto` costs Bun ~20 ms of CPU, more
 * than the rest of the hook. Under Node, `node:crypto` loaded on demand.
 */
function hmacHex(key: string, message: string): string {
  if (typeof Bun !== 'undefined') {
    type Hasher = { update(s: string): void; digest(enc: 'hex'): string };
    const B = Bun as { CryptoHasher: new (alg: string, key: string) => Hasher };
    const h = new B.CryptoHasher('sha256', key);
    h.update(message);
    return h.digest('hex');
  }
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { createHmac } = require('node:crypto') as typeof import('node:crypto');
  return createHmac('sha256', key).update(message).digest('hex');
}

function nonceHex(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

interface PostResult {
  status: number;
  body: string;
}

function eventId(): string {
  const c = (globalThis as { crypto?: { randomUUID?: () => string } }).crypto;
  if (c?.randomUUID) return c.randomUUID();
  return `${Date.now().toString(16)}-${process.pid.toString(16)}-${Math.random().toString(16).slice(2, 14)}`;
}

/**
 * One request to the service. Under Bun: its native fetch (cheap there). Under Node: `http.request`
 * loaded on demand (Node's fetch costs ~150 ms of startup).
 */
interface ServiceRequest {
  /** Null: no Authorization header (the ping). */
  token: string | null;
  /** Null: a GET. */
  body: string | null;
  /** The event id a POST carries (`x-memtray-event-id`). */
  id: string;
  timeoutMs?: number;
}

function call(
  port: number,
  path: string,
  { token, body, id, timeoutMs = TIMEOUT_MS }: ServiceRequest,
): Promise<PostResult | null> {
  const headers: Record<string, string> = token === null ? {} : { authorization: `Bearer ${token}` };
  if (body !== null) {
    headers['content-type'] = 'application/json';
    headers['x-memtray-event-id'] = id;
  }
  const url = `http://127.0.0.1:${port}${path}`;
  if (typeof Bun !== 'undefined') {
    return fetch(url, {
      method: body === null ? 'GET' : 'POST',
      headers,
      ...(body === null ? {} : { body }),
      signal: AbortSignal.timeout(timeoutMs),
    }).then(
      async (r) => ({ status: r.status, body: await r.text() }),
      () => null,
    );
  }
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const http = require('node:http') as typeof import('node:http');
  return new Promise((resolve) => {
    if (body !== null) headers['content-length'] = String(Buffer.byteLength(body));
    const req = http.request(
      url,
      { method: body === null ? 'GET' : 'POST', headers, timeout: timeoutMs },
      (res: IncomingMessage) => {
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

interface Args {
  event: string | null;
  dataDir: string | null;
  /** `--agent X`: the agent whose hook this is (null: Claude Code). */
  agent: string | null;
}

function parseArgs(argv: string[]): Args {
  const out: Args = { event: null, dataDir: null, agent: null };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--data-dir') out.dataDir = argv[++i] ?? null;
    else if (a.startsWith('--data-dir=')) out.dataDir = a.slice('--data-dir='.length);
    else if (a === '--agent') out.agent = agentArg(argv[++i]);
    else if (a.startsWith('--agent=')) out.agent = agentArg(a.slice('--agent='.length));
    else if (!out.event && AGENT_EVENT_RE.test(a)) out.event = a;
  }
  return out;
}

/**
 * Whether the listener on `server.port` is this data dir's service, asked without the token: it must
 * answer `GET /api/ping?nonce=N` with HMAC(token, instance:port:N) (server/ping.ts). A stranger on a
 * reused port, or a service that wrote no instance id, fails: the event is spooled instead. Runs
 * while stdin is read, and its connection is kept alive for the post, so it costs little.
 */
async function verify(server: ServerRef): Promise<boolean> {
  if (!server.instance) return false;
  try {
    const nonce = nonceHex();
    const res = await call(server.port, `/api/ping?nonce=${nonce}`, {
      token: null,
      body: null,
      id: '',
      timeoutMs: PING_TIMEOUT_MS,
    });
    if (!res || res.status !== 200) return false;
    const proof = (JSON.parse(res.body) as { proof?: unknown }).proof;
    return proof === hmacHex(server.token, `memtray-ping:${server.instance}:${server.port}:${nonce}`);
  } catch {
    return false;
  }
}

async function run(): Promise<void> {
  // A `claude` run MemTray started itself (compression): never captured, no context printed
  // (INTERNAL_ENV of electron/core/util/internal-runs.ts, inlined to keep the hook's start cheap).
  if (process.env.MEMTRAY_INTERNAL === '1') return;
  const args = parseArgs(process.argv.slice(2));
  const dataDir = resolveDataDir(args.dataDir);
  const server = readServer(dataDir);
  const verified = server ? verify(server) : Promise.resolve(false);
  const input = await readStdinBounded(MAX_STDIN);
  if ('tooLarge' in input) {
    process.stderr.write(`memtray-hook: event larger than ${MAX_STDIN} bytes; dropped\n`);
    return;
  }
  const raw = input.text;
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
  const event = args.event ?? (named && AGENT_EVENT_RE.test(named) ? named : null);
  if (!event) return;
  const config = readHookConfig(dataDir);
  if (typeof payload.tool_name === 'string' && config.skipTools.includes(payload.tool_name)) return;
  const excluded =
    config.excludedPaths.length > 0
      ? (await import('./exclusion.js')).exclusionOf(payload, config.excludedPaths)
      : null;
  if (excluded === 'call') return;
  payload = mapStringsDeep(payload, stripPrivacyTags);
  const body = JSON.stringify(payload);
  const id = eventId();
  const at = Date.now();
  // The token and the payload go only to a listener that proved it is this data dir's service.
  const trusted = server && (await verified) ? server : null;
  // The hook endpoint (Claude Code's, or the agent's); SessionStart's answer carries the memory
  // context.
  const path = hookPath(args.agent, event);
  const posted = trusted ? call(trusted.port, path, { token: trusted.token, body, id }) : null;
  const res = posted ? await posted : null;
  if (!res || res.status >= 500) {
    // An excluded folder's events are only counted by the service: never kept on disk for it.
    if (excluded === 'folder') return;
    // The redaction rules load only when an event is spooled (the service-up path never pays for them).
    const { cleanForSpool } = await import('./spool-redact.js');
    const agent = args.agent && args.agent !== 'claude-code' ? { agent: args.agent } : {};
    const entry = { v: 1, id, event, ...agent, at, payload: cleanForSpool(payload) };
    appendSpool(dataDir, entry, config.spoolMaxBytes);
    return;
  }
  if (res.status >= 400) {
    process.stderr.write(`memtray-hook: service refused ${event} (${res.status})\n`);
    return;
  }
  const text = printsContext(args.agent, event) ? contextOf(res.body) : '';
  if (text !== '') {
    const wrapped = text.startsWith('<memtray-context>')
      ? text
      : `<memtray-context>\n${text}\n</memtray-context>`;
    process.stdout.write(
      JSON.stringify({ hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: wrapped } }),
    );
  }
}

/** The memory context in the service's SessionStart answer, or ''. */
function contextOf(body: string): string {
  try {
    const v = JSON.parse(body) as { hookSpecificOutput?: { additionalContext?: unknown } };
    const c = v.hookSpecificOutput?.additionalContext;
    return typeof c === 'string' ? c.trim() : '';
  } catch {
    return '';
  }
}

// Safety net: never outlive Claude Code's patience, never fail.
setTimeout(() => process.exit(0), TIMEOUT_MS + 1500).unref();
run().then(
  () => process.exit(0),
  () => process.exit(0),
);
