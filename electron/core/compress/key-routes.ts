/** `GET /api/provider/key` (the key's last known health) and `POST /api/provider/key/test`. */
import { keyStatusSchema, keyTestBodySchema } from '../../shared/contract/provider.js';
import { jsonRoute, noBody, type Route } from '../server/http.js';
import type { KeyCheck } from './key-check.js';

export function keyRoutes(check: KeyCheck): Route[] {
  return [
    jsonRoute({
      method: 'GET',
      path: '/api/provider/key',
      response: keyStatusSchema,
      handler: () => ({ json: keyStatusSchema.parse(check.status()) }),
    }),
    jsonRoute({
      method: 'POST',
      path: '/api/provider/key/test',
      response: keyStatusSchema,
      handler: async ({ body }) => {
        noBody(body, keyTestBodySchema);
        return { json: keyStatusSchema.parse(await check.test()) };
      },
    }),
  ];
}
