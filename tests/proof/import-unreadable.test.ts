/**
 * A history import over a tree with one unreadable folder imports everything else and counts the
 * folder it skipped. The tests run as root, where mode 000 does not deny reads:
 * the real CLI runs under `setpriv` without CAP_DAC_OVERRIDE / CAP_DAC_READ_SEARCH, so the kernel
 * really refuses the `scandir` (EACCES), as it would for a normal user.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/service.js';
import { cliImportOutput } from '../../electron/shared/contract/cli.js';

const TRANSCRIPTS = join(import.meta.dirname, '..', 'fixtures', 'transcripts', 'pricebook');

const setpriv = spawnSync('setpriv', ['--version']).status === 0;
const asRoot = process.getuid?.() === 0;

/** Runs `memtray import --json` without the capabilities that let root read any folder. */
function importAsUnprivileged(dataDir: string, root: string): { status: number | null; out: string } {
  const cli = join(process.cwd(), 'bin', 'memtray.mjs');
  const args = [process.execPath, cli, 'import', '--json', '--data-dir', dataDir, root];
  const r = asRoot
    ? spawnSync('setpriv', ['--bounding-set', '-dac_override,-dac_read_search', ...args], {
        encoding: 'utf8',
        env: { ...process.env, HOME: dataDir },
      })
    : spawnSync(args[0]!, args.slice(1), { encoding: 'utf8', env: { ...process.env, HOME: dataDir } });
  return { status: r.status, out: `${r.stdout}${r.stderr}` };
}

describe('import over a tree with an unreadable folder', () => {
  it.skipIf(asRoot && !setpriv)('skips and counts the folder, imports the rest', () => {
    const root = tempDir('memtray-tree-');
    const ok = join(root, '-w-readable');
    const locked = join(root, '-w-locked');
    mkdirSync(ok);
    mkdirSync(locked);
    // The project's own recorded transcripts (tests/fixtures/record/): a bare clone has them too.
    copyFileSync(join(TRANSCRIPTS, 'aff7ca83-7219-4514-ac8e-bf8fecc566ae.jsonl'), join(ok, 'a.jsonl'));
    copyFileSync(join(TRANSCRIPTS, '12036049-2fbd-4b9c-9ef7-3aa2dc519033.jsonl'), join(locked, 'b.jsonl'));
    chmodSync(locked, 0o000);
    const dataDir = tempDir('memtray-data-');
    try {
      const r = importAsUnprivileged(dataDir, root);
      expect(r.out).not.toContain('EACCES');
      expect(r.status, r.out).toBe(0);
      const summary = cliImportOutput.parse(JSON.parse(r.out.trim().split('\n').pop()!));
      expect(summary).toMatchObject({ status: 'done', files: 1, skippedDirs: 1 });
      expect(summary.prompts).toBeGreaterThan(0);
    } finally {
      chmodSync(locked, 0o755);
    }
  });
});
