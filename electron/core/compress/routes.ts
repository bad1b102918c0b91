/** `GET /api/queue`, `POST /api/queue/retry`, `GET /api/usage`. */
import { retryRequest, USAGE_DAYS } from '../../shared/contract/queue.js';
import { VERBS } from '../../shared/contract/verbs.js';
import type { Core } from '../core.js';
import { intParam, type Route, validate, verbRoute } from '../server/http.js';
import type { JobQueue } from '../jobs/queue.js';
import { setObservationStatus } from '../ingest/results.js';
import type { UsageLedger } from './usage.js';

export function compressRoutes(
  core: Core,
  queue: JobQueue,
  usage: UsageLedger,
  onRetry: () => void,
): Route[] {
  return [
    verbRoute(VERBS.getQueue, {
      handler: () => ({
        json: { ...queue.counts(), failedJobs: queue.failedJobs(), activeJobs: queue.activeJobs() },
      }),
    }),
    verbRoute(VERBS.retryJobs, {
      handler: ({ body }) => {
        const { ids } = validate(retryRequest, body);
        const tx = core.sqlite.transaction(() => {
          const jobs = queue.retry(ids);
          for (const j of jobs) {
            if (j.kind === 'observe') setObservationStatus(core.sqlite, j.subjectId, 'pending', core.clock());
          }
          return jobs.length;
        });
        const retried = tx.immediate();
        onRetry();
        return { json: { retried } };
      },
    }),
    verbRoute(VERBS.getUsage, {
      handler: ({ query }) => ({
        json: usage.report(
          intParam(query, 'days', USAGE_DAYS),
          core.settings.get().provider.dailyTokenBudget,
        ),
      }),
    }),
  ];
}
