import type { KeyStatus } from '@shared/contract/provider';
import { useApi } from '@/api/context';
import { useResource, type Resource } from '@/api/resource';

/** The API key's last known health; follows `settings` events (a new key, a test, a 401). */
export function useKeyStatus(): Resource<KeyStatus> {
  const api = useApi();
  return useResource(
    () => api.getKeyStatus(),
    'key-status',
    (ev) => ev.name === 'settings' && ev.data.changed.some((c) => c === 'apiKey' || c === 'apiKeyStatus'),
    100,
  );
}
