/**
 * A word is taken for a typo only when it is not English: the plural or third person of a listed
 * word (`lints` where the lists hold `lint`) is English too, while a misspelling is still corrected
 * to the nearest word the memories hold. Real SQLite file, the real corrector.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../electron/core/core.js';
import { featureCoreOptions } from '../../electron/core/features.js';
import { TypoCorrector } from '../../electron/core/recall/typo.js';
import { MIGRATIONS_DIR, tempDir } from '../helpers/service.js';
import { insertObservation } from './seed.js';

let core: Core;
let typo: TypoCorrector;

beforeAll(() => {
  core = createCore({ dataDir: tempDir(), migrationsDir: MIGRATIONS_DIR, ...featureCoreOptions() });
  insertObservation(core.sqlite, {
    project: 'infra',
    title: 'Counted the lines of each file',
    at: Date.now(),
  });
  // `ceate` is one edit from both, each held once: a letter left out is the likelier slip.
  insertObservation(core.sqlite, { project: 'infra', title: 'Beate reviewed the schema', at: Date.now() });
  insertObservation(core.sqlite, { project: 'infra', title: 'Create the index', at: Date.now() });
  typo = new TypoCorrector(core.sqlite);
});
afterAll(() => core.close());

describe('typo correction', () => {
  it('leaves the plural of a listed word as typed', () => {
    expect(typo.correct('lints')).toBeNull();
  });

  it('still corrects a misspelling to the word the memories hold', () => {
    expect(typo.correct('linnes')).toBe('lines');
  });

  it('takes the likelier slip among variants held as often: a letter left out', () => {
    expect(typo.correct('ceate')).toBe('create');
  });

  it('takes two swapped letters over a stray one, past the first group of candidates', () => {
    // `lines` with its last two letters swapped, or `line` with a stray `s`: the swap is likelier.
    // Swaps come after every insertion, well past the first OR group.
    expect(typo.correct('linse')).toBe('lines');
  });

  it('finds nothing where no variant is held', () => {
    expect(typo.correct('qqxqqz')).toBeNull();
  });
});
