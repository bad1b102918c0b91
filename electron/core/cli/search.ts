/**
 * `memtray search QUERY [--project P] [--agent A] [--prefer P | --all-projects] [--type T] [--file F] [--limit N] [--json]`:
 * search the memory database. Run inside a known project's directory, the search is asked from that
 * project (`prefer`, as Claude's MCP search is): its strong matches first, other projects' below.
 * `--prefer P` names the project instead, `--all-projects` ranks every project alike, and
 * `--project P` keeps to one project, `--agent A` to what one coding agent's sessions recorded.
 */
import { parseArgs } from 'node:util';
import { resolveDataDir, dataDirPaths } from '../config/data-dir.js';
import { openDatabase } from '../db/open.js';
import { ProjectStore } from '../projects/store.js';
import { searchParamsFrom } from '../recall/routes.js';
import { SearchEngine, type SearchResult } from '../recall/search.js';
import { HybridSearch } from '../recall/vectors/hybrid.js';
import { Indexer } from '../recall/vectors/indexer.js';
import { migrationsDir } from '../config/env.js';
import type { CliSearchOutput } from '../../shared/contract/search.js';
import { fileSecretStores } from '../settings/secrets.js';
import { SettingsStore } from '../settings/store.js';
import { Bus } from '../util/bus.js';
import { silentLogger } from '../util/logger.js';
import { isoTime, localDay } from '../../shared/time.js';
import { DEFAULT_AGENT } from '../../shared/contract/agents.js';

// Stored text may hold control characters: never let it drive the terminal.
// eslint-disable-next-line no-control-regex
const safe = (s: string): string => s.replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ');
const minute = (t: number): string => isoTime(t).slice(0, 16).replace('T', ' ');

/** The span of days a question named, as the days it covers. */
function periodLine(p: NonNullable<SearchResult['period']>): string {
  const [from, to] = [localDay(p.since), localDay(p.until)];
  return `The question names ${safe(p.said)}: ${from === to ? from : `${from} to ${to}`}, its memories only.`;
}

/** What the search was kept to, or asked from, as the first lines of the answer; null when neither. */
function scopeLine(r: SearchResult, askedFrom: string | null): string | null {
  const lines = [
    r.period !== undefined ? periodLine(r.period) : null,
    scopeOf(r, askedFrom),
    r.unmatched !== undefined
      ? `No memory holds ${r.unmatched.map(safe).join(', ')}: these are what the rest of the question asks for.`
      : null,
  ].filter((l) => l !== null);
  return lines.length > 0 ? lines.join('\n') : null;
}

function scopeOf(r: SearchResult, askedFrom: string | null): string | null {
  if (r.lastSession !== undefined) {
    const { project, since, until } = r.lastSession;
    return `The question asks about the last session: ${safe(project)}, ${minute(since)} to ${minute(until)}, its memories only.`;
  }
  if (r.named !== undefined)
    return `The question names ${safe(r.named)}: its memories only (--project P searches another).`;
  if (askedFrom !== null)
    return `Asked from ${safe(askedFrom)}: its matches first (--all-projects ranks every project alike).`;
  return null;
}

export async function runSearch(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      project: { type: 'string' },
      agent: { type: 'string' },
      prefer: { type: 'string' },
      'all-projects': { type: 'boolean' },
      type: { type: 'string' },
      file: { type: 'string' },
      limit: { type: 'string' },
      'data-dir': { type: 'string' },
      json: { type: 'boolean' },
    },
    strict: true,
  });
  if (values.prefer !== undefined && values['all-projects'])
    throw new Error('--prefer and --all-projects exclude each other');
  const q = new URLSearchParams({ q: positionals.join(' ') });
  for (const k of ['project', 'agent', 'type', 'file', 'limit'] as const)
    if (values[k] !== undefined) q.set(k, values[k]);
  // Reads the database directly (WAL: safe beside a running service); no service needed.
  const paths = dataDirPaths(values['data-dir'] ?? resolveDataDir());
  const { sqlite, db, close } = openDatabase(paths.db, { migrationsDir: migrationsDir() });
  try {
    const askedFrom =
      values.project !== undefined || values['all-projects']
        ? null
        : (values.prefer ?? new ProjectStore(sqlite, new Bus()).knownAt(process.cwd()));
    if (askedFrom !== null) q.set('prefer', askedFrom);
    const params = searchParamsFrom(q);
    // The same search as the service's: hybrid when embeddings are on (the service embeds; this
    // only reads the vectors and embeds the query).
    const clock = (): number => Date.now();
    const settings = new SettingsStore(db, fileSecretStores(paths.root), clock, process.env);
    const indexer = new Indexer({ db: sqlite, settings, bus: new Bus(), clock, logger: silentLogger });
    const r = await new HybridSearch(new SearchEngine(sqlite, clock), indexer, { clock }).search(params);
    if (values.json) {
      const out: CliSearchOutput = {
        items: r.items,
        corrected: r.corrected,
        ...(r.unmatched !== undefined ? { unmatched: r.unmatched } : {}),
        ...(askedFrom !== null && r.named === undefined && r.lastSession === undefined ? { askedFrom } : {}),
        ...(r.named !== undefined ? { named: r.named } : {}),
        ...(r.lastSession !== undefined ? { lastSession: r.lastSession } : {}),
        ...(r.period !== undefined ? { period: r.period } : {}),
      };
      process.stdout.write(`${JSON.stringify(out)}\n`);
      return 0;
    }
    const scope = scopeLine(r, askedFrom);
    if (scope !== null) process.stdout.write(`${scope}\n`);
    if (r.items.length === 0) process.stdout.write('No matches.\n');
    const plain = (s: string): string => s.replace(/<mark>/g, '\u001b[1m').replace(/<\/mark>/g, '\u001b[22m');
    const tty = process.stdout.isTTY;
    for (const i of r.items) {
      const when = minute(i.createdAt);
      const who = i.agent === DEFAULT_AGENT ? '' : ` (${i.agent})`;
      process.stdout.write(`#${i.id} ${i.kind} ${when} [${safe(i.project)}]${who} ${safe(i.title)}\n`);
      if (i.snippet)
        process.stdout.write(
          `    ${tty ? plain(safe(i.snippet)) : safe(i.snippet).replace(/<\/?mark>/g, '')}\n`,
        );
    }
    return 0;
  } finally {
    close();
  }
}
