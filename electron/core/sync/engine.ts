/**
 * The sync engine: while `sync.folder` is set, this machine's changes go to its own segments
 * (writer.ts) a second after they happen, and other machines' segments are applied as they appear
 * (reader.ts): fs.watch on `<folder>/memtray` and its machines' folders (watch.ts), plus a slow
 * safety scan every `sync.scanMinutes` for file systems where watching misses changes. Reads run in
 * slices that give the event loop back between them. No folder: no watcher, no timer, no triggers.
 */
import type Database from 'better-sqlite3';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import type {
  HoldDecision,
  ImportReport,
  PeerRefusals,
  PeerStatus,
  SyncStatus,
} from '../../shared/contract/sync.js';
import type { SettingsStore } from '../settings/store.js';
import type { Bus } from '../util/bus.js';
import type { Logger } from '../util/logger.js';
import { Applier, type ApplyOwners } from './apply.js';
import { machineName } from '../config/machine.js';
import { drainOutbox, pendingCount, queueEverything, switchOff } from './outbox.js';
import { listFolder } from './folder.js';
import { PeerReader } from './reader.js';
import type { Clean } from './outgoing.js';
import { RecordSource } from './records.js';
import { ensureRealDir } from './safe-fs.js';
import { SlicedReads } from './slices.js';
import { FolderWatcher } from './watch.js';
import { SegmentWriter, type SegmentLimits } from './writer.js';

/** A write that failed (a full disk) is tried again after this long, or at the next change. */
const WRITE_RETRY_MS = 30_000;

export interface SyncDeps {
  sqlite: Database.Database;
  settings: SettingsStore;
  bus: Bus;
  clock: () => number;
  logger: Logger;
  machine: string;
  /** The tables' owners the merge writes through (core.jobs, core.projects). */
  owners: ApplyOwners;
  /** The core's cleaning pass: what leaves is cleaned with the rules in force (records.ts). */
  clean: Clean;
}

export interface SyncOptions extends SegmentLimits {
  /** Delay between a change and its write (default 1 s), and between a folder change and its read. */
  writeDelayMs?: number;
  readDelayMs?: number;
  /** How long a damaged line in a peer's segment is waited on before it is skipped (reader.ts). */
  damagedGraceMs?: number;
}

export class SyncEngine {
  private folder: string | null = null;
  private writer: SegmentWriter | null = null;
  private watcher: FolderWatcher | null = null;
  private timer: NodeJS.Timeout | null = null;
  private writeSoon: NodeJS.Timeout | null = null;
  private readSoon: NodeJS.Timeout | null = null;
  private offs: Array<() => void> = [];
  private error: string | null = null;
  private writeError: string | null = null;
  private readonly src: RecordSource;
  private readonly reader: PeerReader;
  readonly applier: Applier;
  /** Per peer, since start: records refused (authorship) and not valid. */
  private readonly refusals = new Map<string, PeerRefusals>();
  private readonly reads: SlicedReads;

  constructor(
    private readonly d: SyncDeps,
    private readonly o: SyncOptions = {},
  ) {
    const s = () => d.settings.get();
    this.src = new RecordSource(d.sqlite, s, d.machine, d.clean);
    this.applier = new Applier(d.sqlite, d.machine, d.owners, () => s().sync.projectSettings, d.clock);
    this.reader = new PeerReader(d.sqlite, this.applier, d.clock, o.damagedGraceMs);
    this.reads = new SlicedReads(this.reader, d.machine, d.clock, () => (this.writer ? this.root : null), {
      count: (peer, report) => this.count(peer, report),
      settle: () => this.applier.settle(),
    });
  }

  private get root(): string | null {
    return this.folder ? join(this.folder, 'memtray') : null;
  }

  start(): void {
    this.offs.push(this.d.bus.on('settings', (e) => e.changed.includes('sync') && this.configure()));
    this.configure();
  }

  /**
   * Stops watching and writing, and waits for a read in flight to end (at its next slice), so
   * nothing is applied, nor deletions settled, after the service closes the database.
   */
  async stop(): Promise<void> {
    this.off();
    for (const f of this.offs.splice(0)) f();
    await this.reads.idle();
  }

  /** Follows the settings: turns sync on, off, or over to another folder. */
  configure(): void {
    const want = this.d.settings.get().sync.folder;
    if (want === this.folder && (want === null || this.writer)) return;
    this.off();
    if (want === null) {
      switchOff(this.d.sqlite);
      return;
    }
    this.folder = want;
    this.on(want);
  }

  private on(folder: string): void {
    const minutes = this.d.settings.get().sync.scanMinutes;
    // The safety scan also retries a folder that is missing now (an unmounted drive).
    this.timer = setInterval(() => void this.runNow(), minutes * 60_000);
    this.timer.unref();
    try {
      if (!statSync(folder).isDirectory()) throw new Error('not a folder');
      const root = join(folder, 'memtray');
      // Neither may be a link: this machine writes only into real folders of the sync folder.
      ensureRealDir(root);
      ensureRealDir(join(root, this.d.machine));
      this.writer = new SegmentWriter(
        join(root, this.d.machine),
        this.d.machine,
        machineName(),
        this.d.clock,
        this.o,
      );
      const sw = this.d.sqlite
        .prepare<[], { folder: string }>('SELECT folder FROM sync_switch WHERE id = 1')
        .get();
      if (sw?.folder !== folder || this.writer.files().length === 0) {
        queueEverything(this.d.sqlite, folder, this.d.clock());
        this.writer.open();
      }
      this.write();
      this.watcher = new FolderWatcher(
        root,
        this.d.machine,
        () => this.soon('read'),
        (err) => this.fail('watching the folder failed', err),
      );
      this.watcher.start();
      this.error = null;
    } catch (err) {
      this.writer = null;
      this.fail(`sync folder ${folder} is not usable`, err);
      return;
    }
    const bump = (): void => this.soon('write');
    for (const ev of ['event', 'observation', 'summary', 'session', 'project'] as const)
      this.offs.push(this.d.bus.on(ev, bump));
    // The first read after the service answers (a backlog is read in slices).
    this.soon('read');
  }

