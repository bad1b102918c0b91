/** `GET /api/provider/key` (the key's last known health) and `POST /api/provider/key/test`. */
import { keyStatusSchema, keyTestBodySchema } from '../../shared/contract/provider.js';
import { VERBS } from '../../shared/contract/verbs.js';
import { noBody, type Route, verbRoute } from '../server/http.js';
import type { KeyCheck } from './key-check.js';

export function keyRoutes(check: KeyCheck): Route[] {
  return [
    verbRoute(VERBS.getKeyStatus, {
      handler: () => ({ json: keyStatusSchema.parse(check.status()) }),
    }),
    verbRoute(VERBS.testKey, {
      handler: async ({ body }) => {
        noBody(body, keyTestBodySchema);
        return { json: keyStatusSchema.parse(await check.test()) };
      },
    }),
  ];
}
