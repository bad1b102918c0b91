/**
 * A conservative token estimate for budgeting injected context (no tokenizer ships with the app).
 * BPE tokenizers take ~4 letters per token, but digits, punctuation and spaces in paths, ids and
 * code often cost a token each; we count letters / 4 + 1 per other ASCII character, more for
 * non-ASCII text (accented Latin ~0.7, CJK ~1.2, emoji and other astral characters 2.5 each).
 * Over corpus text this overestimates by ~1.6× and undercounts fewer than 1 string in 20 (over the
 * project's own recordings, richer in paths, about 1 in 16: paths by 1–3 tokens); checked against
 * a BPE tokenizer (@anthropic-ai/tokenizer) in the tests, which also check whole digests against it.
 */
export function estimateTokens(text: string): number {
  let letters = 0;
  let other = 0;
  let wide = 0;
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    if ((c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a)) letters += 1;
    else if (c < 0x80) other += 1;
    else if (c < 0x2e80) wide += 0.7;
    else if (c < 0x10000) wide += 1.2;
    else wide += 2.5;
  }
  return Math.ceil(letters / 4 + other + wide);
}
