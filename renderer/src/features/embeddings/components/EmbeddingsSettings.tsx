import { useApi } from '@/api/context';
import { useResource } from '@/api/resource';
import { ErrorBox, Loading } from '@/components/ui';
import { EmbeddingsSection } from './Embeddings';

/** Semantic search settings on their own (the settings they edit, loaded here). */
export function EmbeddingsSettings() {
  const api = useApi();
  const settings = useResource(
    () => api.getSettings(),
    'settings',
    (ev) => ev.name === 'settings',
  );
  return (
    <section className="view" aria-label="Embeddings">
      {settings.error !== undefined && <ErrorBox error={settings.error} onRetry={settings.reload} />}
      {!settings.data && settings.loading && <Loading />}
      {settings.data && <EmbeddingsSection settings={settings.data} reload={settings.reload} />}
    </section>
  );
}
