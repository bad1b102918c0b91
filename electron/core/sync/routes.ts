/**
 * HTTP routes of export, import and sync. Files are named by absolute path on this machine (the
 * service and its caller share it: 127.0.0.1 only), so an archive never has to fit a request body;
 * the UI also downloads an export's text and uploads an archive's (bounded by the body limit).
 */
import { statSync, writeFileSync } from 'node:fs';
import { isAbsolute } from 'node:path';
import { z } from 'zod';
import {
  archiveUpload,
  MAX_UPLOAD_CHARS,
  exportRequest,
  holdDecision,
  machineIdSchema,
  observationDeleted,
  type ImportProgress,
  type RecordCounts,
} from '../../shared/contract/sync.js';

type ExportRequestParsed = z.output<typeof exportRequest>;
import { VERBS } from '../../shared/contract/verbs.js';
import { HttpError, idParam, jsonRoute, noBody, type Route, validate, verbRoute } from '../server/http.js';
import {
  ArchiveError,
  countLines,
  countTextLines,
  exportJsonl,
  fileLines,
  importLines,
  leftOutByCapture,
  textLines,
} from './archive.js';
import { emptyReport, type ApplyOwners } from './apply.js';
import { prepareForgetObservation } from '../ingest/merge-sql.js';
import type { SyncEngine } from './engine.js';
import { exportMarkdown } from './markdown.js';
import type { RecordSource } from './records.js';
import type Database from 'better-sqlite3';

const pathSchema = z
  .string()
  .min(1)
  .max(1000)
  .refine((p) => isAbsolute(p), 'must be an absolute path');

export interface DataRouteDeps {
  sqlite: Database.Database;
  machine: string;
  clock: () => number;
  src: RecordSource;
  engine: SyncEngine;
  owners: ApplyOwners;
}

/** The export's text (and its record counts, jsonl only). */
function render(d: DataRouteDeps, b: ExportRequestParsed): { text: string; counts: RecordCounts | null } {
  const f = { project: b.project, since: b.since, includeCaptureOff: b.includeCaptureOff };
  const now = d.clock();
  if (b.format === 'markdown')
    return { text: exportMarkdown(d.src, d.sqlite, d.machine, f, now), counts: null };
  const r = exportJsonl(d.src, d.sqlite, d.machine, f, now);
  return { text: `${r.lines.join('\n')}\n`, counts: r.counts };
}

export function syncRoutes(d: DataRouteDeps): Route[] {
  const forgetObservation = prepareForgetObservation(d.sqlite, d.owners.jobs);
  return [
    ...engineRoutes(d),
    ...exportRoutes(d),
    ...importRoutes(d),
    jsonRoute({
      // Deleting one memory; the delete trigger leaves the tombstone that carries it to peers.
      method: 'DELETE',
      path: '/api/observations/:id',
      response: observationDeleted,
      handler: ({ params }) => {
        const id = idParam(params);
        const gone = d.sqlite.transaction(() => forgetObservation(id))();
        if (!gone) throw new HttpError(404, `observation ${id} not found`);
        d.engine.write();
        return { json: { deleted: true as const, id } };
      },
    }),
  ];
}

/** The sync engine's state, a run now, a decision on held deletions, a restore from the trash. */
function engineRoutes(d: DataRouteDeps): Route[] {
  return [
    verbRoute(VERBS.getSync, {
      handler: async () => ({ json: await d.engine.status() }),
    }),
    verbRoute(VERBS.runSync, {
      handler: async ({ body }) => {
        noBody(body);
        await d.engine.runNow();
        return { json: await d.engine.status() };
      },
    }),
    verbRoute(VERBS.decideSyncHold, {
      // The user's decision on a peer's held deletions (docs/explanation/sync.md).
      handler: async ({ params, body }) => {
        const machine = validate(machineIdSchema, params.machine, 'machine');
        const { decision } = validate(holdDecision, body);
        if (!d.engine.decide(machine, decision)) throw new HttpError(404, `no deletions of ${machine} held`);
        return { json: await d.engine.status() };
      },
    }),
    verbRoute(VERBS.restoreSyncTrash, {
      handler: async ({ params, body }) => {
        noBody(body);
        const id = idParam(params);
        if (!d.engine.restore(id)) throw new HttpError(404, `trash item ${id} not found`);
        d.engine.write();
        return { json: await d.engine.status() };
      },
    }),
  ];
}

