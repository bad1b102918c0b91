/** `GET /api/provider`: the provider in force, its health (rate-limit wait, last error), the `claude` CLI. */
import { providerStateSchema, type ProviderState } from '../../shared/contract/providers.js';
import { VERBS } from '../../shared/contract/verbs.js';
import type { Core } from '../core.js';
import { type Route, verbRoute } from '../server/http.js';
import { findClaude } from './claude-path.js';
import type { ProviderStatus } from './provider-status.js';

function providerState(core: Core, status: ProviderStatus): ProviderState {
  const path = findClaude(core.settings.get().provider.claudePath);
  return providerStateSchema.parse({
    kind: core.settings.providerKind(),
    ...status.state(),
    claude: { found: path !== null, path },
  });
}

export function providerRoutes(core: Core, status: ProviderStatus): Route[] {
  return [
    verbRoute(VERBS.getProvider, {
      handler: () => ({ json: providerState(core, status) }),
    }),
  ];
}
