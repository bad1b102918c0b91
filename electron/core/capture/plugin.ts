/**
 * The capture service plugin: imports the hook spool (at start, and as soon as it appears while
 * running: spool-watch.ts), reconciles transcripts (at start, and after each Stop/SessionEnd), keeps
 * `hook-config.json` (never-captured tools and excluded paths, for the hook program) in step with the settings, rewrites
 * its own stale hooks at start (installer-repair.ts), and serves the capture routes.
 */
import { existsSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Core } from '../core.js';
import type { PluginStart, ServicePlugin } from '../server/service-plugin.js';
import { HttpError, type Route } from '../server/http.js';
import type { Logger } from '../util/logger.js';
import { CoalescedRun, Debouncer, WorkQueue } from './background.js';
import { AutoMemorySync } from './auto-memory-sync.js';
import { defaultHistoryRoots, historySource, runAgentImport } from './import-agents.js';
import type { HistorySource } from './import-history.js';
import { createImportRun, defaultTranscriptRoot, Reconciler, runImport } from './importer.js';
import { defaultInstallerEnv, type InstallerEnv } from './installer.js';
import { repairOwnHooks } from './installer-repair.js';
import { PauseLog } from './pauses.js';
import { captureRoutes, type ImportRequest } from './routes.js';
import { importSpool } from './spool.js';
import { changedAt, hookFiles, type HookRepair } from './status.js';
import { watchSpool } from './spool-watch.js';

interface CaptureOptions {
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
  return new CapturePlugin(core, opts);
}

/** The plugin's state: its background work, the watches it holds, the hooks it rewrote. */
class CapturePlugin implements ServicePlugin {
  readonly name = 'capture';
  readonly routes: Route[];
  private readonly log: Logger;
  private readonly pauses: PauseLog;
  private readonly work: WorkQueue;
  private readonly reconciler: Reconciler;
  private readonly reconcileTimers: Debouncer;
  private readonly spoolRun: CoalescedRun;
  private readonly installerEnv: (projectDir?: string) => InstallerEnv;
  /** The hooks rewritten at start, by settings file (shown with that file's problems). */
  private readonly repairs = new Map<string, HookRepair>();
  private readonly unsubs: Array<() => void> = [];
  private unwatchSpool: (() => void) | null = null;
  private autoMemory: AutoMemorySync | null = null;

  constructor(
    private readonly core: Core,
    private readonly opts: CaptureOptions,
  ) {
    this.log = core.logger;
    this.pauses = new PauseLog(core);
    this.work = new WorkQueue(core.logger);
    this.reconciler = new Reconciler(core, this.pauses.pausedAt, () => this.work.isStopped);
    this.reconcileTimers = new Debouncer(opts.reconcileDelayMs ?? 1000);
    this.spoolRun = new CoalescedRun(
      () => this.work.enqueue('spool import', () => this.importSpool()),
      () => !this.work.isStopped && existsSync(core.paths.spool),
    );
    this.installerEnv =
      opts.installerEnv ??
      ((projectDir?: string): InstallerEnv => ({
        ...defaultInstallerEnv(core.paths.root, core.token, opts.packageRoot),
        ...(projectDir ? { cwd: projectDir } : {}),
      }));
    this.routes = captureRoutes(core, {
      installerEnv: this.installerEnv,
      repairs: () => this.repairs,
      startImport: (req) => this.startImport(req),
    });
  }

  start({ port }: PluginStart): void {
    this.writeHookConfig();
    this.repairHooks(port);
    this.followBus();
    this.spool(true);
    void this.work.enqueue('start sweep', async () => {
      const c = await this.reconciler.sweep(this.opts.startSweepMs ?? 3 * 86_400_000);
      this.log.info('capture: start sweep done', { ...c });
    });
    this.autoMemory = new AutoMemorySync(this.core, {
      root: this.opts.autoMemoryRoot ?? defaultTranscriptRoot(),
      enqueue: (what, fn) => void this.work.enqueue(what, fn),
    });
    this.autoMemory.start();
    this.unwatchSpool = watchSpool(this.core.paths.spool, () => this.spool(), {
      logger: this.log,
      ...(this.opts.spoolPollMs !== undefined ? { safetyPollMs: this.opts.spoolPollMs } : {}),
    });
  }