/** What an export leaves out, an export downloaded as text, an export answered or written to a file. */
function exportRoutes(d: DataRouteDeps): Route[] {
  return [
    verbRoute(VERBS.getExportLeftOut, {
      handler: () => ({ json: leftOutByCapture(d.src, d.sqlite, {}) }),
    }),
    verbRoute(VERBS.downloadExport, {
      handler: ({ body }) => {
        const b = validate(exportRequest, body);
        const r = render(d, b);
        const ext = b.format === 'markdown' ? 'md' : 'jsonl';
        const fileName = `memtray-${new Date(d.clock()).toISOString().slice(0, 10)}.${ext}`;
        return { json: { fileName, text: r.text, counts: r.counts } };
      },
    }),
    {
      // JSON only when written to `path`; else the archive itself is the answer.
      method: VERBS.exportData.method,
      path: VERBS.exportData.path,
      response: VERBS.exportData.response,
      verb: VERBS.exportData,
      handler: ({ body }) => {
        const b = validate(exportRequest.extend({ path: pathSchema.optional() }).strict(), body);
        const { text, counts } = render(d, b);
        if (!b.path)
          return {
            text,
            contentType: b.format === 'markdown' ? 'text/markdown; charset=utf-8' : 'application/x-ndjson',
          };
        try {
          writeFileSync(b.path, text, { mode: 0o600, flag: 'wx' });
        } catch (err) {
          const code = (err as NodeJS.ErrnoException).code;
          throw new HttpError(code === 'EEXIST' ? 409 : 400, `cannot write ${b.path}: ${code ?? 'error'}`);
        }
        return { json: { path: b.path, bytes: Buffer.byteLength(text), counts } };
      },
    },
  ];
}

/** Imports run in the background; the last 20 imports' progress is kept for `getArchiveImport`. */
class ArchiveImports {
  private readonly runs = new Map<number, ImportProgress>();
  private nextId = 1;

  constructor(private readonly deps: DataRouteDeps) {}

  get(id: number): ImportProgress | undefined {
    return this.runs.get(id);
  }

  /** Starts an import in the background; returns its id. */
  start(count: () => Promise<number>, lines: AsyncIterable<string | null>): number {
    const id = this.nextId++;
    const p: ImportProgress = {
      id,
      status: 'running',
      linesDone: 0,
      linesTotal: 0,
      report: emptyReport(),
      error: null,
    };
    this.runs.set(id, p);
    for (const k of this.runs.keys()) if (this.runs.size > 20 && k !== id) this.runs.delete(k);
    void this.run(p, count, lines);
    return id;
  }

  private async run(
    p: ImportProgress,
    count: () => Promise<number>,
    lines: AsyncIterable<string | null>,
  ): Promise<void> {
    try {
      p.linesTotal = await count();
      p.report = await importLines(lines, {
        db: this.deps.sqlite,
        machine: this.deps.machine,
        owners: this.deps.owners,
        onProgress: (n, r) => ((p.linesDone = n), (p.report = r)),
      });
      p.linesDone = p.linesTotal;
      p.status = 'done';
    } catch (err) {
      p.status = 'failed';
      p.error = err instanceof ArchiveError ? err.message : `import failed: ${(err as Error).message}`;
    }
  }
}

/** An archive imported from a file or from uploaded text, and an import's progress. */
function importRoutes(d: DataRouteDeps): Route[] {
  const imports = new ArchiveImports(d);
  return [
    verbRoute(VERBS.importArchive, {
      handler: ({ body }) => {
        const { path } = validate(z.object({ path: pathSchema }).strict(), body);
        try {
          if (!statSync(path).isFile()) throw new Error('not a file');
        } catch {
          throw new HttpError(400, `cannot read ${path}: not a file`);
        }
        return { status: 202, json: { id: imports.start(() => countLines(path), fileLines(path)) } };
      },
    }),
    verbRoute(VERBS.uploadArchive, {
      // The archive's text in the body, bounded by the contract: the body may take what the text
      // grows to as a JSON string (quotes escaped, up to 3 UTF-8 bytes a character).
      bodyLimitBytes: 3 * MAX_UPLOAD_CHARS + 1024,
      handler: ({ body }) => {
        const { archive } = validate(z.object({ archive: archiveUpload }).strict(), body);
        const total = countTextLines(archive);
        return { status: 202, json: { id: imports.start(() => Promise.resolve(total), textLines(archive)) } };
      },
    }),
    verbRoute(VERBS.getArchiveImport, {
      handler: ({ params }) => {
        const p = imports.get(idParam(params));
        if (!p) throw new HttpError(404, 'no such import');
        return { json: p };
      },
    }),
  ];
}
