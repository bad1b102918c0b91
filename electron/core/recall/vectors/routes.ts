/** Semantic search's routes: its state for Health and the Provider view, and a full re-embed. */
import { embeddingsStatusSchema, reindexResponseSchema } from '../../../shared/contract/embeddings.js';
import { VERBS } from '../../../shared/contract/verbs.js';
import { HttpError, noBody, type Route, verbRoute } from '../../server/http.js';
import type { Indexer } from './indexer.js';

export function embeddingsRoutes(indexer: Indexer): Route[] {
  return [
    verbRoute(VERBS.getEmbeddings, {
      settled: false,
      handler: () => ({ json: embeddingsStatusSchema.parse(indexer.status()) }),
    }),
    verbRoute(VERBS.reindexEmbeddings, {
      settled: false,
      handler: ({ body }) => {
        noBody(body);
        if (indexer.settingsNow().kind === 'none') throw new HttpError(409, 'embeddings are off');
        return { json: reindexResponseSchema.parse({ ok: true as const, total: indexer.reindex() }) };
      },
    }),
  ];
}
