/**
 * The schema floor server (bench/ingest-sustained/schema-floor.ts runs it): the least any server can
 * do that acknowledges hooks into a journal and makes them searchable in MemTray's schema, built the
 * way the structural step would build MemTray. Two threads:
 *
 * - the main thread reads the body, parses it as JSON (`--prep hook`: MemTray's own hook
 *   preparation instead, validation, payload trimming, private tags and secret redaction,
 *   `server/hook-prep.ts`), inserts it into a journal in its own database file, commits once per
 *   turn of the event loop (group commit; `synchronous = NORMAL`, no fsync per commit, which
 *   flatters the floor) and answers `{}`;
 * - a worker thread with its own connection reads each committed slice of the journal back (64
 *   events) and writes the rows a real `memtray serve` wrote for those events (`--src`, copied by
 *   rowid range inside SQLite, no JavaScript per row) into a fresh database with MemTray's
 *   migrations (schema, triggers, both search indexes), with the index merge steps between slices,
 *   as the projector commits them.
 *
 * `GET /caught-up` answers once every committed event's rows are written. Prints its port.
 *
 *   node --import tsx bench/ingest-sustained/schema-floor-server.ts --src FILE --dir DIR [--prep json|hook]
 */
import Database from 'better-sqlite3';
import { createServer, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { BOOT, tsxApiUrl } from '../../electron/core/maintenance/runner.js';
import { IndexMerger } from '../../electron/core/db/index-merge.js';
import { findMigrationsDir, openDatabase } from '../../electron/core/db/open.js';
import { cleanDeep } from '../../electron/core/privacy/clean.js';
import { redactSecrets } from '../../electron/core/privacy/redact.js';
import { prepareHook, type Clean } from '../../electron/core/server/hook-prep.js';
import { sourceTables } from '../lib/ingest-source.js';

const SLICE = 64;

interface Setup {
  src: string;
  dir: string;
  prep: 'json' | 'hook';
}

function journal(dir: string): Database.Database {
  const j = new Database(join(dir, 'journal.db'));
  j.pragma('journal_mode = WAL');
  j.pragma('synchronous = NORMAL');
  j.exec(
    'CREATE TABLE IF NOT EXISTS events (id INTEGER PRIMARY KEY, event TEXT NOT NULL, body TEXT NOT NULL)',
  );
  return j;
}

function main(setup: Setup): void {
  const j = journal(setup.dir);
  const insert = j.prepare('INSERT INTO events (event, body) VALUES (?, ?)');
  const settings = { redactSecrets: true, customRedactPatterns: [] as string[] };
  const clean: Clean = (v, changed) => cleanDeep(v, settings, redactSecrets, changed);
  const stored = (text: string): string => {
    if (setup.prep === 'hook') return prepareHook('PostToolUse', text, clean).json;
    JSON.parse(text);
    return text;
  };

  let committed = 0;
  let last = 0;
  let projected = 0;
  let pending: ServerResponse[] = [];
  let waiting: ServerResponse[] = [];
  const tsx = tsxApiUrl(fileURLToPath(import.meta.url));
  const worker = new Worker(BOOT, { eval: true, workerData: { ...setup, entry: import.meta.url, tsx } });
  const ready = new Promise((resolve) => worker.once('message', resolve));
  worker.on('message', (m: { projected: number } | 'ready') => {
    if (m === 'ready') return;
    projected = m.projected;
    if (projected < committed) return;
    for (const res of waiting) res.end('{}');
    waiting = [];
  });

  const flush = (): void => {
    j.exec('COMMIT');
    committed = last;
    worker.postMessage({ committed });
    const done = pending;
    pending = [];
    for (const res of done) {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': 2 });
      res.end('{}');
    }
  };

  const server = createServer((req, res) => {
    if (req.method === 'GET') {
      if (projected >= committed) res.end('{}');
      else waiting.push(res);
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let body: string;
      try {
        body = stored(Buffer.concat(chunks).toString('utf8'));
      } catch {
        res.writeHead(400).end('{"error":"bad body"}');
        return;
      }
      if (pending.length === 0) {
        j.exec('BEGIN');
        setImmediate(flush);
      }
      last = Number(insert.run('PostToolUse', body).lastInsertRowid);
      pending.push(res);
    });
  });
  server.keepAliveTimeout = 5000;
  // The port is printed once the worker is ready: its start-up is not the flood's.
  server.listen(0, '127.0.0.1', () => {
    const a = server.address();
    void ready.then(() => process.stdout.write(`${typeof a === 'object' && a ? a.port : 0}\n`));
  });
  process.on('SIGTERM', () => {
    void worker.terminate().then(() => process.exit(0));
  });
}

