/**
 * What Health shows about the compression provider: the last success, the last failure, and
 * whether the provider as a whole is waiting out a rate limit (a 429, or a subscription's usage
 * limit). While it waits the worker leases nothing; its one timer is set for the end of the wait.
 * In memory only: a restart forgets the wait and the next call finds out again. It describes the
 * provider in force only: when the provider changes (kind, model, endpoint, CLI), what the previous
 * one did is forgotten.
 */
import type { ProviderState } from '../../shared/contract/providers.js';
import type { Clock } from '../util/clock.js';

export class ProviderStatus {
  private lastOkAt: number | null = null;
  private lastError: { at: number; message: string } | null = null;
  private waitUntil: number | null = null;
  private rateLimited = false;
  private provider: string;

  /** `provider`: what identifies the provider in force (its settings); '' when there is one only. */
  constructor(
    private readonly clock: Clock,
    private readonly inForce: () => string = () => '',
  ) {
    this.provider = inForce();
  }

  /** Another provider is in force: nothing recorded so far is about it. */
  private follow(): void {
    const now = this.inForce();
    if (now === this.provider) return;
    this.provider = now;
    this.lastOkAt = null;
    this.lastError = null;
    this.waitUntil = null;
    this.rateLimited = false;
  }

  ok(): void {
    this.follow();
    this.lastOkAt = this.clock();
    this.rateLimited = false;
    this.waitUntil = null;
  }

  /** A failed call (message already redacted and capped); `waitMs` pauses the whole provider. */
  failed(message: string, opts: { rateLimited: boolean; waitMs: number | null }): void {
    this.follow();
    const now = this.clock();
    this.lastError = { at: now, message };
    if (opts.rateLimited) {
      this.rateLimited = true;
      this.waitUntil = now + Math.max(1000, opts.waitMs ?? 60_000);
    }
  }

  /** Until when no job may be leased (a rate limit is being waited out), or null. */
  pausedUntil(): number | null {
    this.follow();
    if (this.waitUntil !== null && this.waitUntil <= this.clock()) this.waitUntil = null;
    return this.waitUntil;
  }

  state(): Omit<ProviderState, 'kind' | 'claude'> {
    const until = this.pausedUntil();
    return {
      state:
        until !== null
          ? 'rate-limited'
          : this.lastError && this.lastError.at > (this.lastOkAt ?? 0)
            ? 'failing'
            : 'ok',
      waitUntil: until,
      rateLimited: until !== null && this.rateLimited,
      lastOkAt: this.lastOkAt,
      lastError: this.lastError,
    };
  }
}
