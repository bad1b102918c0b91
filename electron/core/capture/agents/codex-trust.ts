/**
 * Codex runs a hook only once someone trusted it (`[hooks.state."<key>"] trusted_hash` in its
 * config.toml). MemTray records that trust the way Codex's own clients do: through `codex
 * app-server` (JSON-RPC over stdio), `hooks/list` for each hook's key and current hash, then
 * `config/batchWrite` on `hooks.state`. Only hooks running `memtray-hook` are touched.
 */
import { spawn } from 'node:child_process';

type Json = Record<string, unknown>;
const TIMEOUT_MS = 20_000;
/** An answer line longer than this is not one the calls here expect. */
const MAX_LINE = 4 * 1024 * 1024;

/** Sends each request in turn (waiting for its answer) to a `codex app-server`; returns the results. */
async function appServer(codex: string, cwd: string, env: NodeJS.ProcessEnv, calls: Json[]): Promise<Json[]> {
  const p = spawn(codex, ['app-server'], { cwd, env, stdio: ['pipe', 'pipe', 'ignore'] });
  const waiting = new Map<number, (v: Json) => void>();
  let buf = '';
  p.stdout.on('data', (c: Buffer) => {
    buf += c.toString('utf8');
    if (buf.length > MAX_LINE && !buf.includes('\n')) buf = '';
    for (let i = buf.indexOf('\n'); i >= 0; i = buf.indexOf('\n')) {
      const line = buf.slice(0, i);
      buf = buf.slice(i + 1);
      try {
        const m = JSON.parse(line) as Json;
        if (typeof m.id === 'number') waiting.get(m.id)?.(m);
      } catch {
        // a log line, not a message
      }
    }
  });
  // Each wait's timer is cleared with its answer: a pending one would hold the CLI open.
  const ask = (id: number, msg: Json): Promise<Json> =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`codex app-server did not answer ${String(msg.method)}`)),
        TIMEOUT_MS,
      );
      waiting.set(id, (v) => {
        clearTimeout(timer);
        resolve(v);
      });
      p.stdin.write(`${JSON.stringify({ id, ...msg })}\n`);
    });
  try {
    await ask(0, { method: 'initialize', params: { clientInfo: { name: 'memtray', version: '1' } } });
    p.stdin.write(`${JSON.stringify({ method: 'initialized' })}\n`);
    const out: Json[] = [];
    for (const [i, c] of calls.entries()) {
      const r = await ask(i + 1, c);
      if (r.error) throw new Error(`codex app-server: ${JSON.stringify(r.error).slice(0, 300)}`);
      out.push((r.result ?? {}) as Json);
    }
    return out;
  } finally {
    p.kill();
  }
}

interface ListedHook {
  key: string;
  command: string | null;
  currentHash: string;
  trustStatus: string;
}

function ourHooks(list: Json): ListedHook[] {
  const data = Array.isArray(list.data) ? (list.data as Json[]) : [];
  return data
    .flatMap((d) => (Array.isArray(d.hooks) ? (d.hooks as ListedHook[]) : []))
    .filter((h) => typeof h.command === 'string' && /memtray-hook/.test(h.command));
}

/** The trust table (`hooks.state`) as Codex reads it now. */
function trustState(config: Json): Json {
  const hooks = (config.config as Json | undefined)?.hooks as Json | undefined;
  const state = hooks?.state;
  return state && typeof state === 'object' && !Array.isArray(state) ? (state as Json) : {};
}

/** Trusts MemTray's hooks as they are now; returns how many are trusted. */
export async function trustCodexHooks(codex: string, cwd: string, env: NodeJS.ProcessEnv): Promise<number> {
  const [list] = await appServer(codex, cwd, env, [{ method: 'hooks/list', params: {} }]);
  const ours = ourHooks(list!);
  if (ours.length === 0) return 0;
  const value = Object.fromEntries(ours.map((h) => [h.key, { trusted_hash: h.currentHash }]));
  const edit = { keyPath: 'hooks.state', value, mergeStrategy: 'upsert' };
  const [, after] = await appServer(codex, cwd, env, [
    { method: 'config/batchWrite', params: { edits: [edit] } },
    { method: 'hooks/list', params: {} },
  ]);
  return ourHooks(after!).filter((h) => h.trustStatus === 'trusted').length;
}

/** Forgets the trust of MemTray's hooks (listed before they are removed); returns how many. */
export async function forgetCodexTrust(codex: string, cwd: string, env: NodeJS.ProcessEnv): Promise<number> {
  const [list, config] = await appServer(codex, cwd, env, [
    { method: 'hooks/list', params: {} },
    { method: 'config/read', params: {} },
  ]);
  const keys = new Set(ourHooks(list!).map((h) => h.key));
  const state = trustState(config!);
  const kept = Object.fromEntries(Object.entries(state).filter(([k]) => !keys.has(k)));
  if (Object.keys(kept).length === Object.keys(state).length) return 0;
  const edit = { keyPath: 'hooks.state', value: kept, mergeStrategy: 'replace' };
  await appServer(codex, cwd, env, [{ method: 'config/batchWrite', params: { edits: [edit] } }]);
  return Object.keys(state).length - Object.keys(kept).length;
}
