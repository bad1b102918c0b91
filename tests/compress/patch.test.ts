/**
 * Codex's `apply_patch` in the rules extractor: a change to each file the patch names, with the
 * lines it added as written text. The payload is the one the real Codex CLI's PostToolUse hook sent
 * (tests/e2e/agents/codex.e2e.ts drives it end to end).
 */
import { describe, expect, it } from 'vitest';
import { patchOp, readPatch } from '../../electron/core/compress/patch.js';
import { extractRules } from '../../electron/core/compress/rules.js';
import { addedText, hunkEdits, patchSections } from '../../electron/core/util/codex-patch.js';

const PATCH = [
  '*** Begin Patch',
  '*** Update File: package.json',
  '@@',
  '-  "version": "1.0.0",',
  '+  "version": "1.1.0",',
  '*** Add File: NOTES.md',
  '+hello',
  '*** Delete File: old.txt',
  '*** Update File: src/a.ts',
  '*** Move to: src/b.ts',
  '*** End Patch',
  '',
].join('\n');

describe('a Codex patch', () => {
  it('is a change to each file it names, what it added written', () => {
    const out = extractRules({
      toolName: 'apply_patch',
      toolInput: { command: PATCH },
      toolResponse:
        'Exit code: 0\nOutput:\nSuccess. Updated the following files:\nA NOTES.md\nM package.json\n',
      failed: false,
      cwd: '/w/billing',
    });
    expect(out).toMatchObject({
      type: 'change',
      title: 'Patched package.json, NOTES.md, old.txt, src/a.ts, src/b.ts',
      subtitle: '5 files, 2 lines added',
      filesModified: ['package.json', 'NOTES.md', 'old.txt', 'src/a.ts', 'src/b.ts'].map(
        (f) => `/w/billing/${f}`,
      ),
    });
    expect(out.facts).toEqual(
      expect.arrayContaining([
        'updated package.json',
        'added NOTES.md',
        'deleted old.txt',
        'moved to src/b.ts',
        expect.stringContaining('"version": "1.1.0"'),
      ]),
    );
  });

  it('keeps absolute paths, resolves relative ones and reads only a bounded part of a patch', () => {
    expect(
      patchOp('*** Begin Patch\n*** Add File: /etc/x.conf\n+a\n*** End Patch', null)?.filesModified,
    ).toEqual(['/etc/x.conf']);
    expect(
      patchOp('*** Begin Patch\n*** Add File: ../shared/x.md\n+a\n*** End Patch', '/w/billing')
        ?.filesModified,
    ).toEqual(['/w/shared/x.md']);
    const many = Array.from({ length: 80 }, (_v, n) => `*** Add File: f${n}.txt\n+x`).join('\n');
    expect(readPatch(`*** Begin Patch\n${many}`).files).toHaveLength(50);
    const late = `*** Begin Patch\n+${'y'.repeat(70_000)}\n*** Add File: late.txt\n`;
    expect(readPatch(late).files).toEqual([]);
  });

  it('is another tool call when its input is no patch', () => {
    for (const command of ['echo hi', '*** Begin Patch\n*** End Patch'])
      expect(
        extractRules({
          toolName: 'apply_patch',
          toolInput: { command },
          toolResponse: '',
          failed: false,
          cwd: '/w',
        }).title,
      ).toBe('Used apply_patch');
  });

  it('gives each hunk of an update as a replacement and an added file as its text', () => {
    const [update, added] = patchSections(
      [
        '*** Begin Patch',
        '*** Update File: Cargo.toml',
        '@@ [package]',
        ' name = "turnstile"',
        '-version = "0.1.0"',
        '+version = "0.2.0"',
        '@@',
        '-edition = "2021"',
        '+edition = "2024"',
        '+publish = false',
        '*** Add File: Makefile',
        '+test:',
        '+\tcargo test',
        '*** End Patch',
      ].join('\n'),
    );
    expect(hunkEdits(update!.lines)).toEqual([
      { old: 'name = "turnstile"\nversion = "0.1.0"', new: 'name = "turnstile"\nversion = "0.2.0"' },
      { old: 'edition = "2021"', new: 'edition = "2024"\npublish = false' },
    ]);
    expect(added).toMatchObject({ verb: 'added', path: 'Makefile' });
    // A moved file's hunks stay with its update.
    const [moved, to] = patchSections(
      '*** Begin Patch\n*** Update File: a.toml\n*** Move to: b.toml\n@@\n-x = 1\n+x = 2\n*** End Patch',
    );
    expect(to).toEqual({ verb: 'moved to', path: 'b.toml', lines: [] });
    expect(hunkEdits(moved!.lines)).toEqual([{ old: 'x = 1', new: 'x = 2' }]);
    expect(addedText(added!.lines)).toBe('test:\n\tcargo test\n');
  });
});
