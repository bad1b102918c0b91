/** Semantic search's routes: its state for Health and the Provider view, and a full re-embed. */
import { embeddingsStatusSchema, reindexResponseSchema } from '../../../shared/contract/embeddings.js';
import { HttpError, type Route } from '../../server/http.js';
import type { Indexer } from './indexer.js';

export function embeddingsRoutes(indexer: Indexer): Route[] {
  return [
    {
      method: 'GET',
      path: '/api/health/embeddings',
      settled: false,
      handler: () => ({ json: embeddingsStatusSchema.parse(indexer.status()) }),
    },
    {
      method: 'POST',
      path: '/api/embeddings/reindex',
      settled: false,
      handler: () => {
        if (indexer.settingsNow().kind === 'none') throw new HttpError(409, 'embeddings are off');
        return { json: reindexResponseSchema.parse({ ok: true, total: indexer.reindex() }) };
      },
    },
  ];
}
