/**
 * What Health shows about the compression provider: the last success, the last failure, and
 * whether the provider as a whole is waiting out a rate limit (a 429, or a subscription's usage
 * limit). While it waits the worker leases nothing; its one timer is set for the end of the wait.
 * In memory only: a restart forgets the wait and the next call finds out again.
 */
import type { ProviderState } from '../../shared/contract/providers.js';
import type { Clock } from '../util/clock.js';

export class ProviderStatus {
  private lastOkAt: number | null = null;
  private lastError: { at: number; message: string } | null = null;
  private waitUntil: number | null = null;
  private rateLimited = false;

  constructor(private readonly clock: Clock) {}

  ok(): void {
    this.lastOkAt = this.clock();
    this.rateLimited = false;
    this.waitUntil = null;
  }

  /** A failed call (message already redacted and capped); `waitMs` pauses the whole provider. */
  failed(message: string, opts: { rateLimited: boolean; waitMs: number | null }): void {
    const now = this.clock();
    this.lastError = { at: now, message };
    if (opts.rateLimited) {
      this.rateLimited = true;
      this.waitUntil = now + Math.max(1000, opts.waitMs ?? 60_000);
    }
  }

  /** Until when no job may be leased (a rate limit is being waited out), or null. */
  pausedUntil(): number | null {
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
