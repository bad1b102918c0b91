/**
 * One line, at most `n` characters (an ellipsis when cut): whitespace runs become one space, ends
 * trimmed. Reads only as much of `s` as the result can come from, growing the prefix while
 * whitespace runs eat it: a title clipped from a 40 KB tool response reads a few hundred characters,
 * not the 40 KB (it runs several times per observation, on the hook's projection path).
 */
export function clip(s: string, n: number): string {
  for (let take = 2 * n + 64; take < s.length; take *= 4) {
    const one = s.slice(0, take).replace(/\s+/g, ' ').trimStart();
    // More than `n` characters before any trailing (possibly cut) whitespace: the whole text's
    // collapsed form is longer than `n` too, and starts with these characters.
    if (one.trimEnd().length > n) return `${one.slice(0, n - 1)}…`;
  }
  const one = s.replace(/\s+/g, ' ').trim();
  return one.length <= n ? one : `${one.slice(0, n - 1)}…`;
}

/** Keeps line breaks (collapsed runs of blank lines), at most `n` characters. */
export function clipBlock(s: string, n: number): string {
  const t = s
    .replace(/[ \t]+/g, ' ')
    .replace(/\n\s*\n+/g, '\n')
    .trim();
  return t.length <= n ? t : `${t.slice(0, n - 1)}…`;
}

/**
 * The longest prefix of `s` of at most `n` characters that ends at a word boundary, when a space
 * lies after `keep` characters (half of `n` by default); else the first `n` characters.
 */
export function cutAtWord(s: string, n: number, keep = n / 2): string {
  if (s.length <= n) return s;
  const cut = s.slice(0, n);
  const space = cut.lastIndexOf(' ');
  return space > keep ? cut.slice(0, space) : cut;
}
