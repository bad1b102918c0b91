// releaseHeap runs a full collection without --expose-gc on the command line (vitest's workers have
// none): garbage that nothing collected yet is gone after it.
import { describe, expect, it } from 'vitest';
import { releaseHeap } from './heap.js';

describe('releaseHeap', () => {
  it('collects garbage now, without --expose-gc on the command line', () => {
    expect(process.execArgv.join(' ')).not.toContain('expose-gc');
    let garbage: number[][] | null = Array.from({ length: 400 }, (_v, i) =>
      Array.from({ length: 10_000 }, () => i),
    );
    const withGarbage = process.memoryUsage().heapUsed;
    expect(garbage.length).toBe(400);
    garbage = null;
    expect(releaseHeap()).toBe(true);
    const after = process.memoryUsage().heapUsed;
    // 400 × 10,000 small integers ≈ 32 MB of arrays: most of it is freed.
    expect(withGarbage - after).toBeGreaterThan(20 * 1024 * 1024);
  });
});
