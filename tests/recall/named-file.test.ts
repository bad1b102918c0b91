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

  /** An edit of `src/<name>` in project rot, four days old, that wrote `is` over `was`. */
  const edit = (name: string, was: string, is: string): void => {
    insertObservation(t.service.core.sqlite, {
      project: 'rot',
      type: 'change',
      title: `Edited src/${name}`,
      toolName: 'Edit',
      toolInput: { file_path: `/home/dev/rot/src/${name}` },
      facts: [`old: ${was}`, `new: ${is}`],
      filesModified: [`/home/dev/rot/src/${name}`],
      at: now - 4 * DAY,
    });
  };
  const first = async (q: string): Promise<{ title: string; snippet: string }> => {
    const r = await t.api('GET', `/api/search?q=${encodeURIComponent(q)}&limit=5`);
    return (r.json as { items: Array<{ title: string; snippet: string }> }).items[0]!;
  };

  it('shows what an edit wrote, not the path its title already shows', async () => {
    edit('rotate.c', 'keep = 5', 'keep = DEFAULT_KEEP');
    const hit = await first('what did we change in rotate.c?');
    expect(hit.title).toBe('Edited src/rotate.c');
    expect(hit.snippet).toContain('old: keep = 5 · new: keep = DEFAULT_KEEP');
    expect(hit.snippet).not.toContain('/home/dev/rot');
  });

  it('shows an edit found by a word of its title by what it wrote, not by its title again', async () => {
    edit('gzipper.c', 'level = 6', 'level = 9');
    const hit = await first('gzipper');
    expect(hit.title).toBe('Edited src/gzipper.c');
    expect(hit.snippet).toBe('old: level = 6 · new: level = 9');
  });

  it('keeps a path the title does not name: the file a search found', async () => {
    insertObservation(t.service.core.sqlite, {
      project: 'rot',
      type: 'discovery',
      title: 'Searched for lzwpack',
      toolName: 'Grep',
      toolInput: { pattern: 'lzwpack' },
      facts: ['/home/dev/rot/src/codec/lzw.c'],
      at: now - 4 * DAY,
    });
    const hit = await first('lzwpack');
    expect(hit.title).toBe('Searched for lzwpack');
    expect(hit.snippet).toContain('src/codec/lzw.c');
  });
});
