/**
 * The maintenance worker waits for a quiet moment between its write transactions, and a hook that
 * is waiting for the worker's lock counts as traffic (it has not been acknowledged yet: judged by
 * acknowledgements alone the moment looked quiet, and one hook waited a second at 1M observations).
 */
import { describe, expect, it } from 'vitest';
import { createTraffic, hooksInFlight, waitForQuiet } from './traffic.js';

describe('maintenance traffic', () => {
  it('waits while a hook is in flight, however old the last acknowledgement', () => {
    const t = createTraffic();
    t.mark(Date.now() - 10_000);
    expect(waitForQuiet(t.buffer, 15, 60)).toBe(0);
    t.inflight(1);
    expect(hooksInFlight(t.buffer)).toBe(1);
    const waited = waitForQuiet(t.buffer, 15, 60);
    expect(waited).toBeGreaterThanOrEqual(55);
    t.inflight(0);
    expect(waitForQuiet(t.buffer, 15, 60)).toBe(0);
  });

  it('waits for quiet after an acknowledgement, at most maxWaitMs', () => {
    const t = createTraffic();
    t.mark(Date.now());
    const waited = waitForQuiet(t.buffer, 30, 500);
    expect(waited).toBeGreaterThanOrEqual(25);
    expect(waited).toBeLessThan(500);
  });
});
