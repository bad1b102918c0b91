import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { closeSync, existsSync, openSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import * as schema from '../../../drizzle/schema.js';
import { explainOpenError } from './storage.js';
import { registerFunctions } from './identifiers.js';
import { trackWrites } from './write-signal.js';

type Schema = typeof schema;
export type Drizzle = BetterSQLite3Database<Schema>;

export interface OpenedDatabase {
  sqlite: Database.Database;
  db: Drizzle;
  close(): void;
}

interface OpenDatabaseOptions {
  /** Folder holding drizzle's generated migrations (with meta/_journal.json). */
  migrationsDir: string;
  readonly?: boolean;
  /** `FULL` fsyncs every commit (power-loss safe; createCore's default); `NORMAL` (default here) is crash safe under WAL. */
  synchronous?: 'NORMAL' | 'FULL';
  busyTimeoutMs?: number;
  /** better-sqlite3's compiled addon to load instead of the default (the Electron-ABI build in the app). */
  nativeBinding?: string;
}

/**
 * Opens (creating if needed) the SQLite database: WAL, foreign keys, busy timeout, and every
 * pending migration applied. The file is created with mode 0600.
 */
export function openDatabase(file: string, opts: OpenDatabaseOptions): OpenedDatabase {
  try {
    return openUnexplained(file, opts);
  } catch (err) {
    throw explainOpenError(err, file);
  }
}

function openUnexplained(file: string, opts: OpenDatabaseOptions): OpenedDatabase {
  // Create the file ourselves with mode 0600; SQLite gives -wal/-shm the same permissions.
  if (!opts.readonly && !existsSync(file)) closeSync(openSync(file, 'a', 0o600));
  const sqlite = new Database(file, {
    readonly: opts.readonly ?? false,
    fileMustExist: opts.readonly ?? false,
    ...(opts.nativeBinding ? { nativeBinding: opts.nativeBinding } : {}),
  });
  // Before any statement is prepared: the background checkpointer wakes on writes (write-signal.ts).
  if (!opts.readonly) trackWrites(sqlite);
  try {
    sqlite.pragma(`busy_timeout = ${opts.busyTimeoutMs ?? 5000}`);
    if (!opts.readonly) {
      // A new database gives freed pages back in steps (maintenance/compact.ts); an existing one is
      // switched by the maintenance worker.
      if (Number(sqlite.pragma('page_count', { simple: true })) === 0)
        sqlite.pragma('auto_vacuum = INCREMENTAL');
      sqlite.pragma('journal_mode = WAL');
      sqlite.pragma(`synchronous = ${opts.synchronous ?? 'NORMAL'}`);
      // Deleted rows are zeroed in their pages, free pages included, so a deleted session is gone
      // from the file at the next checkpoint, not at the next VACUUM. (FAST would leave whole freed
      // pages, e.g. a large tool output's overflow pages, as they were.) Per connection.
      sqlite.pragma('secure_delete = ON');
    }
    sqlite.pragma('foreign_keys = ON');
    registerFunctions(sqlite);
    const db = drizzle(sqlite, { schema });
    if (!opts.readonly) migrate(db, { migrationsFolder: opts.migrationsDir });
    return { sqlite, db, close: () => sqlite.close() };
  } catch (err) {
    sqlite.close();
    throw err;
  }
}

/**
 * Finds `drizzle/migrations` by walking up from `start` (the source tree, the bundled CLI in
 * dist/, and electron-vite's out/ all sit below the package root).
 */
export function findMigrationsDir(start: string): string {
  let dir = resolve(start);
  for (;;) {
    const candidate = join(dir, 'drizzle', 'migrations');
    if (existsSync(join(candidate, 'meta', '_journal.json'))) return candidate;
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`MemTray: cannot find drizzle/migrations above ${start}`);
    dir = parent;
  }
}