function projector(setup: Setup): void {
  const tables = sourceTables(setup.src).map((t) => t.name);
  const { sqlite } = openDatabase(join(setup.dir, 'memtray.db'), {
    migrationsDir: findMigrationsDir(process.cwd()),
  });
  sqlite.pragma('foreign_keys = OFF'); // rows arrive table by table, not parent first
  sqlite.exec(`ATTACH '${setup.src.replace(/'/g, "''")}' AS src`);
  sqlite.exec(`ATTACH '${join(setup.dir, 'journal.db').replace(/'/g, "''")}' AS j`);
  const events = sqlite.prepare('SELECT count(*) FROM src.events').pluck().get() as number;
  // The journal's events stand for the source's events: the journal is a separate file, so the
  // destination's own events table is left out (it would be the journal twice).
  const plan = tables
    .filter((t) => t !== 'events')
    .map((name) => {
      const cols = (sqlite.prepare('SELECT name FROM pragma_table_info(?)').pluck().all(name) as string[])
        .map((c) => `"${c}"`)
        .join(', ');
      const ids = sqlite.prepare(`SELECT rowid FROM src."${name}" ORDER BY rowid`).pluck().all() as number[];
      return {
        ids,
        insert: sqlite.prepare(
          `INSERT INTO main."${name}" (${cols}) SELECT ${cols} FROM src."${name}" WHERE rowid > ? AND rowid <= ?`,
        ),
        done: 0,
        last: 0,
      };
    })
    .filter((p) => p.ids.length > 0);
  const read = sqlite.prepare('SELECT id, body FROM j.events WHERE id > ? ORDER BY id LIMIT ?');
  const merger = new IndexMerger(sqlite);
  let projected = 0;
  let target = 0;
  let running = false;
  const slice = sqlite.transaction((from: number, n: number) => {
    const rows = read.all(from, n) as Array<{ id: number; body: string }>;
    const upToEvent = Math.min(events, from + rows.length);
    for (const p of plan) {
      const upTo = Math.floor((upToEvent * p.ids.length) / events);
      if (upTo <= p.done) continue;
      const id = p.ids[upTo - 1]!;
      p.insert.run(p.last, id);
      p.done = upTo;
      p.last = id;
    }
    return rows.length;
  });
  const run = (): void => {
    if (projected >= target) {
      running = false;
      parentPort!.postMessage({ projected });
      return;
    }
    projected += slice(projected, Math.min(SLICE, target - projected));
    merger.written();
    if (merger.due) merger.step(3);
    setImmediate(run);
  };
  parentPort!.postMessage('ready');
  parentPort!.on('message', (m: { committed: number }) => {
    target = m.committed;
    if (!running) {
      running = true;
      setImmediate(run);
    }
  });
}

if (isMainThread) {
  const { values } = parseArgs({
    options: {
      src: { type: 'string' },
      dir: { type: 'string' },
      prep: { type: 'string', default: 'json' },
    },
  });
  if (!values.src || !values.dir || (values.prep !== 'json' && values.prep !== 'hook'))
    throw new Error('usage: --src FILE --dir DIR [--prep json|hook]');
  main({ src: values.src, dir: values.dir, prep: values.prep });
} else {
  projector(workerData as Setup);
}
