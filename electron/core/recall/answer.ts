/**
 * The part of a memory that answers: its command, error line, decision or the assistant's words,
 * the file it changed; and the extractor's bookkeeping facts (`is_test: false`,
 * `exit_status: 0`, …), which stay stored but never reach a snippet.
 */
import { oneLine } from './titles.js';
import { parseStringList } from '../util/json-list.js';

/** Facts that describe how a memory was extracted rather than what happened. */
const KEYS = [
  'is_test',
  'is_build',
  'exit_status',
  'change_type',
  'result_count',
  'search_scope',
  'mcp_server',
  'mcp_tool',
  'subagent_type',
];
const INTERNAL = new RegExp(
  `^(?:${KEYS.join('|')}): .*$|^(?:replace_all|interrupted|\\d+ of \\d+ lines read|Lines \\d+\\+\\S*)$`,
  'i',
);
const VALUE = /^(?:true|false|-?\d+|unknown|modify|create|overwrite)?$/;

const plain = (s: string): string => s.replace(/<\/?mark>/gi, '').trim();

/**
 * Whether a fact is extractor bookkeeping; also a fragment of one where a snippet cuts it
 * (`…build: false` at the start, `is_bu…` at the end).
 */
export function isInternalFact(fact: string): boolean {
  const p = plain(fact);
  if (INTERNAL.test(p)) return true;
  const head = p.startsWith('…');
  const tail = p.endsWith('…');
  const s = p.replace(/^…\s*|\s*…$/g, '').toLowerCase();
  if (s === '') return head || tail;
  if (head) {
    const [k, v = ''] = s.split(/:\s*/);
    if (k && KEYS.some((key) => key.endsWith(k)) && VALUE.test(v)) return true;
  }
  if (tail)
    return KEYS.some(
      (key) =>
        `${key}: `.startsWith(s) || (s.startsWith(`${key}:`) && VALUE.test(s.slice(key.length + 1).trim())),
    );
  return false;
}

/** A snippet with its bookkeeping segments (` · `-separated facts) removed; '' when nothing is left. */
export function hideInternals(snippet: string): string {
  const segs = snippet.split(' · ');
  const kept = segs.filter((seg) => !isInternalFact(seg));
  let out = kept.join(' · ').trim();
  if (kept.length < segs.length && segs[segs.length - 1]!.endsWith('…') && !out.endsWith('…')) out += ' …';
  return /[\p{L}\p{N}]/u.test(plain(out).replace(/…/g, '')) ? out : '';
}

const ANSWER_TYPES = new Set(['decision', 'episode', 'bugfix', 'compaction', 'memory']);
const FACT_KEYS = /^(?:command|error|failed|fix|file|tests|answer|decision|plan): /;

/**
 * What to lead a snippet with: the command run, the error line, the change made, the decision or
 * narrative (for memories whose narrative is the answer), as short lines not already in the title.
 */
export function answerLines(o: {
  title: string;
  type: string | null;
  facts: string[];
  narrative: string | null;
  filesModified: string | null;
}): string[] {
  const title = o.title.toLowerCase();
  const out: string[] = [];
  const push = (s: string): void => {
    const t = oneLine(s, 200);
    if (t && !title.includes(t.toLowerCase()) && !out.includes(t)) out.push(t);
  };
  for (const f of o.facts) {
    if (!FACT_KEYS.test(f)) continue;
    if (f.startsWith('command: ')) push(`$ ${f.slice(9)}`);
    else push(f);
    if (out.length >= 3) break;
  }
  if (ANSWER_TYPES.has(o.type ?? '') && o.narrative) push(o.narrative);
  else if (o.narrative && /^Claude: /.test(o.narrative)) push(o.narrative);
  for (const f of parseStringList(o.filesModified).slice(0, 2)) {
    const base = f.split('/').pop() ?? f;
    if (!title.includes(base.toLowerCase())) push(f);
  }
  return out.slice(0, 3);
}
