/** `GET /api/queue`, `POST /api/queue/retry`, `GET /api/usage`. */
import { z } from 'zod';
import type { Core } from '../core.js';
import { intParam, validate, type Route } from '../server/http.js';
import type { JobQueue } from './queue.js';
import { setObservationStatus } from './store.js';
import type { UsageLedger } from './usage.js';

const retryBody = z.object({ ids: z.array(z.number().int().positive()).max(10_000).optional() }).strict();

export function compressRoutes(
  core: Core,
  queue: JobQueue,
  usage: UsageLedger,
  onRetry: () => void,
): Route[] {
  return [
    {
      method: 'GET',
      path: '/api/queue',
      handler: () => ({
        json: { ...queue.counts(), failedJobs: queue.failedJobs(), activeJobs: queue.activeJobs() },
      }),
    },
    {
      method: 'POST',
      path: '/api/queue/retry',
      handler: ({ body }) => {
        const { ids } = validate(retryBody, body);
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
    },
    {
      method: 'GET',
      path: '/api/usage',
      handler: ({ query }) => ({
        json: usage.report(
          intParam(query, 'days', 30, 1, 366),
          core.settings.get().provider.dailyTokenBudget,
        ),
      }),
    },
  ];
}