  private off(): void {
    for (const t of [this.timer, this.writeSoon, this.readSoon]) if (t) clearTimeout(t);
    this.timer = this.writeSoon = this.readSoon = null;
    this.watcher?.close();
    this.watcher = null;
    this.writer?.close();
    this.writer = null;
    this.folder = null;
    this.writeError = null;
    // Listeners beyond the settings one belong to the folder.
    for (const f of this.offs.splice(1)) f();
  }

  private fail(what: string, err: unknown): void {
    this.error = `${what}: ${(err as Error).message ?? String(err)}`.slice(0, 300);
    this.d.logger.warn('sync: problem', { error: this.error });
  }

  private soon(kind: 'write' | 'read', delayMs?: number): void {
    if (kind === 'write' && !this.writeSoon)
      this.writeSoon = setTimeout(
        () => ((this.writeSoon = null), this.write()),
        delayMs ?? this.o.writeDelayMs ?? 1000,
      );
    if (kind === 'read' && !this.readSoon)
      this.readSoon = setTimeout(() => ((this.readSoon = null), void this.read()), this.o.readDelayMs ?? 300);
  }

  /**
   * Writes this machine's pending changes; compacts its segments when they grew past the bounds.
   * A failure (a full disk) leaves the unwritten changes queued, shows in the status and is tried
   * again later.
   */
  write(): number {
    if (!this.writer || !this.folder) return 0;
    try {
      const n = drainOutbox(this.d.sqlite, this.src, this.writer);
      const replaced = this.writer.takeReplaced();
      if (replaced || this.writer.needsCompaction()) {
        const c = this.writer.snapshot(this.src, this.d.sqlite);
        if (replaced)
          this.d.logger.warn('sync: own segment changed outside MemTray, rewritten', { records: c });
        else this.d.logger.info('sync: segments compacted', { records: c });
      }
      this.writeError = null;
      return n;
    } catch (err) {
      const pending = pendingCount(this.d.sqlite);
      this.writeError =
        `writing to the sync folder failed (${pending} changes wait): ${(err as Error).message ?? String(err)}`.slice(
          0,
          300,
        );
      this.d.logger.warn('sync: problem', { error: this.writeError });
      this.soon('write', WRITE_RETRY_MS);
      return 0;
    }
  }

  /**
   * Applies what other machines wrote since the last read, in slices that give the event loop back
   * between them (slices.ts); resolves to the records applied.
   */
  async read(): Promise<number> {
    const n = await this.reads.read();
    // Applied rows passed the outbox's triggers too: a drain drops them (they are not this
    // machine's to write), so the status does not count them as changes waiting.
    if (n > 0) this.soon('write');
    return n;
  }

  private count(peer: string, r: ImportReport): void {
    if (r.refused === 0 && r.invalid === 0) return;
    const c = this.refusals.get(peer) ?? { machine: peer, refused: 0, invalid: 0 };
    c.refused += r.refused;
    c.invalid += r.invalid;
    this.refusals.set(peer, c);
  }

  /** A peer's status with what it was refused, when nothing else is wrong with it. */
  private withRefusals(p: PeerStatus): PeerStatus {
    const c = this.refusals.get(p.machine);
    if (p.error || !c) return p;
    const what = [
      c.refused > 0 && `refused ${c.refused} records changing sessions it did not author`,
      c.invalid > 0 && `${c.invalid} records not valid`,
    ].filter(Boolean);
    return { ...p, error: what.join('; ') };
  }

  /** The user's decision on a peer's held deletions; false when none are held. */
  decide(peer: string, decision: HoldDecision): boolean {
    return this.applier.decide(peer, decision);
  }

  /** Restores a session or memory from the trash; false when there is no such item. */
  restore(id: number): boolean {
    return this.applier.restore(id);
  }

  /** A write and a read now (the safety scan, `POST /api/sync/run`); re-tries an unusable folder. */
  async runNow(): Promise<{ written: number; read: number }> {
    if (this.folder && !this.writer) {
      const f = this.folder;
      this.off();
      this.folder = f;
      this.on(f);
    }
    await this.watcher?.follow();
    const written = this.write();
    return { written, read: await this.read() };
  }

  /** The status, with the folder listed without holding the event loop. */
  async status(): Promise<SyncStatus> {
    const root = this.root;
    const peers: PeerStatus[] = [];
    let peerBytes = 0;
    for (const [peer, list] of root ? await listFolder(root, this.d.machine) : []) {
      const s = this.reader.status(root!, peer, list);
      peers.push(this.withRefusals(s.status));
      peerBytes += s.bytes;
    }
    const ownBytes = (this.writer?.files() ?? []).reduce((n, f) => n + f.size, 0);
    return {
      enabled: this.folder !== null,
      folder: this.folder,
      machine: this.d.machine,
      ownBytes,
      folderBytes: ownBytes + peerBytes,
      pending: pendingCount(this.d.sqlite),
      lastWriteAt: this.writer?.lastWriteAt ?? null,
      lastScanAt: this.reads.lastScanAt,
      error: this.error ?? this.writeError,
      peers,
      holds: this.applier.deletions.holds(),
      trash: this.applier.deletions.trash(),
      refusals: [...this.refusals.values()],
    };
  }
}
