/** Token usage of every Messages API call (`llm_usage`), the daily budget, and the usage report. */
import type Database from 'better-sqlite3';
import type { Usage, UsageDay } from '../../shared/contract/queue.js';
import type { Clock } from '../util/clock.js';
import type { CallUsage } from './provider.js';

/** UTC calendar day of a timestamp, `YYYY-MM-DD`. */
const utcDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

export class UsageLedger {
  constructor(
    private readonly db: Database.Database,
    private readonly clock: Clock,
  ) {}

  record(model: string, kind: string, u: CallUsage): void {
    const now = this.clock();
    this.db
      .prepare(
        `INSERT INTO llm_usage (day, model, kind, input_tokens, output_tokens, cache_read_tokens, cache_write_tokens, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        utcDay(now),
        model,
        kind,
        u.inputTokens,
        u.outputTokens,
        u.cacheReadTokens,
        u.cacheWriteTokens,
        now,
      );
  }

  /** Tokens used today (UTC): input + output + cache reads + cache writes. */
  usedToday(): number {
    const r = this.db
      .prepare(
        `SELECT coalesce(sum(input_tokens + output_tokens + cache_read_tokens + cache_write_tokens), 0) AS n
         FROM llm_usage WHERE day = ?`,
      )
      .get(utcDay(this.clock())) as { n: number };
    return r.n;
  }

  exhausted(budget: number): boolean {
    return this.usedToday() >= budget;
  }

  report(days: number, budget: number): Usage {
    const since = utcDay(this.clock() - (days - 1) * 86_400_000);
    const rows = this.db
      .prepare(
        `SELECT day, model, count(*) AS requests, sum(input_tokens) AS inputTokens, sum(output_tokens) AS outputTokens,
                sum(cache_read_tokens) AS cacheReadTokens, sum(cache_write_tokens) AS cacheWriteTokens
         FROM llm_usage WHERE day >= ? GROUP BY day, model ORDER BY day DESC, model`,
      )
      .all(since) as UsageDay[];
    const used = this.usedToday();
    return { days: rows, today: { used, budget, exhausted: used >= budget } };
  }
}
