/**
 * Spool import. When the service is down (or answers 5xx) the command hook appends the event to
 * `<dataDir>/spool.jsonl` (one JSON object per line: `{v, id, event, agent?, at, payload}`). The service
 * claims the file by renaming it, waits briefly for in-flight appends, then ingests every line with
 * `eventUid = spool:<id>` (so a crash mid-import replays exactly once) and deletes it.
 */
import { existsSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { z } from 'zod';
import type { Core } from '../core.js';
import { MAX_EVENT_BYTES } from '../ingest/limits.js';
import { classifyStorageError } from '../db/storage.js';
import { Quarantine } from '../store/quarantine.js';
import { readJsonlLines, RefusedFile } from './jsonl-reader.js';
import { agentId } from '../../shared/contract/agents.js';
import { toMemTrayEvent } from '../agents/index.js';
import { EVENT_NAME_RE, hookSchemaFor, misnamedEvent, type HookPayload } from '../ingest/payloads.js';

/** An agent's own event name (opencode's have dots); Claude Code's match EVENT_NAME_RE. */
const AGENT_EVENT_RE = /^[A-Za-z][A-Za-z0-9_.]{0,63}$/;

const spoolLineSchema = z.object({
  v: z.literal(1),
  id: z.string().min(8).max(100),
  event: z.string().regex(AGENT_EVENT_RE),
  /** The agent whose hook spooled it (`memtray-hook --agent`): its event is mapped on import. */
  agent: agentId.optional(),
  at: z.number().int().positive(),
  payload: z.record(z.string(), z.unknown()),
});

interface SpoolImport {
  files: number;
  imported: number;
  duplicates: number;
  skipped: number;
  badLines: number;
  /** Events over MAX_EVENT_BYTES (the hook endpoint's 413): skipped, counted, never stored. */
  tooLarge: number;
  /** Spool files that could not be read (moved aside as `.quarantined-*`, listed in Health). */
  quarantined: number;
}

const CLAIM = '.importing-';
/** A spool line is `{v, id, event, at, payload}`: the payload plus this much. */
const LINE_OVERHEAD = 1024;
/** A spool file bigger than this is not a spool the hook wrote (it stops at its own cap). */
const MAX_SPOOL_FILE = 1024 * 1024 * 1024;

/** Imports the spool (and any file a crashed import left claimed). `graceMs` lets in-flight appends land. */
export async function importSpool(core: Core, graceMs = 300): Promise<SpoolImport> {
  const spool = core.paths.spool;
  const out: SpoolImport = {
    files: 0,
    imported: 0,
    duplicates: 0,
    skipped: 0,
    badLines: 0,
    tooLarge: 0,
    quarantined: 0,
  };
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
    const stats = { oversizedLines: 0, bytes: 0 };
    const lines = readJsonlLines(
      file,
      { maxLineBytes: MAX_EVENT_BYTES + LINE_OVERHEAD, maxFileBytes: MAX_SPOOL_FILE },
      stats,
    );
    try {
      for await (const raw of lines) importLine(core, raw, out);
    } catch (err) {
      if (!(err instanceof RefusedFile)) throw err; // storage trouble: the claimed file is retried
      const aside = `${file.replace(/\.importing-.*$/, '')}.quarantined-${Date.now()}`;
      try {
        renameSync(file, aside);
      } catch {
        rmSync(file, { force: true, recursive: false });
      }
      new Quarantine(core.sqlite, core.clock, core.logger).add('spool', basename(aside), err.reason);
      out.quarantined++;
      continue;
    }
    out.tooLarge += stats.oversizedLines;
    rmSync(file, { force: true });
    out.files++;
  }
  if (out.tooLarge > 0)
    core.logger.warn('capture: spooled events over the size limit skipped', { tooLarge: out.tooLarge });
  return out;
}

/** One spool line: parsed, checked, ingested exactly once (`spool:<id>`); a bad line is counted. */
function importLine(core: Core, raw: string, out: SpoolImport): void {
  if (raw.trim() === '') return;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    out.badLines++;
    return;
  }
  const line = spoolLineSchema.safeParse(parsed);
  if (!line.success) {
    out.badLines++;
    return;
  }
  // The same limit as the hook endpoint's body (measured only when the line is near it).
  if (
    raw.length > MAX_EVENT_BYTES / 4 &&
    Buffer.byteLength(JSON.stringify(line.data.payload)) > MAX_EVENT_BYTES
  ) {
    out.tooLarge++;
    return;
  }
  const { event, payload: mapped } = line.data.agent
    ? toMemTrayEvent(line.data.agent, line.data.event, line.data.payload)
    : line.data;
  if (!EVENT_NAME_RE.test(event)) {
    out.badLines++;
    return;
  }
  const payload = hookSchemaFor(event).safeParse(mapped);
  // What the hook endpoint refuses (400) is refused here too: the hook spools what it could not post.
  if (!payload.success || misnamedEvent(event, payload.data) !== null) {
    out.badLines++;
    return;
  }
  try {
    const r = core.ingest.handleHook(event, payload.data as HookPayload, {
      source: 'spool',
      eventUid: `spool:${line.data.id}`,
      at: line.data.at,
    });
    if (r.stored) out.imported++;
    else if (r.skipped === 'duplicate') out.duplicates++;
    else out.skipped++;
  } catch (err) {
    if (classifyStorageError(err)) throw err; // retried with the claimed file
    out.badLines++;
    core.logger.warn('capture: a spooled event could not be stored; skipped', {
      event,
      err: err as Error,
    });
  }
}
