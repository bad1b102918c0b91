/**
 * Runs a maintenance job on a worker thread (maintenance/worker.ts), started for the job and ended
 * after it. From the TypeScript sources (tests, `tsx` benches) the worker loads the `.ts` entry
 * through tsx; from a bundle it loads the sibling `maintenance-worker.*` the build emits. Where
 * neither exists the job runs on the caller's thread (slower to share, but it still completes).
 */
import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { JobRequest, JobResult } from './job.js';

// Evaluated as CommonJS in the worker (no literal require call: see db/checkpointer.ts).
/** Boots a worker on `workerData.entry`, registering tsx first when `workerData.tsx` names its ESM API. */
export const BOOT = `
const load = require;
const { workerData } = load('node:worker_threads');
const go = workerData.tsx
  ? import(workerData.tsx).then((api) => { api.register(); return import(workerData.entry); })
  : import(workerData.entry);
go.catch((err) => { setImmediate(() => { throw err; }); });
`;

interface Entry {
  url: string;
  tsx: string | null;
}

/** The URL of tsx's ESM API as resolved from `file` (its `require` condition finds the .cjs build next to it). */
export function tsxApiUrl(file: string): string {
  return pathToFileURL(
    createRequire(file)
      .resolve('tsx/esm/api')
      .replace(/\.cjs$/, '.mjs'),
  ).href;
}

/** Where the worker's entry is, next to this module (source or bundle); null when not shipped. */
function workerEntry(moduleUrl: string = import.meta.url): Entry | null {
  if (!moduleUrl.startsWith('file:')) return null;
  const here = fileURLToPath(moduleUrl);
  if (here.endsWith('.ts')) {
    try {
      return { url: pathToFileURL(join(dirname(here), 'worker.ts')).href, tsx: tsxApiUrl(here) };
    } catch {
      return null;
    }
  }
  // Next to the bundle, or one level up when a bundler put this module in a chunk folder.
  for (const dir of [dirname(here), dirname(dirname(here))])
    for (const name of ['maintenance-worker.mjs', 'maintenance-worker.js']) {
      const f = join(dir, name);
      if (existsSync(f)) return { url: pathToFileURL(f).href, tsx: null };
    }
  return null;
}

export class WorkerUnavailable extends Error {}

export interface WorkerRun {
  result: Promise<JobResult>;
  /** Ends the worker now (the service stops); an open transaction rolls back. */
  cancel(): Promise<void>;
}

export function runInWorker(
  opts: { file: string; nativeBinding?: string | undefined },
  req: JobRequest,
): WorkerRun {
  const entry = workerEntry();
  if (!entry) throw new WorkerUnavailable('the maintenance worker is not shipped with this build');
  const worker = new Worker(BOOT, {
    eval: true,
    workerData: {
      entry: entry.url,
      tsx: entry.tsx,
      file: opts.file,
      nativeBinding: opts.nativeBinding ?? null,
    },
  });
  let done = false;
  const result = new Promise<JobResult>((resolve, reject) => {
    worker.on('message', (m: JobResult | 'ready') => {
      if (m === 'ready') {
        worker.postMessage(req);
        return;
      }
      done = true;
      worker.postMessage('close');
      resolve(m);
    });
    worker.on('error', (err) => {
      done = true;
      reject(err);
    });
    worker.on('exit', (code) => {
      if (!done) reject(new Error(`the maintenance worker exited (${code}) before its result`));
    });
  });
  result.catch(() => {}); // the caller awaits it; never an unhandled rejection
  return {
    result,
    cancel: async () => {
      if (!done) await worker.terminate();
    },
  };
}
