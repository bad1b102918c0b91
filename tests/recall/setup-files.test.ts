/**
 * The SessionStart digest says how the project is set up: its manifests and what git ignores, as
 * the agent last saw them (the newest Write or whole Read, the Edits since applied), posted to the
 * service as real hook events.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyEdits, oneLineOf, readText } from '../../electron/core/recall/setup-files.js';
import { startTestService, type TestService } from '../helpers/service.js';

const PACKAGE = `{
  "name": "kucun",
  "version": "0.1.0",
  "type": "module",
  "engines": { "node": ">=20" },
  "scripts": { "test": "node --test test/*.test.js" }
}
`;
/** What `cargo new` made: the agent never wrote it, it read it before editing it. */
const CARGO = '[package]\nname = "turnstile"\nversion = "0.1.0"\nedition = "2024"\n\n[dependencies]\n';

describe('the digest says how the project is set up', () => {
  let t: TestService;
  let n = 0;
  const post = async (cwd: string, event: string, body: Record<string, unknown>): Promise<void> => {
    const session = { session_id: `setup-${cwd}`, cwd, hook_event_name: event };
    const r = await t.api('POST', `/api/hooks/${event}`, {
      ...session,
      tool_use_id: `toolu_${++n}`,
      ...body,
    });
    expect(r.status).toBe(200);
  };
  const write = (cwd: string, file: string, content: string): Promise<void> =>
    post(cwd, 'PostToolUse', {
      tool_name: 'Write',
      tool_input: { file_path: `${cwd}/${file}`, content },
      tool_response: { type: 'create', filePath: `${cwd}/${file}`, content },
    });
  const edit = (cwd: string, file: string, old: string, now: string): Promise<void> =>
    post(cwd, 'PostToolUse', {
      tool_name: 'Edit',
      tool_input: { file_path: `${cwd}/${file}`, old_string: old, new_string: now, replace_all: false },
      tool_response: { filePath: `${cwd}/${file}`, oldString: old, newString: now },
    });
  const setup = async (project: string): Promise<string> => {
    const text = (await t.api('GET', `/api/context/inject?project=${project}`)).text;
    return /## Project setup \(files as last seen\)\n((?:- .*\n)+)/.exec(text)?.[1] ?? '';
  };

  beforeAll(async () => {
    t = await startTestService();
    const shop = '/home/dev/kucun';
    await post(shop, 'UserPromptSubmit', { prompt: 'start the stock service, node built-ins only' });
    await write(shop, 'package.json', PACKAGE);
    await write(shop, '.gitignore', 'node_modules/\n');
    await write(shop, 'src/app.js', 'export const app = 1;\n');
    await edit(shop, 'package.json', '"version": "0.1.0"', '"version": "0.2.0"');
    await edit(shop, '.gitignore', 'node_modules/\n', 'node_modules/\ndata/\n');
    const crate = '/home/dev/turnstile';
    await post(crate, 'UserPromptSubmit', { prompt: 'start a rust crate, turnstile' });
    await post(crate, 'PostToolUse', {
      tool_name: 'Read',
      tool_input: { file_path: `${crate}/Cargo.toml` },
      tool_response: {
        type: 'text',
        file: { filePath: `${crate}/Cargo.toml`, content: CARGO, numLines: 6, startLine: 1, totalLines: 6 },
      },
    });
    await edit(crate, 'Cargo.toml', 'edition = "2024"\n', 'edition = "2024"\npublish = false\n');
    // A manifest too large to be one (a generated lock file's size) is never read.
    const big = '/home/dev/bulky';
    await post(big, 'UserPromptSubmit', { prompt: 'vendor everything' });
    await write(big, 'package.json', `{"name": "bulky", "pad": "${'x'.repeat(20_000)}"}`);
    await write(big, '.gitignore', 'dist/\n');
    // Codex's patches: a manifest written earlier updated, a Makefile added, a .gitignore deleted.
    const codex = '/home/dev/billing';
    await post(codex, 'UserPromptSubmit', {
      prompt: 'bump the version, add a Makefile, drop the ignore file',
    });
    await write(codex, 'package.json', '{\n  "name": "billing",\n  "version": "1.0.0"\n}\n');
    await write(codex, '.gitignore', 'node_modules/\n');
    const patch = (body: string) =>
      post(codex, 'PostToolUse', {
        tool_name: 'apply_patch',
        tool_input: { command: `*** Begin Patch\n${body}*** End Patch\n` },
        tool_response: 'Success.',
      });
    await patch(
      '*** Update File: package.json\n@@\n   "name": "billing",\n-  "version": "1.0.0"\n+  "version": "1.1.0"\n',
    );
    await patch('*** Add File: Makefile\n+test:\n+\tnode --test\n*** Delete File: .gitignore\n');
    await t.settled();
  });
  afterAll(async () => t.dispose());

  it('shows each manifest as last written, with the edits since, and what git ignores', async () => {
    const lines = await setup('kucun');
    expect(lines).toContain(
      '- package.json: { "name": "kucun", "version": "0.2.0", "type": "module", "engines": { "node": ">=20" }, ' +
        '"scripts": { "test": "node --test test/*.test.js" } }\n',
    );
    expect(lines).toContain('- .gitignore: node_modules/ data/\n');
    // Only the files that say how the project is set up, not its code.
    expect(lines).not.toContain('app.js');
  });

  it('never reads a call too large to be a setup file', async () => {
    expect(await setup('bulky')).toBe('- .gitignore: dist/\n');
  });

  it("applies Codex's patches: an update's hunks, an added file, a deleted one", async () => {
    expect(await setup('billing')).toBe(
      '- Makefile: test: node --test\n- package.json: { "name": "billing", "version": "1.1.0" }\n',
    );
  });

  it('takes a file a tool made from the whole read of it before its edits', async () => {
    expect(await setup('turnstile')).toBe(
      '- Cargo.toml: [package] name = "turnstile" version = "0.1.0" edition = "2024" publish = false [dependencies]\n',
    );
  });
});

describe('a setup file as one line', () => {
  it('applies edits in order, an edit whose old text is gone changing nothing', () => {
    const edits = [
      { old: 'a = 1', new: 'a = 2', all: false },
      { old: 'a = 1', new: 'a = 3', all: false },
      { old: 'x', new: 'y', all: true },
      { old: '$&', new: 'z', all: false },
    ];
    expect(applyEdits('a = 1\nx x\n', edits)).toBe('a = 2\ny y\n');
    // The new text is taken literally, `$&` included.
    expect(applyEdits('k = v', [{ old: 'v', new: '$&$&', all: false }])).toBe('k = $&$&');
  });

  it('joins the non-empty lines and cuts a long file after a whole word', () => {
    expect(oneLineOf('[package]\n\n  name = "x"\n')).toBe('[package] name = "x"');
    expect(oneLineOf(`deps = ${'alpha '.repeat(200)}`, 40)).toBe('deps = alpha alpha alpha alpha alpha…');
  });

  it('reads a whole file from a read, never a part of one', () => {
    const file = (startLine: number, numLines: number): string =>
      JSON.stringify({ type: 'text', file: { content: 'a\nb\n', startLine, numLines, totalLines: 2 } });
    expect(readText(file(1, 2))).toBe('a\nb\n');
    expect(readText(file(2, 1))).toBeNull();
    expect(readText(null)).toBeNull();
    for (const odd of ['null', '[]', '"text"', '{"file": 3}']) expect(readText(odd)).toBeNull();
  });
});
