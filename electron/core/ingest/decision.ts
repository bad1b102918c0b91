/**
 * Decisions: AskUserQuestion (the question, its options, the user's answer) and ExitPlanMode (the
 * plan, approved or not) become `decision` memories instead of raw tool calls.
 */
import { DECISION_TOOLS } from '../../shared/contract/tools.js';
import { clip, clipBlock } from '../util/clip.js';
import { asRecord } from '../util/json-text.js';

const decisionTools = new Set(DECISION_TOOLS);

/** Whether a tool's calls are remembered as decisions (never as raw tool-call observations). */
export const isDecisionTool = (name: string): boolean => decisionTools.has(name);

export interface DecisionFields {
  title: string;
  subtitle: string | null;
  facts: string[];
  narrative: string;
}

type Rec = Record<string, unknown>;
const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/** `"Q"="A"` pairs of the text answer Claude Code returns to the model. */
function textAnswers(text: string): Map<string, string> {
  const out = new Map<string, string>();
  const re = /"((?:[^"\\]|\\.){1,2000})"="((?:[^"\\]|\\.){0,2000})"/g;
  for (let m = re.exec(text.slice(0, 50_000)); m && out.size < 20; m = re.exec(text)) out.set(m[1]!, m[2]!);
  return out;
}

function responseText(r: unknown): string {
  if (typeof r === 'string') return r;
  if (Array.isArray(r)) return r.map((b) => str(asRecord(b).text)).join('\n');
  const o = asRecord(r);
  return str(o.content) || str(o.result) || str(o.error) || str(o.message);
}

function askUser(input: Rec, response: unknown, failed: boolean): DecisionFields | null {
  const qs = (Array.isArray(input.questions) ? input.questions : []).map(asRecord).slice(0, 10);
  if (qs.length === 0) return null;
  const structured = asRecord(asRecord(response).answers);
  const fromText = textAnswers(responseText(response));
  const lines: string[] = [];
  const facts: string[] = [];
  const answers: string[] = [];
  const reasons: string[] = [];
  for (const q of qs) {
    const question = str(q.question);
    const options = (Array.isArray(q.options) ? q.options : []).map(asRecord).slice(0, 10);
    const answer = str(structured[question]) || fromText.get(question) || '';
    lines.push(`Question: ${clip(question, 400)}`);
    for (const o of options)
      lines.push(
        `- option: ${clip(str(o.label), 120)}${str(o.description) ? ` — ${clip(str(o.description), 200)}` : ''}`,
      );
    lines.push(answer ? `Answer: ${clip(answer, 400)}` : 'Answer: (none)');
    facts.push(`question: ${clip(question, 200)}`);
    if (options.length) facts.push(`options: ${clip(options.map((o) => str(o.label)).join(' | '), 300)}`);
    if (answer) {
      facts.push(`answer: ${clip(answer, 200)}`);
      answers.push(answer);
      // Why: the chosen option's description, or a "because …" in a typed answer.
      const picked = options.find((o) => str(o.label).trim() === answer.trim());
      const reason = str(picked?.description) || splitReason(answer).reason || '';
      if (reason) {
        facts.push(`reason: ${clip(reason, 200)}`);
        reasons.push(reason);
      }
    }
  }
  const gist = clip(str(qs[0]!.header) || str(qs[0]!.question), 60);
  const title =
    answers.length > 0
      ? `Decided: ${clip(answers.join('; '), 70)} (${gist})`
      : `${failed ? 'Question dismissed' : 'Asked the user'}: ${clip(str(qs[0]!.question), 100)}`;
  return {
    title: clip(title, 120),
    subtitle: clip(reasons[0] ?? str(qs[0]!.question), 200),
    facts,
    narrative: clipBlock(
      [
        ...(answers.length && reasons.length ? [`Chose: ${answers[0]!} — ${reasons[0]!}`] : []),
        ...lines,
      ].join('\n'),
      4_000,
    ),
  };
}

function exitPlan(input: Rec, response: unknown, failed: boolean): DecisionFields | null {
  const plan = str(input.plan) || str(asRecord(response).plan);
  if (plan.trim() === '') return null;
  const heading =
    plan
      .split('\n')
      .map((l) => l.replace(/^#+\s*/, '').trim())
      .find((l) => l !== '') ?? 'plan';
  const verdict = failed ? 'plan not approved' : 'plan approved';
  const feedback = failed ? clip(responseText(response), 300) : '';
  return {
    title: clip(`Decided: ${verdict} (${clip(heading, 80)})`, 120),
    subtitle: clip(heading, 200),
    facts: [
      `plan: ${clip(heading, 200)}`,
      `verdict: ${verdict}`,
      ...(feedback ? [`feedback: ${feedback}`] : []),
    ],
    narrative: clipBlock(`Plan (${verdict}):\n${plan}${feedback ? `\nFeedback: ${feedback}` : ''}`, 6_000),
  };
}

/** The decision a call records, or null when it carries none (malformed input). */
export function decisionFields(
  toolName: string,
  input: unknown,
  response: unknown,
  failed: boolean,
): DecisionFields | null {
  try {
    if (toolName === 'AskUserQuestion') return askUser(asRecord(input), response, failed);
    if (toolName === 'ExitPlanMode') return exitPlan(asRecord(input), response, failed);
  } catch {
    return null;
  }
  return null;
}

/** "<choice> because <reason>": the reason clause of an answer or a prompt, split off (bounded). */
const REASON =
  /(?:^|[\s,;:—–-]+)(because|since|as (?:it|they|we|that)|so that|given that|'cause|cause)\s+(\S.*)$/i;

export function splitReason(text: string): { choice: string; reason: string | null } {
  const t = text.slice(0, 2_000).replace(/\s+/g, ' ').trim();
  const m = REASON.exec(t);
  if (!m || m.index === 0) return { choice: t, reason: null };
  // The choice is the last sentence before the reason ("Should we …? Go with X, because …" → "Go with X").
  const before = t.slice(0, m.index).replace(/[\s,;:—–-]+$/, '');
  const choice = before.split(/(?<=[.?!])\s+/).pop() ?? before;
  return choice === '' ? { choice: t, reason: null } : { choice, reason: `${m[1]!.toLowerCase()} ${m[2]!}` };
}
