/**
 * `GET /api/context/preview?project=&tokenBudget=&maxSummaries=`: the SessionStart context as the UI
 * previews it, with the saved settings or a draft not saved yet.
 */
import {
  contextPreviewQuerySchema,
  contextPreviewSchema,
  type ContextPreview,
} from '../../shared/contract/context.js';
import type { Settings } from '../../shared/contract/settings.js';
import { VERBS } from '../../shared/contract/verbs.js';
import { type Route, validate, verbRoute } from '../server/http.js';
import type { ContextBuilder } from './context.js';
import { estimateTokens } from './tokens.js';

export function contextPreviewRoute(context: ContextBuilder, settings: () => Settings): Route {
  return verbRoute(VERBS.previewContext, {
    handler: ({ query }) => {
      const num = (k: string): number | undefined => (query.has(k) ? Number(query.get(k)) : undefined);
      const { project, ...draft } = validate(
        contextPreviewQuerySchema,
        {
          project: query.get('project') ?? '',
          tokenBudget: num('tokenBudget'),
          maxSummaries: num('maxSummaries'),
        },
        'query',
      );
      const given = defined(draft);
      const text = context.build(project, given);
      const s = settings().context;
      const built = { tokenBudget: s.tokenBudget, maxSummaries: s.maxSummaries, ...given };
      const out: ContextPreview = {
        project,
        text: text ?? '',
        tokens: text ? estimateTokens(text) : 0,
        reason: text === null ? 'capture is off for this project, or its folder is excluded' : null,
        settings: { tokenBudget: s.tokenBudget, maxSummaries: s.maxSummaries },
        built,
      };
      return { json: contextPreviewSchema.parse(out) };
    },
  });
}

/** The draft's given values only (an absent one keeps the saved setting). */
function defined(d: { tokenBudget?: number | undefined; maxSummaries?: number | undefined }) {
  return {
    ...(d.tokenBudget !== undefined ? { tokenBudget: d.tokenBudget } : {}),
    ...(d.maxSummaries !== undefined ? { maxSummaries: d.maxSummaries } : {}),
  };
}
