/**
 * A conservative check for user-supplied regular expressions (custom redaction patterns), which
 * run on every string MemTray stores: they must compile, and must not have the shapes that make
 * backtracking explode (a quantified group that itself contains a quantifier, e.g. `(a+)+`,
 * `(\w*x?)*`, `(a|aa){2,}`; or backreferences). Returns a reason, or null when the pattern is fine.
 */
export function unsafeRegexReason(source: string): string | null {
  try {
    new RegExp(source);
  } catch {
    return 'is not a valid regular expression';
  }
  if (/\\[1-9]|\\k</.test(source)) return 'uses a backreference';
  // Walk the pattern tracking, per open group, whether it contains a quantifier or alternation.
  const stack: Array<{ quantified: boolean }> = [];
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (c === '\\') {
      i++;
      continue;
    }
    if (inClass) {
      if (c === ']') inClass = false;
      continue;
    }
    if (c === '[') inClass = true;
    else if (c === '(') stack.push({ quantified: false });
    else if (c === ')') {
      const g = stack.pop();
      const next = source[i + 1];
      const groupQuantified = next === '*' || next === '+' || next === '{';
      if (g?.quantified && groupQuantified) return 'nests quantifiers (catastrophic backtracking)';
      if (g?.quantified && stack.length > 0) stack[stack.length - 1]!.quantified = true;
      if (groupQuantified && stack.length > 0) stack[stack.length - 1]!.quantified = true;
    } else if ((c === '*' || c === '+' || c === '{' || c === '|') && stack.length > 0) {
      stack[stack.length - 1]!.quantified = true;
    }
  }
  return null;
}
