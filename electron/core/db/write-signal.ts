/**
 * Tells a listener that a connection has written, without a timer and without asking SQLite: every
 * statement this connection prepares that can write (`!stmt.readonly`, so INSERT … RETURNING too)
 * calls the listener after it runs, and so do `exec` and writing pragmas. Statements that only read
 * are left as they are. What the listener does per call must be trivial (a flag check): it runs after
 * every write statement on the ingest path. Used by the background checkpointer (checkpointer.ts)
 * to sleep while nothing is written.
 *
 * Only statements prepared after `trackWrites` are seen: openDatabase calls it before anything else.
 * Transactions (`db.transaction`) use their own BEGIN/COMMIT statements and need nothing here: the
 * writes inside them are statements.
 */
import type Database from 'better-sqlite3';

type Method = (this: unknown, ...args: unknown[]) => unknown;
type Hooks = { listener: (() => void) | null };

const tracked = new WeakMap<Database.Database, Hooks>();
const RUNS = ['run', 'get', 'all', 'iterate'] as const;

function after(original: Method, hooks: Hooks): Method {
  return function (this: unknown, ...args: unknown[]): unknown {
    const result = original.apply(this, args);
    hooks.listener?.();
    return result;
  };
}

/** `run` says what it changed: a statement that changed no row (a delete of nothing) wrote nothing. */
function afterRun(original: Method, hooks: Hooks): Method {
  return function (this: unknown, ...args: unknown[]): unknown {
    const result = original.apply(this, args) as Database.RunResult;
    if (result.changes > 0) hooks.listener?.();
    return result;
  };
}

/** Makes the writes of `sqlite` observable (idempotent). */
export function trackWrites(sqlite: Database.Database): void {
  if (tracked.has(sqlite)) return;
  const hooks: Hooks = { listener: null };
  tracked.set(sqlite, hooks);
  const db = sqlite as unknown as Record<string, Method>;
  const prepare = db.prepare!;
  db.prepare = function (this: unknown, ...args: unknown[]): unknown {
    const stmt = prepare.apply(this, args) as Database.Statement;
    if (!stmt.readonly) {
      const s = stmt as unknown as Record<string, Method>;
      for (const k of RUNS) s[k] = k === 'run' ? afterRun(s[k]!, hooks) : after(s[k]!, hooks);
    }
    return stmt;
  };
  db.exec = after(db.exec!, hooks);
  // better-sqlite3's pragma prepares on the native handle, past the wrapper above.
  const pragma = db.pragma!;
  db.pragma = function (this: unknown, ...args: unknown[]): unknown {
    const result = pragma.apply(this, args);
    if (hooks.listener && !readonlyPragma(prepare, sqlite, String(args[0]))) hooks.listener();
    return result;
  };
}

/** Pragmas are rare (none on the ingest path): preparing one again to ask is cheap enough. */
function readonlyPragma(prepare: Method, sqlite: Database.Database, source: string): boolean {
  try {
    return (prepare.call(sqlite, `PRAGMA ${source}`) as Database.Statement).readonly;
  } catch {
    return false;
  }
}

/**
 * Calls `listener` after each write on `sqlite` (which trackWrites now watches if it did not) until
 * the returned function is called. One listener per connection.
 */
export function onWrites(sqlite: Database.Database, listener: () => void): () => void {
  trackWrites(sqlite);
  const hooks = tracked.get(sqlite)!;
  hooks.listener = listener;
  return () => {
    if (hooks.listener === listener) hooks.listener = null;
  };
}
