/**
 * Snippet windows: the window that holds the most of the query's rare words, edges on word
 * boundaries; session summaries shaped like observations instead of cut where FTS5 stops.
 */
import { describe, expect, it } from 'vitest';
import { shapeSnippet } from '../../electron/core/recall/shape.js';
import { plain, textRow as row } from './shape-rows.js';

describe('snippet windows', () => {
  it('picks the occurrence of the rarest word that holds the other words asked for, and a value on a tie', () => {
    const text =
      `The gateway timeout was discussed at length with nothing decided. ${'Unrelated notes. '.repeat(20)}` +
      'Finally the gateway timeout became 45 seconds in proxy.conf, since uploads took longer.';
    const s = plain(shapeSnippet(null, row(text), ['gateway', 'timeout']));
    expect(s).toContain('45 seconds');
  });

  it('never cuts a word at a window edge', () => {
    const text = `${'alpha beta gamma delta '.repeat(12)}the retention window is fourteen days ${'epsilon zeta eta theta '.repeat(12)}`;
    const s = plain(shapeSnippet(null, row(text), ['retention']));
    for (const frag of s.split(' … '))
      for (const w of frag.replace(/…/g, ' ').trim().split(/\s+/))
        expect([
          'alpha',
          'beta',
          'gamma',
          'delta',
          'epsilon',
          'zeta',
          'eta',
          'theta',
          'the',
          'retention',
          'window',
          'is',
          'fourteen',
          'days',
        ]).toContain(w);
  });
});

describe('answer lines that hold the question words lead', () => {
  const text = 'Claude: set up the checker, its tests and the sample documents.';
  it('leads with the answer lines holding the question words, then the others', () => {
    const s = plain(
      shapeSnippet(
        null,
        { ...row(text), leads: ['file: src/a.py', 'file: src/b.py', 'file: tests/fixtures/docs/index.md'] },
        ['fixtures', 'docs'],
      ),
    );
    expect(s.startsWith('file: tests/fixtures/docs/index.md')).toBe(true);
  });

  it('names the files holding the question words for a file question', () => {
    const facts = [
      'file: src/a.py',
      'file: src/b.py',
      'file: src/c.py',
      'file: tests/fixtures/docs/index.md',
    ];
    const s = plain(shapeSnippet('file', { ...row(text), facts }, ['fixtures', 'docs']));
    expect(s).toContain('tests/fixtures/docs/index.md');
  });

  it('does not show a lead again that a passage below shows: its room goes to another passage', () => {
    // The reason clause leads a "why" snippet; the sentence holding it is the best passage too.
    const text =
      'Rewriting the scanner: comments are stripped with a small state machine since they can span ' +
      'several lines of a document and a regular expression per line would miss their ends. ' +
      `${'Other notes about the scanner. '.repeat(6)}The scanner state machine also keeps a count ` +
      'of nested fences, reset at every heading of the document.';
    const s = plain(shapeSnippet('decision', row(text), ['scanner', 'comments', 'state', 'machine']));
    const shown = (t: string): number => s.split(t).length - 1;
    expect(shown('since they can span several lines')).toBe(1);
    expect(s).toContain('count of nested fences');
  });

  it('cuts a lead that is longer than its room after a whole word', () => {
    const lead =
      'Claude: sixteen shards, more than the eight cores of the boxes, picked with a per-process random state so nobody can aim their keys at one shard';
    const s = plain(
      shapeSnippet(null, { ...row('wrote: pub const SHARDS: usize = 16;'), leads: [lead] }, ['shards']),
    );
    const first = s.split('…')[0]!.trim();
    expect(lead.startsWith(first)).toBe(true);
    expect(first.length).toBeLessThan(lead.length);
    expect(lead[first.length]).toBe(' ');
  });
});
