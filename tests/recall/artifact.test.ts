/**
 * A question in the present tense about a thing ("what does the parser say…") asks what the code
 * does: the memory of the file written answers it, though the turn's summary holds more of the
 * question's words. A question about the work ("what did we…") is left as it was.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asksArtifact } from '../../electron/core/recall/intent.js';
import { startTestService, type TestService } from '../helpers/service.js';
import { insertObservation } from './seed.js';

describe('questions about what the code does', () => {
  let t: TestService;
  let written = 0;
  let turn = 0;

  beforeAll(async () => {
    t = await startTestService();
    const at = Date.now();
    const { sessionId } = insertObservation(t.service.core.sqlite, {
      project: 'rotor',
      type: 'episode',
      title: 'Asked: ops wants a config file instead of flags, one stanza per log',
      narrative: [
        'Claude: The config parser reads one stanza per log; every parser error names file and line.',
        'Ended: Config files work. Fixed limits keep the parser to static arrays: 32 logs per config file.',
        'The parser error for a typo in the config file names the line, and the dry run lists the logs.',
        'With more logs than the limit allows, the parser stops.',
      ].join('\n'),
      at,
    });
    turn = sessionId;
    written = insertObservation(t.service.core.sqlite, {
      project: 'rotor',
      session: sessionId,
      type: 'change',
      title: 'Created src/config.c',
      facts: [
        'wrote: int load_config(const char *file, struct stanza *out, int max, char *err)',
        'wrote: if (n == max) { snprintf(err, len, "%s:%d: more than %d logs in one file", file, line, max); return -1; }',
      ],
      narrative: 'Claude: The config parser: a stanza starts at `path` and ends at a blank line.',
      at: at + 1,
    }).id;
  });
  afterAll(async () => t.dispose());

  it('tells a question about what the code does from one about the work', () => {
    expect(asksArtifact('What does the config parser say when a file lists too many logs?')).toBe(true);
    expect(asksArtifact('How is the burst tolerance computed?')).toBe(true);
    expect(asksArtifact('What happens if someone passes a zero rate?')).toBe(true);
    expect(asksArtifact('What did we change in the config parser?')).toBe(false);
    expect(asksArtifact('Which command did I run to build it?')).toBe(false);
    expect(asksArtifact('限流器是怎么判断一个 key 超额的？')).toBe(true);
    expect(asksArtifact('配置里允许把大小写成小写吗？')).toBe(true);
    expect(asksArtifact('当时我是怎么判断 header 名的？')).toBe(false);
  });

  it('ranks the file written above the turn summary for a question about what the code does', async () => {
    const q = 'What does the config parser say when there are more logs than the limit?';
    const r = await t.api('GET', `/api/search?q=${encodeURIComponent(q)}&limit=5`);
    const items = (JSON.parse(r.text) as { items: Array<{ id: number; sessionId: number; type: string }> })
      .items;
    expect(items[0]).toMatchObject({ id: written, sessionId: turn, type: 'change' });
  });
});
