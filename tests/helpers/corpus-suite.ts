/** Vitest side of tests/helpers/corpus.ts (kept apart: Playwright specs import corpus.ts too). */
import { describe } from 'vitest';
import { hasSharedCorpus, SHARED_CORPUS_SKIP } from './corpus.js';

/**
 * A suite about the shared corpus itself: runs when ../shared/corpus is there, otherwise is skipped
 * with the reason in its name (so the reporter says why). Its body still runs at collection time,
 * which is why the corpus loaders return nothing when the corpus is absent.
 */
export function describeSharedCorpus(name: string, fn: () => void): void {
  describe.skipIf(!hasSharedCorpus)(hasSharedCorpus ? name : `${name} [skipped: ${SHARED_CORPUS_SKIP}]`, fn);
}
