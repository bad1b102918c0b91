/**
 * For the hostile sync folder tests: a peer's segments written the way a real peer writes them
 * (segment.ts's header and checksummed lines), a real `memtray serve` on a data dir whose sync
 * folder is set, and HTTP requests with a deadline (a frozen service must fail the test, not hang it).
 */
import type { ChildProcess } from 'node:child_process';
import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { createCore } from '../../electron/core/core.js';
import { encodeLine, newHeader, segmentName } from '../../electron/core/sync/segment.js';
import type { SyncRecord } from '../../electron/shared/contract/sync.js';
import { startServe } from '../helpers/cli.js';
import { MIGRATIONS_DIR } from '../helpers/service.js';

export const PEER = 'badc0ffee0ddf00d';

export function sessionRecord(peer: string, uid: string): SyncRecord {
  return {
    k: 'session',
    uid,
    origin: peer,
    project: 'peerproj',
    cwd: '/w/peerproj',
    firstPrompt: 'from the peer',
    promptCounter: 1,
    status: 'completed',
    completionReason: null,
    startedAt: 1_700_000_000_000,
    updatedAt: 1_700_000_000_001,
    completedAt: 1_700_000_000_001,
  };
}

export function observationRecord(session: string, i: number): SyncRecord {
  return {
    k: 'observation',
    uid: `${session}/${i}`,
    session,
    project: 'peerproj',
    promptNumber: 1,
    toolName: 'Bash',
    toolUseId: `tu${i}`,
    toolInput: JSON.stringify({ command: `make step${i}` }),
    toolResponse: JSON.stringify({ stdout: `ok ${i}` }),
    failed: false,
    cwd: '/w/peerproj',
    createdAt: 1_700_000_000_000 + i,
    updatedAt: 1_700_000_000_000 + i,
    type: 'change',
    title: `Ran make step${i}`,
    subtitle: null,
    facts: '[]',
    narrative: null,
    concepts: '[]',
    filesRead: '[]',
    filesModified: '[]',
    producedBy: 'rules',
    status: 'processed',
  };
}

/** A session with `n` observations: the records of one peer segment. */
export function peerRecords(peer: string, session: string, n: number): SyncRecord[] {
  const out = [sessionRecord(peer, session)];
  for (let i = 0; i < n; i++) out.push(observationRecord(session, i));
  return out;
}

/** Writes one segment of `peer` under `<folder>/memtray/<peer>/` (streamed in parts); returns its path. */
export function writePeerSegment(
  folder: string,
  peer: string,
  records: SyncRecord[],
  name = segmentName(1_700_000_000_000),
): string {
  const dir = join(folder, 'memtray', peer);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'machine.json'), `${JSON.stringify({ machine: peer, name: 'peer-host' })}\n`);
  const file = join(dir, name);
  writeFileSync(file, encodeLine(newHeader(peer, 'peer-host', 1_700_000_000_000)));
  for (let i = 0; i < records.length; i += 5000)
    appendFileSync(
      file,
      records
        .slice(i, i + 5000)
        .map(encodeLine)
        .join(''),
    );
  return file;
}

/** Sets the sync folder of a data dir before any service runs on it. */
export function setSyncFolder(dataDir: string, folder: string): void {
  const core = createCore({ dataDir, migrationsDir: MIGRATIONS_DIR });
  try {
    core.settings.update({ sync: { folder } });
  } finally {
    core.close();
  }
}

export interface Served {
  child: ChildProcess;
  port: number;
  token: string;
  output: () => string;
}

export async function serve(dataDir: string): Promise<Served> {
  const s = await startServe(['--data-dir', dataDir, '--port', '0', '--quiet']);
  return {
    child: s.child,
    port: Number(new URL(s.url).port),
    token: readFileSync(join(dataDir, 'token'), 'utf8').trim(),
    output: s.output,
  };
}

export interface Answer {
  status: number;
  json: unknown;
  ms: number;
}

/** One request that gives up after `timeoutMs`: null when nothing answered by then. */
export function ask(
  s: { port: number; token: string },
  method: string,
  path: string,
  timeoutMs = 5000,
  body?: unknown,
): Promise<Answer | null> {
  const t0 = performance.now();
  return new Promise((resolve) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: s.port,
        method,
        path,
        headers: {
          host: `127.0.0.1:${s.port}`,
          authorization: `Bearer ${s.token}`,
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        timeout: timeoutMs,
      },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => {
          let json: unknown = null;
          try {
            json = JSON.parse(text);
          } catch {
            json = text;
          }
          resolve({ status: res.statusCode ?? 0, json, ms: performance.now() - t0 });
        });
      },
    );
    req.on('timeout', () => (req.destroy(), resolve(null)));
    req.on('error', () => resolve(null));
    if (body !== undefined) req.write(JSON.stringify(body));
    req.end();
  });
}

/** Resident memory of a process in bytes (Linux /proc), 0 once it is gone. */
export function rssOf(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/**
 * Kills `child` should its memory pass `limit` bytes (the test then fails on the answer it does not
 * get, rather than the machine running out of memory); returns the highest RSS seen and a stop.
 */
export function rssGuard(child: ChildProcess, limit: number): { peak: () => number; stop: () => void } {
  let peak = 0;
  const t = setInterval(() => {
    const r = child.pid === undefined ? 0 : rssOf(child.pid);
    peak = Math.max(peak, r);
    if (r > limit) child.kill('SIGKILL');
  }, 20);
  return { peak: () => peak, stop: () => clearInterval(t) };
}
