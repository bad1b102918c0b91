/**
 * The embedding job: after ingest (never on the acknowledged path) it embeds what is new or
 * changed, in batches, and keeps Health's account of it. Durable: progress is the per-kind cursor
 * and the dirty keys (texts.ts), committed with the vectors, so a crash repeats at most a batch.
 *
 * Idle means asleep: a write (bus event) or a settings change schedules one pass; a pass runs
 * until nothing is pending; a failure schedules a retry with backoff. No timer otherwise.
 * A new provider, model or dimension drops the vectors and embeds everything again, with progress.
 */
import type Database from 'better-sqlite3';
import type { EmbeddingsStatus } from '../../../shared/contract/embeddings.js';
import type { EmbeddingsSettings } from '../../../shared/contract/settings.js';
import type { SettingsStore } from '../../settings/store.js';
import type { Bus } from '../../util/bus.js';
import type { Logger } from '../../util/logger.js';
import { createEmbeddingClient, EmbedError, type EmbeddingClient } from './client.js';
import { loadVec, VectorStore } from './store.js';
import { Texts } from './texts.js';

export interface IndexerDeps {
  db: Database.Database;
  settings: SettingsStore;
  bus: Bus;
  clock: () => number;
  logger: Logger;
  /** Per provider request (default 30 s). */
  timeoutMs?: number;
  /** Delay between a write and the pass that embeds it (default 250 ms: writes come in bursts). */
  debounceMs?: number;
  /** The better-sqlite3 addon for the thread that loads the coarse vectors (the Electron app's build). */
  nativeBinding?: string | undefined;
}

const MIN_BACKOFF_MS = 2_000;
const MAX_BACKOFF_MS = 300_000;

/** What identifies the vectors' space: a change means every vector is computed again. */
export const signature = (e: EmbeddingsSettings): string =>
  JSON.stringify([e.kind, e.kind === 'voyage' ? (e.baseUrl ?? '') : e.baseUrl, e.model, e.dimensions]);

export class Indexer {
  readonly store: VectorStore;
  private readonly texts: Texts;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private abort: AbortController | null = null;
  private unsubscribe: Array<() => void> = [];
  private failures = 0;
  private stopped = false;
  private unavailable: string | null = null;
  private err: { message: string; at: number } | null = null;
  private queryErr: { message: string; at: number } | null = null;
  private retryAt: number | null = null;
  /** Work was signalled while a pass ran: run another once it ends. */
  private again = false;
  /** The provider settings changed: the next attempt is immediate, whatever failed before. */
  private reconfigured = false;

  constructor(private readonly d: IndexerDeps) {
    this.store = new VectorStore(d.db, { nativeBinding: d.nativeBinding });
    this.texts = new Texts(d.db);
  }

  /** True when a provider is configured and sqlite-vec is loaded (loading it on first call). */
  active(): boolean {
    if (this.d.settings.get().embeddings.kind === 'none') return false;
    if (this.unavailable !== null) return false;
    try {
      loadVec(this.d.db);
      return true;
    } catch (err) {
      this.unavailable = `sqlite-vec could not be loaded: ${(err as Error).message.slice(0, 200)}`;
      this.d.logger.warn('semantic search unavailable', { reason: this.unavailable });
      return false;
    }
  }

  settingsNow(): EmbeddingsSettings {
    return this.d.settings.get().embeddings;
  }

  client(timeoutMs = this.d.timeoutMs ?? 30_000): EmbeddingClient | null {
    const s = this.d.settings;
    return createEmbeddingClient(s.get().embeddings, s.embeddingsKey(), timeoutMs);
  }

