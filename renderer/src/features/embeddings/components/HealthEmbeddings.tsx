import { useApi } from '@/api/context';
import { useResource } from '@/api/resource';
import { ErrorBox } from '@/components/ui';
import { StatusLine } from './Embeddings';

/** Semantic search in Health: off (search by words only), or its state and why indexing or a search fell back. */
export function EmbeddingsCard() {
  const api = useApi();
  const r = useResource(
    () => api.getEmbeddings(),
    'embeddings-health',
    (ev) => ev.name === 'settings' || ev.name === 'observation',
    2000,
  );
  if (r.error !== undefined)
    return (
      <div className="card">
        <h3>Semantic search</h3>
        <ErrorBox error={r.error} onRetry={r.reload} />
      </div>
    );
  if (!r.data) return null;
  if (r.data.state === 'off')
    return (
      <div className="card">
        <h3>Semantic search</h3>
        <p className="meta">
          Off: search finds memories by their words only. Turn it on in Settings › Embeddings.
        </p>
      </div>
    );
  return (
    <div className="card">
      <h3>Semantic search</h3>
      <StatusLine s={r.data} />
    </div>
  );
}
