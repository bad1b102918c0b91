/**
 * One owner per table: every SQL write (INSERT, UPDATE, DELETE, REPLACE, and drizzle's
 * insert/update/delete) in the core names its table, and only the table's owner may write it. A new
 * writer fails here: route the write through the owner (docs/DEVELOPING.md, Table owners).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const CORE = join(process.cwd(), 'electron', 'core');

/** Owner per table: the one file that writes it. */
const OWNERS: Record<string, string> = {
  // Ingest's repositories own what hooks fill: sessions, prompts, observations, events, summaries.
  sessions: 'ingest/sessions-repo.ts',
  user_prompts: 'ingest/prompts-repo.ts',
  observations: 'ingest/observations-repo.ts',
  events: 'ingest/events-repo.ts',
  session_summaries: 'ingest/summaries-repo.ts',
  jobs: 'jobs/queue.ts',
  projects: 'projects/store.ts',
  llm_usage: 'compress/usage.ts',
  import_runs: 'capture/importer.ts',
  settings: 'settings/store.ts',
  storage_samples: 'maintenance/growth.ts',
  retention_marks: 'maintenance/retention.ts',
  observations_fts: 'db/identifiers.ts',
  observations_trgm: 'db/identifiers.ts',
  // Semantic search's bookkeeping (the vec0 table itself is created at run time, in store.ts).
  embed_cursor: 'recall/vectors/texts.ts',
  embed_dirty: 'recall/vectors/texts.ts',
  embed_meta: 'recall/vectors/store.ts',
  // Sync's own bookkeeping (the migration's triggers fill the outbox and tombstones too).
  sync_tombstones: 'sync/deletions.ts',
  sync_outbox: 'sync/outbox.ts',
  sync_switch: 'sync/outbox.ts',
  sync_cursors: 'sync/reader.ts',
  sync_trash: 'sync/deletions.ts',
};

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    if (statSync(p).isDirectory()) return files(p);
    return p.endsWith('.ts') && !p.endsWith('.test.ts') ? [p] : [];
  });
}

/** drizzle table identifiers (`export const importRuns = sqliteTable('import_runs', …)`). */
function drizzleTables(): Map<string, string> {
  const src = readFileSync(join(process.cwd(), 'drizzle', 'schema.ts'), 'utf8');
  return new Map(
    [...src.matchAll(/export const (\w+) = sqliteTable\(\s*'(\w+)'/g)].map((m) => [m[1]!, m[2]!]),
  );
}

/** Every table the migrations create (virtual ones included). */
function knownTables(): Set<string> {
  const dir = join(process.cwd(), 'drizzle', 'migrations');
  const sql = readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .map((f) => readFileSync(join(dir, f), 'utf8'))
    .join('\n');
  return new Set(
    [...sql.matchAll(/CREATE (?:VIRTUAL )?TABLE (?:IF NOT EXISTS )?[`"]?(\w+)/g)].map((m) => m[1]!),
  );
}

/** Table → the core files that write it. */
function writers(): Map<string, Set<string>> {
  const tables = drizzleTables();
  const known = knownTables();
  const out = new Map<string, Set<string>>();
  const add = (table: string, file: string): void => {
    const set = out.get(table) ?? new Set<string>();
    set.add(file);
    out.set(table, set);
  };
  for (const path of files(CORE)) {
    const file = relative(CORE, path).split('\\').join('/');
    const src = readFileSync(path, 'utf8');
    for (const m of src.matchAll(
      /\b(?:INSERT\s+(?:OR\s+\w+\s+)?INTO|(?<!DO\s)UPDATE|DELETE\s+FROM|REPLACE\s+INTO)\s+[`"]?(\w+)/g,
    ))
      if (known.has(m[1]!)) add(m[1]!, file);
    // Aliased imports too: `import { settings as settingsTable }`.
    const alias = new Map([...src.matchAll(/\b(\w+) as (\w+)\b/g)].map((m) => [m[2]!, m[1]!]));
    for (const m of src.matchAll(/\.(?:insert|update|delete)\((\w+)\)/g)) {
      const table = tables.get(alias.get(m[1]!) ?? m[1]!);
      if (table) add(table, file);
    }
  }
  return out;
}

describe('one owner per table', () => {
  it('every write to a table comes from its owner', () => {
    const stray: string[] = [];
    for (const [table, set] of writers()) {
      const owner = OWNERS[table];
      for (const file of set)
        if (file !== owner) stray.push(`${table} written by ${file} (owner: ${owner ?? 'none declared'})`);
    }
    expect(stray).toEqual([]);
  });

  it('the scan sees each owner write its table (a write from elsewhere would be caught)', () => {
    const seen = Object.fromEntries([...writers()].map(([table, set]) => [table, [...set]]));
    const declared = Object.fromEntries(Object.entries(OWNERS).map(([table, owner]) => [table, [owner]]));
    expect(seen).toEqual(declared);
    expect(seen.import_runs).toEqual(['capture/importer.ts']); // a drizzle write
  });
});