  start(): void {
    // Embeddings off: a write schedules nothing at all.
    const kick = (): void => {
      if (this.d.settings.get().embeddings.kind !== 'none') this.schedule(this.d.debounceMs ?? 250);
    };
    for (const name of ['observation', 'summary', 'session'] as const)
      this.unsubscribe.push(this.d.bus.on(name, kick));
    this.unsubscribe.push(
      this.d.bus.on('settings', ({ changed }) => {
        if (changed.includes('embeddings') || changed.includes('embeddingsKey')) {
          this.failures = 0;
          this.reconfigured = true;
          this.abort?.abort();
          this.schedule(0);
        }
      }),
    );
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const u of this.unsubscribe) u();
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.abort?.abort();
    await this.running;
  }

  /** Drops every vector; the next pass embeds everything again. */
  reindex(): number {
    this.d.db.transaction(() => {
      this.texts.reset();
      this.store.drop();
    })();
    this.failures = 0;
    this.schedule(0);
    return this.texts.progress().total;
  }

  noteQueryError(message: string | null): void {
    this.queryErr = message === null ? null : { message, at: this.d.clock() };
  }

  status(): EmbeddingsStatus {
    const e = this.d.settings.get().embeddings;
    const off = e.kind === 'none';
    const p = off ? { embedded: 0, total: 0 } : this.texts.progress();
    const state = off
      ? 'off'
      : this.unavailable !== null
        ? 'unavailable'
        : this.err !== null
          ? 'error'
          : p.embedded < p.total || this.running
            ? 'indexing'
            : 'ready';
    return {
      state,
      kind: e.kind,
      model: e.model,
      dimensions: off ? null : (this.store.dimensions() ?? e.dimensions),
      ...p,
      lastError: this.unavailable ?? this.err?.message ?? null,
      lastErrorAt: this.err?.at ?? null,
      queryError: this.queryErr?.message ?? null,
      queryErrorAt: this.queryErr?.at ?? null,
      retryAt: this.retryAt,
    };
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    if (this.timer) {
      // A pending retry is brought forward by a settings change (ms 0), not by new writes.
      if (this.retryAt === null || ms > 0) return;
      clearTimeout(this.timer);
    }
    this.arm(ms);
  }

  private arm(ms: number): void {
    this.timer = setTimeout(() => {
      this.timer = null;
      this.retryAt = null;
      this.again = false;
      this.reconfigured = false;
      this.running = this.pass().finally(() => {
        this.running = null;
        if (this.again && !this.timer) this.schedule(0);
      });
    }, ms);
    this.timer.unref();
  }

  private async pass(): Promise<void> {
    if (!this.active()) return;
    const cfg = this.d.settings.get().embeddings;
    const sig = signature(cfg);
    if (this.store.meta('signature') !== sig) {
      this.d.db.transaction(() => {
        this.texts.reset();
        this.store.drop();
        this.store.setMeta('signature', sig);
      })();
      this.err = null;
    }
    this.store.warm();
    const client = this.client();
    if (!client) return this.fail(new EmbedError('provider not configured (base URL or key missing)'), false);
    try {
      for (;;) {
        if (this.stopped || signature(this.d.settings.get().embeddings) !== sig) break;
        const batch = this.texts.next(cfg.batchSize);
        if (!batch) break;
        const todo = batch.items.filter((i) => i.text !== null && i.text !== '');
        this.abort = new AbortController();
        const vectors =
          todo.length > 0
            ? await client.embed(
                todo.map((i) => i.text!),
                'document',
                this.abort.signal,
              )
            : [];
        if (this.stopped || signature(this.d.settings.get().embeddings) !== sig) break;
        const dims = this.store.dimensions() ?? cfg.dimensions ?? vectors[0]?.length ?? null;
        const wrong = vectors.find((v) => v.length !== dims);
        if (wrong)
          throw new EmbedError(`wrong dimension: expected ${dims}, the provider answered ${wrong.length}`);
        const byKey = new Map(todo.map((t, i) => [t.key, vectors[i]!]));
        this.d.db.transaction(() => {
          if (dims !== null && !this.store.exists()) this.store.create(dims);
          if (this.store.exists())
            this.store.put(batch.items.map((i) => ({ key: i.key, vector: byKey.get(i.key) ?? null })));
          this.texts.settle(batch);
        })();
        this.failures = 0;
        this.err = null;
        // Let requests in between batches.
        await new Promise((r) => setImmediate(r));
      }
    } catch (err) {
      if (this.stopped) return;
      return this.fail(err, true);
    } finally {
      this.abort = null;
    }
  }

  private fail(err: unknown, retry: boolean): void {
    const message = err instanceof EmbedError ? err.message : `embedding failed: ${(err as Error).message}`;
    this.err = { message, at: this.d.clock() };
    this.d.logger.warn('embeddings: indexing paused', { reason: message });
    if (!retry) return;
    this.failures++;
    const ms = this.reconfigured ? 0 : Math.min(MAX_BACKOFF_MS, MIN_BACKOFF_MS * 2 ** (this.failures - 1));
    this.retryAt = this.d.clock() + ms;
    this.again = false;
    this.arm(ms);
  }
}
