/**
 * The API key's health: one cheap request on demand ("Test key": a token count, which the Messages
 * API does not bill), and what compression calls learn on the way (a 401/403 marks the key
 * invalid, a success marks it valid). Kept in memory per key (a fingerprint, never the key) and
 * announced with a `settings` event (`apiKeyStatus`) so the UI and the tray follow.
 */
import { createHash } from 'node:crypto';
import { keyStatusSchema, type KeyStatus } from '../../shared/contract/provider.js';
import type { SettingsStore } from '../settings/store.js';
import type { Bus } from '../util/bus.js';
import type { Clock } from '../util/clock.js';
import { loadedAnthropic } from '../util/sdks.js';
import { anthropicClient } from './anthropic.js';
import { safeErrorText } from './provider.js';

const fingerprint = (key: string): string => createHash('sha256').update(key).digest('hex');

interface KeyCheckDeps {
  settings: SettingsStore;
  bus: Bus;
  clock: Clock;
  redact: (text: string) => string;
  timeoutMs: number;
}

export class KeyCheck {
  private key: string | null = null;
  private last: KeyStatus = { state: 'unknown', message: null, checkedAt: null, source: null };

  constructor(private readonly deps: KeyCheckDeps) {}

  status(): KeyStatus {
    const key = this.deps.settings.apiKey();
    if (!key) return { state: 'none', message: null, checkedAt: null, source: null };
    if (this.key !== fingerprint(key))
      return { state: 'unknown', message: null, checkedAt: null, source: null };
    return this.last;
  }

  /** One request with the current key and model: counts the tokens of "ping". */
  async test(): Promise<KeyStatus> {
    const key = this.deps.settings.apiKey();
    if (!key) return this.status();
    const p = this.deps.settings.get().provider;
    const client = await anthropicClient({
      apiKey: key,
      baseUrl: p.baseUrl,
      timeoutMs: Math.min(this.deps.timeoutMs, 15_000),
    });
    try {
      await client.messages.countTokens({ model: p.model, messages: [{ role: 'user', content: 'ping' }] });
      this.record(key, 'valid', null, 'test');
    } catch (err) {
      this.noteError(err, 'test', key);
    }
    return this.status();
  }

  /** A compression call succeeded with the current key. */
  noteSuccess(): void {
    const key = this.deps.settings.apiKey();
    if (key && this.status().state !== 'valid') this.record(key, 'valid', null, 'compression');
  }

  /** A call failed: a 401/403 means the key is wrong or expired; no answer means unreachable. */
  noteError(
    err: unknown,
    source: 'test' | 'compression' = 'compression',
    key = this.deps.settings.apiKey(),
  ): void {
    if (!key) return;
    const text = (m: string): string => safeErrorText(m, this.deps.redact);
    const Sdk = loadedAnthropic();
    if (Sdk && err instanceof Sdk.APIConnectionError) {
      if (source === 'test') this.record(key, 'unreachable', text(err.message || 'connection error'), source);
      return;
    }
    if (Sdk && err instanceof Sdk.APIError) {
      const status = err.status ?? 0;
      const msg = text(`HTTP ${status}: ${err.apiMessage ?? err.message}`);
      if (status === 401 || status === 403) this.record(key, 'invalid', msg, source);
      else if (source === 'test') this.record(key, status >= 500 ? 'unreachable' : 'valid', msg, source);
      return;
    }
    if (source === 'test')
      this.record(key, 'unreachable', text((err as Error)?.message ?? String(err)), source);
  }

  private record(
    key: string,
    state: KeyStatus['state'],
    message: string | null,
    source: KeyStatus['source'],
  ): void {
    const before = this.status();
    this.key = fingerprint(key);
    this.last = keyStatusSchema.parse({ state, message, checkedAt: this.deps.clock(), source });
    if (before.state !== state || before.message !== message)
      this.deps.bus.emit('settings', { changed: ['apiKeyStatus'] });
  }
}
