/**
 * A conservative token estimate for budgeting injected context (no tokenizer ships with the app).
 * BPE tokenizers average ~4 characters per token on English prose and ~3 on code, paths and
 * numbers; we count 1 token per 3 ASCII characters, more for non-ASCII text (accented Latin ~2
 * characters per token, CJK ~1, emoji and other astral characters ~2 tokens each), so the real
 * count stays under the estimate. Checked against a BPE tokenizer over the corpus in the tests.
 */
export function estimateTokens(text: string): number {
  let ascii = 0;
  let wide = 0;
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    if (c < 0x80) ascii += 1;
    else if (c < 0x2e80) wide += 0.7;
    else if (c < 0x10000) wide += 1.2;
    else wide += 2.5;
  }
  return Math.ceil(ascii / 3 + wide);
}
