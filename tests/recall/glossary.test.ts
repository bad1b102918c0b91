/**
 * A question asks in plain words ("how does it avoid going below zero"); the line that answers is
 * code (`tat.saturating_sub(tolerance)`), with no word in common. The snippet reads an identifier
 * of a standard library or common tool with the plain words the glossary gives it, for the words
 * the memory never says itself.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { glossHolds, LISTS } from '../../electron/core/recall/glossary.js';
import { pickPassages } from '../../electron/core/recall/passages.js';
import { startTestService, type TestService } from '../helpers/service.js';
import { insertObservation } from './seed.js';

const show = (text: string, stems: string[]): string[] =>
  pickPassages(text, { stems, cue: null, room: 200, most: 2 }).map((u) => text.slice(u.start, u.end));

describe('the glossary of identifiers', () => {
  it('has every entry well formed (an identifier, then four to ten plain words) and once', () => {
    const lines = LISTS.flatMap((l) => l.split('\n')).filter((l) => l.trim() !== '' && !l.startsWith('#'));
    expect(lines.filter((l) => !/^[A-Za-z_][A-Za-z0-9_]{3,}:(?: [a-z]+){4,10}$/.test(l))).toEqual([]);
    const tokens = lines.map((l) => l.slice(0, l.indexOf(':')).toLowerCase());
    expect(tokens.length).toBeGreaterThan(800);
    expect(new Set(tokens).size).toBe(tokens.length);
  });

  it('holds nothing the Electron build reads as CommonJS code (it would insert a shim into a string)', () => {
    // electron-vite's esm shim plugin tests a main bundle for these names before inserting its shim.
    const cjs = /__filename|__dirname|require\(|require\.resolve\(/;
    expect(LISTS.filter((l) => cjs.test(l))).toEqual([]);
  });

  it('finds a word in a line through an identifier of its own, not one inside a longer name', () => {
    expect(glossHolds('let earliest = self.tat.saturating_sub(self.tolerance);', 'zer')).toBe(true);
    expect(glossHolds('let earliest = self.tat.saturating_sub(self.tolerance);', 'underflow')).toBe(true);
    expect(glossHolds('if (errno != enoent) return -1;', 'exist')).toBe(true);
    expect(glossHolds('let earliest = self.tat - self.tolerance;', 'zer')).toBe(false);
    expect(glossHolds('let x = my_saturating_sub_twice(a, b);', 'zer')).toBe(false);
  });
});

describe('a code line in a snippet', () => {
  const text = [
    'Claude: Each key keeps one timestamp, its theoretical arrival time.',
    'wrote: fn check(&mut self, key: &str, now: Duration) -> Decision {',
    'let allow_at = tat.saturating_sub(self.tolerance);',
    'The interval is the period divided by the limit.',
  ].join(' ⏎ ');

  it('is shown for words it says only through its identifiers', () => {
    expect(show(text, ['zer', 'negativ']).join(' ')).toContain('saturating_sub');
  });

  it('gives way to a line that says the word itself', () => {
    const said = `${text} ⏎ Below zero it stops at zero.`;
    const shown = show(said, ['zer']).join(' ');
    expect(shown).toContain('Below zero it stops');
    expect(shown).not.toContain('saturating_sub');
  });
});

describe('a question in plain words about a code line, through the service', () => {
  let t: TestService;

  beforeAll(async () => {
    t = await startTestService();
    insertObservation(t.service.core.sqlite, {
      project: 'rotor',
      type: 'change',
      title: 'Created src/rotate.c',
      facts: [
        'wrote: /* Shifts the numbered copies up by one: app.log.3 becomes app.log.4, and so on. */',
        'wrote: for (int n = keep - 1; n >= 1; n--) { gen_name(from, sizeof from, path, n);',
        'gen_name(to, sizeof to, path, n + 1);',
        'if (rename(from, to) != 0 && errno != ENOENT) return -1;',
        'wrote: static int recreate(const char *path, const struct stat *st) { return 0; }',
        'wrote: static void gen_name(char *buf, size_t len, const char *path, int n) { snprintf(buf, len, "%s.%d", path, n); }',
      ],
      narrative: 'Claude: Rotation renames the numbered copies from the oldest down, then the live log.',
      at: Date.now(),
    });
  });
  afterAll(async () => t.dispose());

  it('shows the line that answers though it shares no word with the question', async () => {
    const q = 'When the rotator shifts the numbered copies up, what if some of them are missing?';
    const r = await t.api('GET', `/api/search?q=${encodeURIComponent(q)}&limit=5`);
    const items = (JSON.parse(r.text) as { items: Array<{ snippet: string }> }).items;
    expect(items[0]?.snippet).toContain('ENOENT');
  });
});
