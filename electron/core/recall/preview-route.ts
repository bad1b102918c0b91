/** `GET /api/context/preview?project=`: the SessionStart context as the UI previews it. */
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
      const { project } = validate(
        contextPreviewQuerySchema,
        { project: query.get('project') ?? '' },
        'query',
      );
      const text = context.build(project);
      const s = settings().context;
      const out: ContextPreview = {
        project,
        text: text ?? '',
        tokens: text ? estimateTokens(text) : 0,
        reason: text === null ? 'capture is off for this project, or its folder is excluded' : null,
        settings: { tokenBudget: s.tokenBudget, maxSummaries: s.maxSummaries },
      };
      return { json: contextPreviewSchema.parse(out) };
    },
  });
}
