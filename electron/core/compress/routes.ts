/** `GET /api/queue`, `POST /api/queue/retry`, `GET /api/usage`. */
import {
  queueState,
  retryRequest,
  retryResponse,
  usage as usageSchema,
  USAGE_DAYS,
} from '../../shared/contract/queue.js';
import type { Core } from '../core.js';
import { intParam, jsonRoute, validate, type Route } from '../server/http.js';
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
    jsonRoute({
      method: 'GET',
      path: '/api/queue',
      response: queueState,
      handler: () => ({ json: { ...queue.counts(), failedJobs: queue.failedJobs() } }),
    }),
    jsonRoute({
      method: 'POST',
      path: '/api/queue/retry',
      response: retryResponse,
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
    jsonRoute({
      method: 'GET',
      path: '/api/usage',
      response: usageSchema,
      handler: ({ query }) => ({
        json: usage.report(
          intParam(query, 'days', USAGE_DAYS.default, USAGE_DAYS.min, USAGE_DAYS.max),
          core.settings.get().provider.dailyTokenBudget,
        ),
      }),
    }),
  ];
}