  async stop(): Promise<void> {
    this.work.stop();
    this.unwatchSpool?.();
    this.autoMemory?.stop();
    this.reconcileTimers.cancelAll();
    for (const u of this.unsubs) u();
    await this.work.drain(STOP_WAIT_MS);
  }

  /** Settings changes rewrite the hook config; a session's end reconciles its transcript. */
  private followBus(): void {
    this.unsubs.push(
      this.core.bus.on('settings', () => {
        this.pauses.refresh();
        this.writeHookConfig();
        this.autoMemory?.soon();
      }),
      this.core.bus.on('event', (e) => {
        if ((e.eventName === 'Stop' || e.eventName === 'SessionEnd') && e.claudeSessionId) {
          this.reconcileSoon(e.claudeSessionId);
          this.autoMemory?.soon();
        }
      }),
    );
  }

  /** `hook-config.json`: the hook drops these calls itself, so a spooled event never holds what the user keeps out. */
  private writeHookConfig(): void {
    const file = join(this.core.paths.root, 'hook-config.json');
    const tmp = `${file}.${process.pid}.tmp`;
    const { skipTools, excludedPaths } = this.core.settings.get();
    writeFileSync(tmp, JSON.stringify({ skipTools, excludedPaths }), { mode: 0o600 });
    renameSync(tmp, file);
  }

  /** Imports the spool when it exists (always when forced), once more if it changes meanwhile. */
  private spool(force = false): void {
    if (this.work.isStopped) return;
    this.spoolRun.request(force);
  }

  private async importSpool(): Promise<void> {
    const r = await importSpool(this.core);
    if (r.imported + r.badLines + r.tooLarge + r.quarantined > 0)
      this.log.info('capture: spool imported', { ...r });
  }

  /** Reads a session's transcript a little after its Stop or SessionEnd (Claude Code flushes it). */
  private reconcileSoon(claudeSessionId: string): void {
    this.reconcileTimers.schedule(claudeSessionId, () => {
      void this.work.enqueue('reconciliation', async () => {
        const c = await this.reconciler.session(claudeSessionId);
        if (c && c.prompts + c.toolCalls > 0)
          this.log.info('capture: recovered from transcript', { claudeSessionId, ...c });
      });
    });
  }

  private repairHooks(port: number): void {
    const env = this.installerEnv();
    for (const f of hookFiles(this.core, env)) {
      try {
        const note = repairOwnHooks(env, f, port);
        if (note === null) continue;
        this.repairs.set(f.settingsPath, { note, changedAt: changedAt(f.settingsPath) });
        this.log.warn(`capture: ${note}`);
      } catch (err) {
        this.log.warn('capture: stale hooks could not be rewritten', { err: err as Error });
      }
    }
  }

  /** A history import: Claude Code's transcripts, or another agent's history. Returns the run's id. */
  private startImport({ since, paths, agent }: ImportRequest): number {
    const source = agent ? historySource(agent) : null;
    if (source) return this.startAgentImport(source, since, paths);
    if (agent && agent !== 'claude-code') throw new HttpError(400, `no history import for ${agent}`);
    const runId = createImportRun(
      this.core,
      paths && paths.length > 0 ? paths.join(', ') : defaultTranscriptRoot(),
    );
    void this.work.enqueue('import', () =>
      runImport(this.core, runId, {
        ...(since !== undefined ? { since } : {}),
        ...(paths ? { paths } : {}),
        pausedAt: this.pauses.pausedAt,
        shouldStop: () => this.work.isStopped,
      }),
    );
    return runId;
  }

  private startAgentImport(source: HistorySource, since?: number, paths?: string[]): number {
    const roots = paths && paths.length > 0 ? paths : defaultHistoryRoots(source);
    const runId = createImportRun(this.core, `${source.agent}: ${roots.join(', ')}`);
    void this.work.enqueue('import', () =>
      runAgentImport(this.core, runId, {
        source,
        paths: roots,
        ...(since !== undefined ? { since } : {}),
        pausedAt: this.pauses.pausedAt,
        shouldStop: () => this.work.isStopped,
      }),
    );
    return runId;
  }
}
