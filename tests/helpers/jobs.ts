/** Waiting for queued jobs of a kind to be done (the queue worker runs them after the hook path). */
import type { TestService } from './service.js';

export async function jobsDone(t: TestService, kind: string, maxWaitMs = 10_000): Promise<void> {
  const q = t.service.core.sqlite.prepare(
    `SELECT count(*) n FROM jobs WHERE kind = ? AND status IN ('pending', 'leased')`,
  );
  for (let waited = 0; waited <= maxWaitMs; waited += 20) {
    await t.settled();
    if ((q.get(kind) as { n: number }).n === 0) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`${kind} jobs still pending after ${maxWaitMs} ms`);
}
