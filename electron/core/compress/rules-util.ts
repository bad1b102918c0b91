/** Helpers for the rule extractor: reading tool responses, recognising tests/builds, exit status. */

/** The text of a tool response: a string, Bash stdout/stderr, MCP text blocks, Read content. */
export function responseText(r: unknown, max = 20_000): string {
  if (typeof r === 'string') return r.slice(0, max);
  if (Array.isArray(r)) {
    return r
      .map((b) =>
        b && typeof b === 'object' && typeof (b as { text?: unknown }).text === 'string'
          ? (b as { text: string }).text
          : '',
      )
      .join('\n')
      .slice(0, max);
  }
  if (r && typeof r === 'object') {
    const o = r as Record<string, unknown>;
    if (typeof o.stdout === 'string' || typeof o.stderr === 'string') {
      return [o.stdout, o.stderr]
        .filter((x) => typeof x === 'string' && x !== '')
        .join('\n')
        .slice(0, max);
    }
    if (Array.isArray(o.content)) return responseText(o.content, max);
    for (const k of ['content', 'error', 'message', 'result', 'output']) {
      if (typeof o[k] === 'string') return (o[k] as string).slice(0, max);
    }
  }
  return '';
}

export { commandKind, isBuildCommand, isTestCommand } from '../memories/command-class.js';

const SUMMARY_RE =
  /^.*(?:\b\d+\s+(?:passed|failed|passing|failing|skipped|errors?)\b|\btest result:|\bTests?:\s+\d|\bFAIL\b|\bok\s+\S+\s+[\d.]+s\b|error(?:\[\w+\])?:).*$/gim;

interface BashOutcome {
  ok: boolean;
  exitCode: number | null;
  interrupted: boolean;
  /** Up to 3 lines that state results (test counts, errors). */
  summary: string[];
}

/** Exit status from a Bash response: the failure text's "Exit code N", interrupted flag, stderr. */
export function bashOutcome(r: unknown, failed: boolean): BashOutcome {
  const text = responseText(r);
  const m = /(?:exit code|exited with code|exit status)[:\s]+(\d+)/i.exec(text);
  let exitCode = m ? Number(m[1]) : null;
  const interrupted = Boolean(
    r && typeof r === 'object' && (r as { interrupted?: unknown }).interrupted === true,
  );
  if (exitCode === null && !failed && !interrupted && typeof r === 'object') exitCode = 0;
  const ok = !failed && !interrupted && (exitCode === null || exitCode === 0);
  const summary: string[] = [];
  SUMMARY_RE.lastIndex = 0;
  for (let s = SUMMARY_RE.exec(text); s && summary.length < 3; s = SUMMARY_RE.exec(text)) {
    const line = s[0].trim();
    if (line && !summary.includes(line)) summary.push(line.slice(0, 200));
  }
  return { ok, exitCode, interrupted, summary };
}

/** A pipe between two commands (`a | b`, not `a || b`). */
const PIPE = /[^|]\|(?!\|)/;
/** Programs that only show text: a failure they print is a file's content, not their own. */
const VIEWERS =
  /^\s*(?:cat|less|more|head|tail|grep|egrep|rg|ag|sed|awk|jq|echo|printf|git\s+(?:log|show|diff|grep))\b/;
/** What a failing program prints whatever its exit status: a traceback, a panic, a failed report. */
const FAILED_OUTPUT =
  /^Traceback \(most recent call last\)|^thread '[^']*' panicked at|^Segmentation fault|^make(?:\[\d+\])?: \*\*\*|^npm ERR!|^FAILED \(|^error(?:\[E\d+\])?: |^\S+\.\w+:\d+(?::\d+)?: (?:fatal )?error: |^Exception in thread |^Uncaught |^\w*(?:Error|Exception): |\b[1-9]\d* (?:failed|failing)\b|^test result: FAILED/m;

/**
 * Whether a piped command whose pipeline exited 0 hid a failure of its first program
 * (`pytest | tail -5` printing a traceback): exit status 0 is the last program's.
 */
export function hiddenFailure(cmd: string, output: string): boolean {
  if (!PIPE.test(cmd) || VIEWERS.test(cmd)) return false;
  return FAILED_OUTPUT.test(output.slice(0, 20_000));
}
