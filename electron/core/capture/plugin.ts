/**
 * The capture service plugin: imports the hook spool (at start, and as soon as it appears while
 * running: spool-watch.ts), reconciles transcripts (at start, and after each Stop/SessionEnd), keeps
 * `hook-config.json` (never-captured tools and excluded paths, for the hook program) in step with the settings, rewrites
 * its own stale hooks at start (installer-repair.ts), and serves the capture routes.
 */
import { existsSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Core } from '../core.js';
import type { ServicePlugin } from '../server/service-plugin.js';
import { HttpError } from '../server/http.js';
import { AutoMemorySync } from './auto-memory-sync.js';
import { defaultHistoryRoots, historySource, runAgentImport } from './import-agents.js';
import type { HistorySource } from './import-history.js';
import { createImportRun, defaultTranscriptRoot, Reconciler, runImport } from './importer.js';
import { defaultInstallerEnv, type InstallerEnv } from './installer.js';
import { repairOwnHooks } from './installer-repair.js';
import { PauseLog } from './pauses.js';
import { captureRoutes } from './routes.js';
import { importSpool } from './spool.js';
import { changedAt, hookFiles, type HookRepair } from './status.js';
import { watchSpool } from './spool-watch.js';

export interface CaptureOptions {
  /** Package root holding dist/memtray-hook* (for the installer). */
  packageRoot: string;
  /**
   * Safety poll for the spool while running (ms, default 60 s): the data dir is watched, this only
   * catches what a watch misses. Without a watch, the spool is polled every 5 s.
   */
  spoolPollMs?: number;
  /** Delay after Stop/SessionEnd before reading the transcript (Claude Code flushes it). */
  reconcileDelayMs?: number;
  /** Sessions updated this recently are reconciled at start. */
  startSweepMs?: number;
  installerEnv?: (projectDir?: string) => InstallerEnv;
  /** Claude Code's projects folder, whose `<project>/memory/` notes are kept as memories (default `~/.claude/projects`). */
  autoMemoryRoot?: string;
}

/** At most this long, stop waits for the background work in progress. */
const STOP_WAIT_MS = 5000;

