import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCorpusEvents } from '../helpers/corpus.js';
import { startTestService, type TestService } from '../helpers/service.js';

describe('replaying the recorded Claude Code corpus through POST /api/hooks/:event', () => {
  let t: TestService;
  const corpus = loadCorpusEvents();

  beforeAll(async () => {
    t = await startTestService();
  });
  afterAll(async () => {
    await t.dispose();
  });

  it('accepts every payload and stores every event', async () => {
    expect(corpus.length).toBeGreaterThan(700);
    for (const ev of corpus) {
      const r = await t.api('POST', `/api/hooks/${ev.eventName}`, ev.payload);
      expect(r.status, `${ev.source} ${ev.eventName}: ${r.text}`).toBe(200);
    }
    const counts = t.service.core.read.counts();
    expect(counts.events).toBe(corpus.length);
  });
});
