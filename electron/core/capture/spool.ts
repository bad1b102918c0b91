/**
 * Spool import. When the service is down (or answers 5xx) the command hook appends the event to
 * `<dataDir>/spool.jsonl` (one JSON object per line: `{v, id, event, at, payload}`). The service
 * claims the file by renaming it, waits briefly for in-flight appends, then ingests every line with
 * `eventUid = spool:<id>` (so a crash mid-import replays exactly once) and deletes it.
 */
import { existsSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { z } from 'zod';
import type { Core } from '../core.js';
import {
  EVENT_NAME_RE,
  hookBaseSchema,
  hookSchemas,
  type HookPayload,
  type KnownHookEvent,
} from '../ingest/payloads.js';

export const spoolLineSchema = z.object({
  v: z.literal(1),
  id: z.string().min(8).max(100),
  event: z.string().regex(EVENT_NAME_RE),
  at: z.number().int().positive(),
  payload: z.record(z.string(), z.unknown()),
});

export interface SpoolImport {
  files: number;
  imported: number;
  duplicates: number;
  skipped: number;
  badLines: number;
}

const CLAIM = '.importing-';

/** Imports the spool (and any file a crashed import left claimed). `graceMs` lets in-flight appends land. */
export async function importSpool(core: Core, graceMs = 300): Promise<SpoolImport> {
  const spool = core.paths.spool;
  const out: SpoolImport = { files: 0, imported: 0, duplicates: 0, skipped: 0, badLines: 0 };
  const dir = dirname(spool);
  const claimed = readdirSync(dir)
    .filter((f) => f.startsWith(`${basename(spool)}${CLAIM}`))
    .map((f) => join(dir, f));
  if (existsSync(spool)) {
    const mine = `${spool}${CLAIM}${process.pid}-${Date.now()}`;
    try {
      renameSync(spool, mine);
      claimed.push(mine);
      await new Promise((r) => setTimeout(r, graceMs));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
  }
  for (const file of claimed) {
    const text = readFileSync(file, 'utf8');
    for (const raw of text.split('\n')) {
      if (raw.trim() === '') continue;
      let parsed: unknown;
      try {
        parsed = JSON.parse(raw);
      } catch {
        out.badLines++;
        continue;
      }
      const line = spoolLineSchema.safeParse(parsed);
      if (!line.success) {
        out.badLines++;
        continue;
      }
      const schema = hookSchemas[line.data.event as KnownHookEvent] ?? hookBaseSchema;
      const payload = schema.safeParse(line.data.payload);
      if (!payload.success) {
        out.badLines++;
        continue;
      }
      const r = core.ingest.handleHook(line.data.event, payload.data as HookPayload, {
        source: 'spool',
        eventUid: `spool:${line.data.id}`,
        at: line.data.at,
      });
      if (r.stored) out.imported++;
      else if (r.skipped === 'duplicate') out.duplicates++;
      else out.skipped++;
    }
    rmSync(file, { force: true });
    out.files++;
  }
  return out;
}
