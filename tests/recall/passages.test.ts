import { describe, expect, it } from 'vitest';
import { pickPassages, units } from '../../electron/core/recall/passages.js';
import { stemAt } from '../../electron/core/recall/stem-at.js';
import { markStems, shapeSnippet } from '../../electron/core/recall/shape.js';

const show = (text: string, stems: string[], cue: RegExp | null = null): string[] =>
  pickPassages(text, { stems, cue, room: 400, most: 3 }).map((u) => text.slice(u.start, u.end));

describe('snippet passages', () => {
  it('splits at facts, lines and sentence ends (Chinese ones too), not inside a sentence', () => {
    const text =
      'Created cache.py · wrote: OK_TTL = 24 h ⏎ FAIL_TTL = 1 h. A fixed link turns green on the next push. 保留 24 小时。失败只留 1 小时';
    expect(units(text).map((u) => text.slice(u.start, u.end))).toEqual([
      'Created cache.py',
      'wrote: OK_TTL = 24 h',
      'FAIL_TTL = 1 h.',
      'A fixed link turns green on the next push.',
      '保留 24 小时。',
      '失败只留 1 小时',
    ]);
  });

  it('shows the whole sentence that holds the most of the rarer words, and the reason a why-question asks for', () => {
    const text =
      'Claude: I would use sqlite3 rather than a JSON file. If CI kills the job halfway through a write, a JSON file is half-written and the next run cannot parse it. ' +
      'The cache lives next to the docs.';
    const shown = show(text, ['json', 'cache', 'file'], /\b(?:because|rather than|if)\b/i);
    expect(shown.join(' ')).toContain('a JSON file is half-written and the next run cannot parse it.');
    expect(shown.join(' ')).toContain('I would use sqlite3 rather than a JSON file.');
  });
});

describe('the lines under a comment', () => {
  // A shell test the logrot session wrote: the comment says what the code under it does.
  const script = [
    'wrote: fresh ⏎ printf x >app.log',
    '# generations shift in order and the one past -k is dropped',
    'fresh',
    'for gen in 1 2 3 4; do',
    'printf \'gen%s\' "$gen" >app.log',
    '"$LOGROT" -s 1 -k 3 app.log >/dev/null',
    'done',
    '# a second comment with words of its own',
  ].join(' ⏎ ');

  it('shows the short code lines a matched comment describes, up to the next comment', () => {
    const shown = show(script, ['generations', 'shift', 'dropped']).join(' ⏎ ');
    expect(shown).toContain('for gen in 1 2 3 4; do');
    expect(shown).toContain('-s 1 -k 3 app.log');
    expect(shown).not.toContain('a second comment');
  });

  it('gives a line that is no comment only the passage after it', () => {
    const plain = script.replace('# generations', 'generations');
    const shown = show(plain, ['generations', 'shift', 'dropped']).join(' ⏎ ');
    expect(shown).toContain('fresh');
    expect(shown).not.toContain('for gen in');
  });
});

describe('the lines a line opens', () => {
  // A cache module the anchorage session wrote: the table's columns follow the line that names it.
  const cache = [
    'wrote: SCHEMA = """',
    'CREATE TABLE IF NOT EXISTS link_status (',
    'url TEXT PRIMARY KEY,',
    'ok INTEGER NOT NULL,',
    'checked_at REAL NOT NULL',
    ')',
    'def get(self, url: str) -> str | None: return None',
  ].join(' ⏎ ');

  it('shows the short lines after a line ending in a bracket or a colon, as under a comment', () => {
    const shown = show(cache, ['table', 'link_status']).join(' ⏎ ');
    expect(shown).toContain('checked_at REAL NOT NULL');
    expect(shown).not.toContain('def get');
  });

  it('gives a line that opens nothing only the passage after it', () => {
    const closed = cache.replace('link_status (', 'link_status');
    const shown = show(closed, ['table', 'link_status']).join(' ⏎ ');
    expect(shown).toContain('url TEXT PRIMARY KEY');
    expect(shown).not.toContain('checked_at');
  });
});

describe('a short word (an abbreviation) in a snippet', () => {
  it('is found as a word of its own, not inside a longer one', () => {
    expect(stemAt('the gcra limiter', 'gc')).toBe(-1);
    expect(stemAt('# gc log: rotates itself', 'gc')).toBe(2);
    expect(stemAt('path /var/log/gc.log', 'gc')).toBe(14);
    expect(stemAt('a rapid api call', 'api')).toBe(8);
    expect(stemAt('two apis', 'api')).toBe(4);
    expect(stemAt('a rapid call', 'api')).toBe(-1);
    expect(markStems('GCRA and the GC log', ['gc'])).toBe('GCRA and the <mark>GC</mark> log');
    // Chinese words are short and written without spaces: found inside a run of characters.
    expect(stemAt('确认预留接口', '预留')).toBe(2);
  });

  it('picks the passage the abbreviation names', () => {
    // A config the logrot session wrote; the question says "garbage-collection log", the file "GC".
    const conf = [
      'wrote: # app log: the JVM never reopens it',
      'path /var/log/ingest/app.log',
      'size 10M',
      'keep 5',
      '# GC log: rotates itself on restart only',
      'path /var/log/ingest/gc.log',
      'size 50M',
      'keep 3',
    ].join(' ⏎ ');
    const shown = pickPassages(conf, { stems: ['gc', 'keep'], cue: null, room: 160, most: 1 }).map((u) =>
      conf.slice(u.start, u.end),
    );
    expect(shown[0]).toMatch(
      /^# GC log: rotates itself on restart only ⏎ path \/var\/log\/ingest\/gc\.log ⏎ size 50M ⏎ keep 3/,
    );
  });
});

