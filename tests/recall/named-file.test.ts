/**
 * A question that names a file is about that file: "what did we change in config.c?" finds the
 * edits of `src/config.c` before newer memories full of the word `config`. A real service over a
 * real SQLite file.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { namedFiles } from '../../electron/core/recall/named-file.js';
import { startTestService, type TestService } from '../helpers/service.js';
import { DAY, insertObservation } from './seed.js';

describe('namedFiles', () => {
  it('reads file names and paths, not versions, abbreviations or host names', () => {
    expect(namedFiles('what is in main.c?')).toEqual(['main.c']);
    expect(namedFiles("history of 'src/app.js'")).toEqual(['src/app.js']);
    expect(namedFiles('the .gitignore rule, README.md and Cargo.toml')).toEqual([
      '.gitignore',
      'readme.md',
      'cargo.toml',
    ]);
    for (const q of ['e.g. this', 'version 0.2.0 shipped', 'see docs.python.org', 'v1.2', 'the end.'])
      expect(namedFiles(q), q).toEqual([]);
  });
});

describe('a question that names a file', () => {
  let t: TestService;
  const now = Date.UTC(2026, 10, 20, 12);

  beforeAll(async () => {
    t = await startTestService({ clock: () => now });
    const sqlite = t.service.core.sqlite;
    const base = { project: 'rot', type: 'change' };
    insertObservation(sqlite, {
      ...base,
      title: 'Edited src/config.c',
      narrative: 'size limit parsed per stanza',
      filesModified: ['/home/dev/rot/src/config.c'],
      at: now - 5 * DAY,
    });
    insertObservation(sqlite, {
      ...base,
      title: 'Created src/config.h',
      narrative: 'the config struct: one config entry per stanza, as main.c reads it',
      filesModified: ['/home/dev/rot/src/config.h'],
      at: now - 2 * 3600_000,
    });
    insertObservation(sqlite, {
      ...base,
      type: 'feature',
      title: 'Config support in C: config files',
      narrative: 'config files in C: config keys, config stanzas, a config example, config c',
      at: now - 3600_000,
    });
  });
  afterAll(async () => t.dispose());

  it('finds the memories of that file first', async () => {
    const r = await t.api(
      'GET',
      `/api/search?q=${encodeURIComponent('what did we change in config.c?')}&limit=5`,
    );
    const titles = (r.json as { items: Array<{ title: string }> }).items.map((i) => i.title);
    expect(titles[0]).toBe('Edited src/config.c');
    expect(titles).toContain('Config support in C: config files');
  });

  it('shows what an edit wrote, not the path its title already shows', async () => {
    insertObservation(t.service.core.sqlite, {
      project: 'rot',
      type: 'change',
      title: 'Edited src/rotate.c',
      toolName: 'Edit',
      toolInput: { file_path: '/home/dev/rot/src/rotate.c' },
      facts: ['old: keep = 5', 'new: keep = DEFAULT_KEEP'],
      filesModified: ['/home/dev/rot/src/rotate.c'],
      at: now - 4 * DAY,
    });
    const r = await t.api(
      'GET',
      `/api/search?q=${encodeURIComponent('what did we change in rotate.c?')}&limit=5`,
    );
    const first = (r.json as { items: Array<{ title: string; snippet: string }> }).items[0]!;
    expect(first.title).toBe('Edited src/rotate.c');
    expect(first.snippet).toContain('old: keep = 5 · new: keep = DEFAULT_KEEP');
    expect(first.snippet).not.toContain('/home/dev/rot');
  });

  it('shows an edit found by a word of its title by what it wrote, not by its title again', async () => {
    insertObservation(t.service.core.sqlite, {
      project: 'rot',
      type: 'change',
      title: 'Edited src/gzipper.c',
      toolName: 'Edit',
      toolInput: { file_path: '/home/dev/rot/src/gzipper.c' },
      facts: ['old: level = 6', 'new: level = 9'],
      filesModified: ['/home/dev/rot/src/gzipper.c'],
      at: now - 3 * DAY,
    });
    const r = await t.api('GET', '/api/search?q=gzipper&limit=5');
    const first = (r.json as { items: Array<{ title: string; snippet: string }> }).items[0]!;
    expect(first.title).toBe('Edited src/gzipper.c');
    expect(first.snippet).toBe('old: level = 6 · new: level = 9');
  });
});
