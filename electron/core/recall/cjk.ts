/**
 * Reading a question written without spaces (Chinese, Japanese): its words found by the runtime's
 * word segmenter (only the query side: the index holds character pairs, db/identifiers.ts), the
 * function words left out, single characters the segmenter left apart joined back into one word
 * (`超|时` → 超时). A lone character before a one-character function word the segmenter split a
 * word it does not know at (`幂|等`: 幂等, idempotent) is joined with it when the memories hold the
 * pair (`known`) and the function word is one that also ends words (`ENDS_WORDS`). A word is then matched as the
 * phrase of its pairs.
 */
import { cjkBigrams, hasCjk } from '../db/identifiers.js';

const segmenter = new Intl.Segmenter('zh', { granularity: 'word' });
const SCRIPT_RUNS =
  /[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}]+|[^\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}]+/gu;
/** Function words: pronouns, particles, question words (why, which, what, how are frame words). */
const STOP = new Set(
  (
    '的 了 在 是 和 与 及 把 被 就 都 也 吗 呢 吧 啊 个 这 那 哪 我 你 他 她 它 们 有 没 不 要 会 能 用 给 让 对 从 到 上 下 里 还 又 很 等 过 着 跟 并 而 或 ' +
    '我们 你们 他们 这个 那个 哪个 哪些 这些 那些 什么 干什么 做什么 干嘛 怎么 怎样 如何 哪里 是不是 有没有 可以 已经 一下 一个 当时 还是 或者 所以 因为 时候 自己 应该 ' +
    'の は が を に で と も た て だ です ます'
  ).split(' '),
);

/**
 * Particles the segmenter leaves stuck to the end of a word (`成了`, `写的`, `的是`, `又是`): taken
 * off, so what is left is read as the word it is (a single character joins its neighbours, or is
 * a function word: 又, 到).
 */
const TRAIL = /[的了是]+$/u;
/** Words that end in such a character and mean something else without it (Japanese 終了 too). */
const WHOLE = new Set(['目的', '为了', '除了', '完了', '终了', '終了', '修了']);

const unstuck = (w: string): string => (WHOLE.has(w) ? w : w.replace(TRAIL, ''));

/** Whether the memories hold a word (its character pair, for a two-character one). */
export type Known = (word: string) => boolean;

/**
 * One-character function words that also end words of their own (相等, 调用, 机会, 性能, 相对): a
 * lone character before one of them may be such a word. The others (particles, measure words,
 * directions: `改|了`, `三|个`, `头|里`) never make a word with the character before them.
 */
const ENDS_WORDS = new Set([...'等用会能对']);

/** The words of a Chinese/Japanese run, in order, function words left out. */
function runWords(run: string, known?: Known): string[] {
  const out: string[] = [];
  let loose = '';
  const flush = (): void => {
    if ([...loose].length >= 2) out.push(loose);
    loose = '';
  };
  for (const s of segmenter.segment(run)) {
    const w = s.isWordLike && [...s.segment].length > 1 ? unstuck(s.segment) : s.segment;
    if (!s.isWordLike || w === '' || STOP.has(w)) {
      // One loose character and a one-character function word: a word the segmenter did not know?
      const pair = [...loose].length === 1 && [...s.segment].length === 1 ? loose + s.segment : '';
      if (pair && ENDS_WORDS.has(s.segment) && known?.(pair)) loose = pair;
      flush();
      continue;
    }
    if ([...w].length === 1) {
      loose += w;
      // A character a particle was taken from ends its run (`设|成了` → 设成).
      if (w !== s.segment) flush();
    } else {
      flush();
      out.push(w);
    }
  }
  flush();
  return out;
}

/**
 * `word` split into its script runs: Chinese/Japanese ones as their words (`cjk: true`), the
 * others as they are.
 */
export function scriptParts(word: string, known?: Known): Array<{ text: string; cjk: boolean }> {
  if (!hasCjk(word)) return [{ text: word, cjk: false }];
  const out: Array<{ text: string; cjk: boolean }> = [];
  for (const m of word.matchAll(SCRIPT_RUNS)) {
    if (hasCjk(m[0])) for (const w of runWords(m[0], known)) out.push({ text: w, cjk: true });
    else out.push({ text: m[0], cjk: false });
  }
  return out;
}

/** A Chinese/Japanese word as an FTS5 phrase of its character pairs. */
export function cjkPhrase(word: string): string {
  return `"${cjkBigrams(word).join(' ')}"`;
}
