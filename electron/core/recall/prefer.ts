/**
 * A search asked from a project (`SearchParams.prefer`): the hits of that project's own search
 * merged with the hits of the search over every project. Scores are relative to each stage's best
 * (rerank.ts), and the project's count PREFER times: its strong matches come first, its weak ones
 * (under half its best) mix with other projects' strong ones, so those still show on the page.
 */
import type { Hit } from './page.js';

/** As much as a title holding every word counts (stages.ts, `newest`); chosen, not tuned. */
const PREFER = 2;

/** Both lists are best first; the result is too (the project's first on ties), each hit once. */
export function preferOwn(own: Hit[], all: Hit[]): Hit[] {
  const out = new Map<string, Hit>();
  for (const h of own) out.set(`${h.kind}:${h.id}`, { ...h, score: h.score * PREFER });
  for (const h of all) if (!out.has(`${h.kind}:${h.id}`)) out.set(`${h.kind}:${h.id}`, h);
  return [...out.values()]
    .map((h, i) => ({ h, i }))
    .sort((a, b) => b.h.score - a.h.score || a.i - b.i)
    .map((x) => x.h);
}
