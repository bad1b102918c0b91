import { describe, expect, it } from 'vitest';
import { shapeSnippet } from '../../electron/core/recall/shape.js';

/** An episode as compress writes it: its lines (the ask, the reply, the end) kept apart. */
const text = [
  'Result: changed src/gcra.rs; tests passed',
  'Asked: what wait would a client get on the 11th request of a burst at 100/min with burst 10? pin it down in a test',
  'Claude: At 100/min the interval is 600 ms, so the 11th request at once is denied with retry_after = 600 ms.',
  'The header only takes whole seconds, so it rounds up: Retry-After: 1.',
  'Ended: pinned down in gcra::tests::retry_after_rounds_up.',
].join('\n');

const row = {
  text,
  facts: [],
  subtitle: null,
  narrative: text,
  paths: ['src/gcra.rs'],
  command: null,
  leads: ['file: src/gcra.rs', '$ cargo test --offline retry_after'],
  title: 'Asked: what wait would a client get on the 11th request of a burst at 100/min with burst 10? pin…',
};

describe('the snippet of an episode', () => {
  it('reads the ask and its reply as lines apart and shows the reply beside the leads', () => {
    const s = shapeSnippet(null, row, ['wait', 'client', '11th', 'burst', 'header']).replace(
      /<\/?mark>/g,
      '',
    );
    expect(s).toContain('file: src/gcra.rs');
    expect(s).toContain('600 ms');
    expect(s).toContain('Retry-After: 1');
    expect(s).not.toContain('tests passed Asked');
  });
});