export function capturePlugin(core: Core, opts: CaptureOptions): ServicePlugin {
  const log = core.logger;
  const pauses = new PauseLog(core);
  let stopped = false;
  const reconciler = new Reconciler(core, pauses.pausedAt, () => stopped);
  const unsubs: Array<() => void> = [];
  let chain: Promise<unknown> = Promise.resolve();
  let spoolBusy = false;
  /** The spool changed while an import ran: look again after it. */
  let spoolAgain = false;
  let unwatchSpool: (() => void) | null = null;
  let autoMemory: AutoMemorySync | null = null;

  /** Background work runs one at a time, after what is queued. */
  const enqueue = (what: string, fn: () => Promise<unknown>): Promise<unknown> => {
    chain = chain
      .then(() => (stopped ? null : fn()))
      .catch((err: unknown) => log.warn(`capture: ${what} failed`, { err: err as Error }));
    return chain;
  };

  const writeHookConfig = (): void => {
    const file = join(core.paths.root, 'hook-config.json');
    const tmp = `${file}.${process.pid}.tmp`;
    // The hook drops these calls itself: a spooled event never holds what the user keeps out.
    const { skipTools, excludedPaths } = core.settings.get();
    writeFileSync(tmp, JSON.stringify({ skipTools, excludedPaths }), { mode: 0o600 });
    renameSync(tmp, file);
  };

  const spool = (force = false): void => {
    if (stopped) return;
    if (spoolBusy) {
      spoolAgain = true;
      return;
    }
    if (!force && !existsSync(core.paths.spool)) return;
    spoolBusy = true;
    void enqueue('spool import', async () => {
      const r = await importSpool(core);
      if (r.imported + r.badLines + r.tooLarge + r.quarantined > 0)
        log.info('capture: spool imported', { ...r });
    }).finally(() => {
      spoolBusy = false;
      if (spoolAgain) {
        spoolAgain = false;
        spool();
      }
    });
  };

  const pendingReconcile = new Map<string, NodeJS.Timeout>();
  const reconcileSoon = (claudeSessionId: string): void => {
    const prev = pendingReconcile.get(claudeSessionId);
    if (prev) clearTimeout(prev);
    const t = setTimeout(() => {
      pendingReconcile.delete(claudeSessionId);
      void enqueue('reconciliation', async () => {
        const c = await reconciler.session(claudeSessionId);
        if (c && c.prompts + c.toolCalls > 0)
          log.info('capture: recovered from transcript', { claudeSessionId, ...c });
      });
    }, opts.reconcileDelayMs ?? 1000);
    pendingReconcile.set(claudeSessionId, t);
  };

  const startAgentImport = (source: HistorySource, since?: number, paths?: string[]): number => {
    const roots = paths && paths.length > 0 ? paths : defaultHistoryRoots(source);
    const runId = createImportRun(core, `${source.agent}: ${roots.join(', ')}`);
    void enqueue('import', () =>
      runAgentImport(core, runId, {
        source,
        paths: roots,
        ...(since !== undefined ? { since } : {}),
        pausedAt: pauses.pausedAt,
        shouldStop: () => stopped,
      }),
    );
    return runId;
  };

  const installerEnv =
    opts.installerEnv ??
    ((projectDir?: string): InstallerEnv => ({
      ...defaultInstallerEnv(core.paths.root, core.token, opts.packageRoot),
      ...(projectDir ? { cwd: projectDir } : {}),
    }));

  /** The hooks rewritten at start, by settings file (shown with that file's problems). */
  const repairs = new Map<string, HookRepair>();
  const repairHooks = (port: number): void => {
    const env = installerEnv();
    for (const f of hookFiles(core, env)) {
      try {
        const note = repairOwnHooks(env, f, port);
        if (note === null) continue;
        repairs.set(f.settingsPath, { note, changedAt: changedAt(f.settingsPath) });
        log.warn(`capture: ${note}`);
      } catch (err) {
        log.warn('capture: stale hooks could not be rewritten', { err: err as Error });
      }
    }
  };

  return {
    name: 'capture',
    routes: captureRoutes(core, {
      installerEnv,
      repairs: () => repairs,
      startImport: ({ since, paths, agent }) => {
        const source = agent ? historySource(agent) : null;
        if (source) return startAgentImport(source, since, paths);
        if (agent && agent !== 'claude-code') throw new HttpError(400, `no history import for ${agent}`);
        const runId = createImportRun(
          core,
          paths && paths.length > 0 ? paths.join(', ') : defaultTranscriptRoot(),
        );
        void enqueue('import', () =>
          runImport(core, runId, {
            ...(since !== undefined ? { since } : {}),
            ...(paths ? { paths } : {}),
            pausedAt: pauses.pausedAt,
            shouldStop: () => stopped,
          }),
        );
        return runId;
      },
    }),
    start({ port }) {
      writeHookConfig();
      repairHooks(port);
      unsubs.push(
        core.bus.on('settings', () => {
          pauses.refresh();
          writeHookConfig();
          autoMemory?.soon();
        }),
        core.bus.on('event', (e) => {
          if ((e.eventName === 'Stop' || e.eventName === 'SessionEnd') && e.claudeSessionId) {
            reconcileSoon(e.claudeSessionId);
            autoMemory?.soon();
          }
        }),
      );
      spool(true);
      void enqueue('start sweep', async () => {
        const c = await reconciler.sweep(opts.startSweepMs ?? 3 * 86_400_000);
        log.info('capture: start sweep done', { ...c });
      });
      autoMemory = new AutoMemorySync(core, {
        root: opts.autoMemoryRoot ?? defaultTranscriptRoot(),
        enqueue: (what, fn) => void enqueue(what, fn),
      });
      autoMemory.start();
      unwatchSpool = watchSpool(core.paths.spool, () => spool(), {
        logger: log,
        ...(opts.spoolPollMs !== undefined ? { safetyPollMs: opts.spoolPollMs } : {}),
      });
    },
    async stop() {
      stopped = true;
      unwatchSpool?.();
      autoMemory?.stop();
      for (const t of pendingReconcile.values()) clearTimeout(t);
      for (const u of unsubs) u();
      // Every read is bounded and checks `stopped` between chunks, so this is short; the cap is a
      // safety net so that no work item can hold shutdown hostage.
      let cap: NodeJS.Timeout | undefined;
      const capped = new Promise<'cap'>((r) => (cap = setTimeout(() => r('cap'), STOP_WAIT_MS)));
      const how = await Promise.race([
        chain.then(
          () => 'done' as const,
          () => 'done' as const,
        ),
        capped,
      ]);
      clearTimeout(cap);
      if (how === 'cap') log.warn('capture: background work still running at stop; not waited for');
    },
  };
}
