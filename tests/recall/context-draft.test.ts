/** `GET /api/context/preview` with a draft: the digest as it would be with settings not saved yet. */
import { describe, expect, it } from 'vitest';
import { contextPreviewSchema } from '../../electron/shared/contract/context.js';
import { estimateTokens } from '../../electron/core/recall/tokens.js';
import { startTestService } from '../helpers/service.js';
import { seedGenerated } from './seed.js';

describe('context preview of a draft', () => {
  it('builds with the draft, leaves the saved settings and SessionStart as they are, refuses bad values', async () => {
    const t = await startTestService();
    try {
      seedGenerated(t.service.core.sqlite, 400, Date.now());
      const project = t.service.core.sqlite
        .prepare('SELECT project FROM sessions LIMIT 1')
        .pluck()
        .get() as string;
      const preview = async (qs: string) =>
        contextPreviewSchema.parse((await t.api('GET', `/api/context/preview?project=${project}${qs}`)).json);
      const saved = await preview('');
      expect(saved.built).toEqual(saved.settings);
      const draft = await preview('&tokenBudget=300&maxSummaries=0');
      expect(draft.built).toEqual({ tokenBudget: 300, maxSummaries: 0 });
      expect(draft.settings).toEqual(saved.settings);
      expect(estimateTokens(draft.text)).toBeLessThanOrEqual(300);
      expect(draft.text.length).toBeLessThan(saved.text.length);
      const injected = (await t.api('GET', `/api/context/inject?project=${project}`)).text;
      expect(injected).toBe(saved.text);
      const onlyBudget = await preview('&tokenBudget=300');
      expect(onlyBudget.built).toEqual({ tokenBudget: 300, maxSummaries: saved.settings.maxSummaries });
      for (const bad of ['&tokenBudget=5', '&tokenBudget=abc', '&maxSummaries=99'])
        expect((await t.api('GET', `/api/context/preview?project=${project}${bad}`)).status).toBe(400);
    } finally {
      await t.dispose();
    }
  });
});
