/** `memtray search QUERY [--project P] [--type T] [--file F] [--limit N] [--json]`: search the memory database. */
import { parseArgs } from 'node:util';
import { resolveDataDir, dataDirPaths } from '../config/data-dir.js';
import { openDatabase } from '../db/open.js';
import { searchParamsFrom } from '../recall/routes.js';
import { SearchEngine } from '../recall/search.js';
import { migrationsDir } from '../config/env.js';
import type { CliSearchOutput } from '../../shared/contract/search.js';

export async function runSearch(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      project: { type: 'string' },
      type: { type: 'string' },
      file: { type: 'string' },
      limit: { type: 'string' },
      'data-dir': { type: 'string' },
      json: { type: 'boolean' },
    },
    strict: true,
  });
  const q = new URLSearchParams({ q: positionals.join(' ') });
  for (const k of ['project', 'type', 'file', 'limit'] as const)
    if (values[k] !== undefined) q.set(k, values[k]);
  const params = searchParamsFrom(q);
  // Reads the database directly (WAL: safe beside a running service); no service needed.
  const { sqlite, close } = openDatabase(dataDirPaths(values['data-dir'] ?? resolveDataDir()).db, {
    migrationsDir: migrationsDir(),
  });
  try {
    const r = new SearchEngine(sqlite, () => Date.now()).search(params);
    if (values.json) {
      const out: CliSearchOutput = { items: r.items, corrected: r.corrected };
      process.stdout.write(`${JSON.stringify(out)}\n`);
      return 0;
    }
    if (r.items.length === 0) process.stdout.write('No matches.\n');
    // Stored text may hold control characters: never let it drive the terminal.
    // eslint-disable-next-line no-control-regex
    const safe = (s: string): string => s.replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ');
    const plain = (s: string): string => s.replace(/<mark>/g, '\u001b[1m').replace(/<\/mark>/g, '\u001b[22m');
    const tty = process.stdout.isTTY;
    for (const i of r.items) {
      const when = new Date(i.createdAt).toISOString().slice(0, 16).replace('T', ' ');
      process.stdout.write(`#${i.id} ${i.kind} ${when} [${safe(i.project)}] ${safe(i.title)}\n`);
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
