/** Semantic search's routes: its state for Health and the Provider view, and a full re-embed. */
import { embeddingsStatusSchema, reindexResponseSchema } from '../../../shared/contract/embeddings.js';
import { HttpError, jsonRoute, noBody, type Route } from '../../server/http.js';
import type { Indexer } from './indexer.js';

export function embeddingsRoutes(indexer: Indexer): Route[] {
  return [
    jsonRoute({
      method: 'GET',
      path: '/api/health/embeddings',
      settled: false,
      response: embeddingsStatusSchema,
      handler: () => ({ json: embeddingsStatusSchema.parse(indexer.status()) }),
    }),
    jsonRoute({
      method: 'POST',
      path: '/api/embeddings/reindex',
      settled: false,
      response: reindexResponseSchema,
      handler: ({ body }) => {
        noBody(body);
        if (indexer.settingsNow().kind === 'none') throw new HttpError(409, 'embeddings are off');
        return { json: reindexResponseSchema.parse({ ok: true as const, total: indexer.reindex() }) };
      },
    }),
  ];
}