describe('an episode: the ask and its reply', () => {
  const episode =
    'file: src/gcra.rs\n' +
    'Asked: what wait would a client get on the 11th request of a burst of 10?\n' +
    'Claude: The interval is 600 ms, so the 11th request waits 600 ms and the header says 1.\n' +
    'Ended: pinned down in a test.';

  it('shows the reply to an ask the title already shows, not the ask again', () => {
    const title = 'Asked: what wait would a client get on the 11th request of a burst of 10?';
    const shown = pickPassages(episode, {
      stems: ['wait', 'client', '11th', 'burst'],
      cue: null,
      room: 400,
      most: 1,
      title,
    }).map((u) => episode.slice(u.start, u.end));
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatch(/^Claude: The interval is 600 ms/);
  });

  it('keeps an ask the title shows only in part: it may hold the answer', () => {
    const shown = pickPassages(episode, {
      stems: ['client', 'burst'],
      cue: null,
      room: 400,
      most: 1,
      title: 'Asked: what wait would a client get…',
    }).map((u) => episode.slice(u.start, u.end));
    expect(shown[0]).toMatch(/^Asked: /);
  });
});

describe('a statement and the explanation after it', () => {
  it('brings the sentence that follows the one holding the words, while both fit', () => {
    const text =
      'Claude: The boundary test fails: after sweeping at 100 ms, both keys are still there. ' +
      'I wrote the retain closure as keeping every key whose theoretical arrival time is at or after now, which keeps a key whose time is exactly now, and that key is as fresh as a new one. ' +
      'The docs need a line too.';
    const shown = show(text, ['boundary', 'sweep']).join(' ').replace(/\s+/g, ' ');
    expect(shown).toContain('The boundary test fails');
    expect(shown).toContain('which keeps a key whose time is exactly now');
    expect(shown).not.toContain('The docs need a line');
  });

  it('does not show the same words twice (a row that says a thing in its facts and its narrative)', () => {
    const text =
      'Rotation keeps the owner of the log. ⏎ The size limit is off_t now. ⏎ Built with make. ⏎ The size limit is off_t now.';
    const shown = show(text, ['owner', 'limit']);
    expect(shown.filter((s) => s.includes('The size limit is off_t now.'))).toHaveLength(1);
  });

  it('does not show a sentence twice when one copy was cut short (a subtitle repeating the narrative)', () => {
    const ended =
      'Ended: the retry audit is done: setting stock is idempotent, reserving goes through the idempotency cache, and a repeated confirm now returns the first result';
    const text = [
      `changed the store and its tests; tests passed. ${ended.slice(0, 120)} …`,
      'Asked: which write routes are unsafe to retry?',
      'Claude: An audit of every write route first.',
      `${ended}. 20 tests pass.`,
    ].join('\n');
    const shown = show(text, ['retry', 'confirm', 'audit']).join(' ');
    expect(shown.split('the retry audit is done').length - 1).toBe(1);
  });

  it('does not show a command twice for its label (`command: `, and the call that ran it)', () => {
    const cmd = 'cargo clippy --offline --all-targets -- -D warnings 2>&1 | tail -2';
    const text = [`command: ${cmd}`, 'tests: passed', `${cmd} Run clippy as CI does`].join(' ⏎ ');
    const shown = show(text, ['clippy', 'warnings']).join(' ');
    expect(shown.split('--all-targets').length - 1).toBe(1);
  });

  it('fills the room left, once every word is shown, with the passages holding the words again', () => {
    const text = [
      'Claude: An integration test with 4 real threads hammering one key.',
      'The build step is unchanged.',
      'wrote: let key = "tenant-42"; for each of the threads, call check(key).',
    ].join(' ⏎ ');
    const shown = show(text, ['key', 'thread', 'hammer']);
    expect(shown.join(' ')).toContain('hammering one key');
    expect(shown.join(' ')).toContain('tenant-42');
  });

  it('fills the room under a lead that shows every word, without repeating the lead', () => {
    const lead = 'Claude: An integration test with 4 real threads hammering one key.';
    const code = 'wrote: thread::spawn(move || limiter.check("tenant-42"));';
    const row = {
      text: `${code} — ${lead} — /src/tests/threads.rs`,
      facts: [code],
      subtitle: null,
      narrative: lead,
      paths: [],
      command: null,
      leads: [lead],
    };
    const s = shapeSnippet(null, row, ['thread', 'key', 'hammer']).replace(/<\/?mark>/g, '');
    expect(s).toContain('tenant-42');
    expect(s.split('hammering one key').length - 1).toBe(1);
  });
});
