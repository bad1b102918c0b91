/**
 * Reading a question: which words must match, which are only its frame, and what kind of answer
 * it asks for. No model: word lists and a few patterns, deterministic and linear in the text.
 *
 * - Stop words (`the`, `did`, `we`, `which`, …) never have to match and are dropped.
 * - Frame words (`file`, `command`, `why`, `decided`, `broke`, `first`, …) say what kind of
 *   answer is wanted; they are optional: a memory containing them scores a little higher, one
 *   without them is not excluded. When a question has nothing but frame words, they are searched.
 * - The intent (`file`, `command`, `decision`, `failure`, `order`, `ask`) becomes score boosts on the
 *   memories whose type answers it; never a filter.
 * - A question that names the kind of value it wants (a version, an address, how many tests) says
 *   what the answering line looks like (`wantedLine`): snippets lead with such a line and memories
 *   holding one score higher.
 */

import { stemPrefix } from './lexicon.js';
import { parseQuery } from './query.js';

export type Intent = 'file' | 'command' | 'decision' | 'failure' | 'order' | 'ask';

const STOP = new Set(
  (
    'a an the and or but nor of to in on at for with by from into onto about as is are was were be been ' +
    'being am do does did done doing have has had having i me my mine we us our ours you your yours it its ' +
    'he she they them their this that these those there here which what whats when where who whom whose why ' +
    'how can could should would will shall may might must not no so then than too very just also any some ' +
    'all each one ones get got gets make made use used using again thing things way please tell remind ' +
    'recall remember know let lets s t ve ll d m re if whether ever still was were that been via per ' +
    'exactly actually really kind sort anything something everything did didn don doesn wasn weren seen see saw'
  ).split(' '),
);

/** Frame words and the intent each one signals (null: optional, no intent of its own). */
const FRAME: Record<string, Intent | null> = {};
const frame = (intent: Intent | null, words: string): void => {
  for (const w of words.split(' ')) FRAME[w] = intent;
};
frame(
  'file',
  'file files path paths folder directory module component page created create creating changed change ' +
    'changes changing edited edit editing modified modify touched wrote written added add adding ' +
    'implemented implementation implements defined definition lives live located',
);
frame(
  'command',
  'command commands cmd run ran running runs execute executed invoke invoked script check checked ' +
    'checking shell terminal cli find search searched grep grepped',
);
frame(
  'decision',
  'why decide decided decides deciding decision decisions chose choose chosen choosing choice pick ' +
    'picked reason reasons rationale intend intended intent plan planned wanted want approach prefer ' +
    'preferred agree agreed opted option options instead',
);
frame(
  'failure',
  'broke broken break breaks breaking fail failed failing failure failures error errors fix fixed ' +
    'fixing fixes bug bugs issue issues problem problems wrong crash crashed went reject rejected refused denied',
);
frame(
  'order',
  'first next after before then later earlier previous previously last start started begin began ' +
    'following preceded followed',
);
frame('ask', 'ask asked asking request requested wanted trying supposed meant goal idea purpose');
frame(null, 'test tests session sessions project work worked working done happen happened');
// The same frames in Chinese (the words cjk.ts finds in a question).
frame('file', '文件 路径 目录 模块 组件 页面 修改 创建 新建 改动');
frame('command', '命令 运行 执行 脚本');
frame('decision', '为什么 原因 决定 选择 理由 方案 打算');
frame('failure', '错误 失败 报错 崩溃 修复 问题 异常');
frame('order', '之后 之前 然后 首先 最后 后来 接着 第一');
frame('ask', '要求 想要 目的');

interface QueryWords {
  /** Words that matter: they must match (relaxed only when nothing matches them all). */
  required: string[];
  /** Frame words: optional, a small bonus when present. */
  optional: string[];
  intent: Intent | null;
  /** The question asks what something printed or came to (`asksResult`). */
  result: boolean;
  /** The line that answers, when the question says what it looks like (`wantedLine`). */
  wants: RegExp | null;
  /** The question is about more than one session (`spansSessions`). */
  spans: boolean;
  /** The question asks what the work's code or files do or say (`asksArtifact`). */
  artifact: boolean;
  /** Typed as keywords, not asked ("cargo test"): the words as typed are what is looked for. */
  typed: boolean;
  /** The question asks how to do something (`asksHowTo`). */
  howTo: boolean;
  /** The question asks what the project it names is ("what is turnstile?"). */
  describes?: boolean;
}

/**
 * "What does the parser say for…", "how is the tolerance computed", "what happens if…": the present
 * tense of a thing, not a person, asks about what the code, config or docs do, which the memories
 * of what was written hold; "what did we…" asks about the work.
 */
const ARTIFACT =
  /\b(?:what|how|which|when|where|do|does)\b[^?]{0,60}?\b(?:(?:does|do|is|are|can)\s+(?:the|a|an|its|it|each|every|this|that|someone)|happens\s+(?:if|when|to))\b/;

/**
 * The same asked in Chinese ("是怎么判断的", "允许…吗", "会怎样"), unless the question places itself in
 * the work ("当时", "第一次", "我"): then it asks what was done.
 */
const ARTIFACT_ZH =
  /(?:怎么|如何)(?:判断|生成|实现|处理|计算|算出|决定|保证|区分|匹配|存|建|知道)|允许.{0,20}吗|会怎样|会怎么样|会发生什么/;
const WORK_ZH = /当时|那次|那一次|第一次|我|你|后来|一开始|最早|会话/;

/** Whether a question asks what the code, config or docs do (`ARTIFACT`, `ARTIFACT_ZH`). */
export function asksArtifact(text: string): boolean {
  const t = text.toLowerCase().slice(0, 500);
  return ARTIFACT.test(t) || (ARTIFACT_ZH.test(t) && !WORK_ZH.test(t));
}

/**
 * "How do I run the tests?", "how to start the server", 怎么跑测试: how to do it now, which a run
 * that worked shows and a failed run does not. Only as what a sentence asks: "how did we…" asks
 * what was done, and "the hint on how to rerun it" is a thing a run printed.
 */
const HOW_TO =
  /(?:^|[.?!。？！]\s*)(?:how (?:do|can|should|would) (?:i|we|you|one)\b|how to\b|(?:我们?)?(?:该|要)?(?:怎么|如何|怎样)(?:跑|运行|启动|构建|编译|部署|安装|测试))/;

/** Whether a question asks how to do something. */
export const asksHowTo = (text: string): boolean => HOW_TO.test(text.toLowerCase().slice(0, 500));

/**
 * "Show me the last error", "can you list the files we changed", "give me the command for…": the
 * request that opens the question says how to answer, not what to find (`show` also read as asking
 * what something printed).
 */
const REQUEST =
  /^\s*(?:(?:please|(?:can|could|would) you|pls)\s+)*(?:show|give|list|find|get|tell)(?:\s+(?:me|us))?\s+(?=\S)/i;

/** `question` without the request that opens it. */
export const withoutRequest = (question: string): string => question.replace(REQUEST, '');

/**
 * "What did the subagent find?", "what did the review agent report?", 子代理发现了什么: what a
 * delegated agent came back with, which its result says and its task does not.
 */
const FINDINGS = new RegExp(
  [
    '\\b(?:sub-?agents?|agents?)\\b.{0,40}\\b(?:find|found|report\\w*|say|said|conclu\\w*|discover\\w*|(?:come|came) back|turn(?:ed)? up|return\\w*)\\b',
    '(?:agent|代理|子代理).{0,20}(?:发现|找到|报告|结论|说了|查到)',
  ].join('|'),
  'u',
);

/** Whether a question asks what a delegated agent found (not what it was asked to find). */
export function asksFindings(text: string): boolean {
  const t = text.toLowerCase().slice(0, 500);
  return FINDINGS.test(t) && classify(t) !== 'ask';
}

/** A question asking what a command printed or came to: a version, a count, a report, how it ended. */
const RESULT =
  /\b(?:print\w*|report\w*|output\w*|show(?:ed|n|s)?|said|says?|return\w*|versions?|how (?:many|much|big|long)|results?|end(?:ed)?)\b|输出|打印|显示|返回|版本|多少|结果|报告/;

/** Whether a question asks what something printed or came to. */
export const asksResult = (text: string): boolean => RESULT.test(text.toLowerCase().slice(0, 500));

/**
 * A question about more than one session: one named by its place among others ("the first
 * session", "a later version"), a fact that changed ("earlier", "later", "originally", "when was
 * it introduced"), or both of two ("both").
 */
const ACROSS =
  /\b(?:(?:first|second|third|earlier|later|next|previous|prior|other|original|older|newer|last) (?:sessions?|versions?)|earlier|later|both|originally|introduced)\b|会话|那次|哪次|第一次|后来|当初|最早/;

/** Whether a question is about more than one session. */
export const spansSessions = (text: string): boolean => ACROSS.test(text.toLowerCase().slice(0, 500));

/**
 * Text stating a version: a name with its number (`Python 3.11.7`, `GNU Make 4.3`,
 * `Valgrind-3.19.0`) or a three-part number.
 */
const VERSION_LINE = /\b[a-z][\w+]*[ -]v?\d+\.\d+(?:\.\d+)*\b|\b\d+\.\d+\.\d+\b/i;

/**
 * The kinds of value a question can ask for by name, and what text stating one looks like: a
 * version, an address (IP, URL, host:port), a constant (`UPPER_SNAKE`), a test by its name, a port,
 * a size with its unit, a duration with its unit; and a function, method, constructor, field or
 * helper: a line of code declaring one (`def load(path):`, `struct stanza {`) or calling one
 * (`Pool::new(4, 2)`). The first kind asked for wins.
 */
const VALUES: Array<[asked: RegExp, stated: RegExp]> = [
  [/\bversions?\b|版本/, VERSION_LINE],
  [
    /\b(?:address(?:es)?|ips?|hosts?|urls?)\b|地址/,
    /\b\d{1,3}(?:\.\d{1,3}){3}(?::\d+)?\b|\bhttps?:\/\/[^\s'"`)]+|\blocalhost:\d+/i,
  ],
  [/\b(?:constants?|env(?:ironment)? var\w*)\b|常量|环境变量/, /\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b/],
  [/\b(?:which|what) (?:\w+ )?tests?\b|哪个测试|用例/, /\btest_\w+|\w+::tests::\w+|\b(?:it|test)\(['"`]/],
  [
    /\bports?\b|端口/,
    // `:8087`, `port 8087`, and as code and config set one: `PORT=8087`, `KUCUN_PORT ?? 8087`,
    // `"port": 8087`, `| KUCUN_PORT | 8087 |`.
    /\b(?:localhost|\d{1,3}(?:\.\d{1,3}){3})?:\d{2,5}\b|(?:\b|_)port\b["'`]?\s*(?:[:=|,]|\?\?|\|\|)?\s*["'`]?\d{2,5}\b/i,
  ],
  [/\b(?:sizes?|threshold|how big)\b|大小/, /\b\d+(?:\.\d+)?\s?(?:[kmgt]i?b|[kmg]\b|bytes?)/i],
  [
    /\b(?:timeouts?|intervals?|how long|how often|delays?|ttl)\b|间隔|超时/,
    /\b\d+(?:\.\d+)?\s?(?:ms|s|secs?|seconds?|min|minutes?|h|hours?|days?)\b/i,
  ],
  [
    /\b(?:functions?|methods?|fields?|declar\w*|signatures?|constructors?|structs?|helpers?|parameters?|arguments?)\b|函数|方法|参数|字段/,
    /\b(?:fn|def|function|class|struct|enum|interface|impl|const|let|var|pub)\s+[\w<]|\b\w+(?:::\w+)*\([^()\n]{0,60}\)/,
  ],
];

/**
 * "How many tests passed", "一共几个测试": a count of tests, stated by a test runner either way round
 * (`7 tests, 0 failed`, `Ran 8 tests`, `ℹ pass 11`, `test result: ok. 2 passed`, `18 个测试全过`).
 */
const TEST_COUNT: [asked: RegExp, stated: RegExp] = [
  /\bhow many (?:[a-z-]+ ){0,2}(?:tests?|checks?|cases?)\b|(?:多少|几)\s*个?\s*(?:测试|用例)/,
  /\b(?:tests?|pass|fail)\s+\d+\b|\b\d+\s+(?:[a-z]+ )?(?:tests?|checks?)\b|\b\d+ passed\b|\d+\s*个?\s*(?:测试|用例)/i,
];

/** "how many unit tests", "how much memory": the words counted. */
const COUNTED = /\bhow (?:many|much)\s+([a-z][\w-]*)(?:\s+([a-z][\w-]*))?/;

/**
 * The line a question asks for, or null: for a question naming a kind of value (`VALUES`), one
 * that states such a value; for "how many X", a number with X (`5 tests`, `40 pages`), and for a
 * count of tests also what a test runner prints (`TEST_COUNT`).
 */
export function wantedLine(text: string): RegExp | null {
  const t = text.toLowerCase().slice(0, 500);
  for (const [asked, stated] of VALUES) if (asked.test(t)) return stated;
  const m = COUNTED.exec(t);
  const counted = (m ? [m[1]!, m[2]] : [])
    .filter((w): w is string => w !== undefined && w.length >= 3 && !STOP.has(w))
    .map(stemPrefix);
  const alone = counted.length > 0 ? `\\b\\d[\\d,.]*\\s*(?:[a-z]+ )?(?:${counted.join('|')})` : null;
  if (TEST_COUNT[0].test(t))
    return alone ? new RegExp(`${TEST_COUNT[1].source}|${alone}`, 'i') : TEST_COUNT[1];
  return alone ? new RegExp(alone, 'i') : null;
}

const INTENT_PATTERNS: Array<[Intent, RegExp]> = [
  // "Why did X fail / get rejected": the error is the reason asked for.
  [
    'failure',
    /\bwhy (?:did|does|do|was|is|were|would|has|had)\b.{0,80}\b(?:fail\w*|break\w*|broke\w*|crash\w*|reject\w*|refus\w*|denied|error\w*)\b|为什么.{0,40}(?:失败|报错|崩溃|错误|出错)/,
  ],
  // "X was rejected at first. Why?": the failure named before the why.
  ['failure', /\b(?:fail\w*|broke\w*|crash\w*|reject\w*|refus\w*|denied)\b.{0,60}\bwhy\b/],
  // Any other "why …" asks for a reason, whatever else the question says, as does "what was X
  // (added) for?".
  ['decision', /\bwhy\b|为什么/],
  [
    'decision',
    /\bwhat (?:was|were|is|are)\b.{1,80}\b(?:for|to find out)\s*\??\s*$|\bwhat for\b|为了什么|用来(?:做|干)什么|干什么用/,
  ],
  // What was asked for or meant: the prompt (or the task given to an agent) holds the answer.
  [
    'ask',
    /\b(?:what|which) (?:did|do|was|were) (?:i|we|you)\b.{0,40}\b(?:ask\w*|want\w*|request\w*|trying|mean\w*|tell|told)\b|\bdid (?:i|we) (?:say|ask|want|tell|mention|describe|request)\b|\b(?:supposed|meant) to\b|\bwhat was the (?:plan|idea|goal|point|purpose)\b/,
  ],
  [
    'decision',
    /\b(?:why|decid\w*|decision\w*|chose|choos\w*|chosen|reason\w*|rationale|intend\w*|plan(?:ned)?)\b|原因|决定|选择|理由|方案/,
  ],
  [
    'failure',
    /\b(?:broke\w*|break\w*|fail\w*|error\w*|fix\w*|bugs?|crash\w*|wrong|reject\w*|refus\w*|denied)\b|错误|失败|报错|崩溃|修复|异常|出错/,
  ],
  // "Where is the config parsing implemented?", "where are the release notes?": a place in the tree.
  ['file', /^\s*where(?:'s| is| are| do| does)\b/],
  [
    'command',
    /\b(?:command\w*|how (?:do|did|can|could|would|should) (?:i|we|you) (?:run|check|start|build|test|measure|reproduce|benchmark|profile|verify|confirm|trigger|time|count|see|list|find|search|grep|look for|locate)|ran|run)\b|命令|运行|执行|(?:怎么|如何|怎样)(?:确认|验证|测|跑|复现|检查|看|查|搜|找)/,
  ],
  [
    'order',
    /\b(?:first|next|after|before|then|earlier|later|previous\w*|began|following)\b|之后|之前|然后|首先|后来/,
  ],
  ['file', /\b(?:which|what) (?:\w+ )?(?:file|files|path|module|component|page)s?\b|\bfile\b|文件|路径|目录/],
];

/** The intent of a question (first pattern that matches, in the order above), or null. */
export function classify(text: string): Intent | null {
  const t = text.toLowerCase().slice(0, 500);
  for (const [intent, re] of INTENT_PATTERNS) if (re.test(t)) return intent;
  return null;
}

/**
 * "Why did we drop the cache?": the verb is how the asker remembers the action, and the memory that
 * answers often words it otherwise ("removed the cache"): it is optional, the object required.
 */
const WHY_VERB = /\bwhy (?:did|do|does|would|should|have|had|were|are) (?:we|i|you|they)\s+([a-z][a-z-]*)/;

const NO_SCOPE: ReadonlySet<string> = new Set();
/** "What is X", "what's X for", "what does X do", "tell me about X", X 是什么, X 是干什么的. */
const DESCRIBE =
  /^\s*(?:what(?:'s| is| was| does| did)\b|tell me about\b|describe\b)|是(?:什么|干什么|做什么)|(?:做|干)什么(?:用)?的/i;
/**
 * The intents whose frame words say what is asked for ("run the tests", "which file", "what
 * broke"); "the last thing we did" says when, and is answered by the project's newest memories.
 */
const SCOPED: ReadonlySet<Intent | null> = new Set(['command', 'file', 'failure']);

/** Common verbs among the stop words: in a question they carry nothing; in a command they are one. */
const VERBS = new Set([
  'make',
  'made',
  'use',
  'used',
  'using',
  'get',
  'got',
  'gets',
  'let',
  'do',
  'does',
  'done',
]);
/** "How many", "how much": a count. */
const COUNT = /\bhow (?:many|much)\b/i;
const COUNTING = new Set(['many', 'much']);
/**
 * "How many tests are there?", "how many files did we change?": a count of what the frame words
 * name. `many` is not looked for (it would find `too_many_requests` and "however many links").
 */
const countsFrame = (text: string, tokens: string[]): boolean =>
  COUNT.test(text.slice(0, 500)) &&
  tokens.some((t) => t in FRAME) &&
  tokens.every((t) => COUNTING.has(t) || t in FRAME || STOP.has(t));

/** Words that make a question of what is typed, in English and in Chinese. */
const ASKING =
  /[?？]|\b(?:what|which|when|where|who|whom|whose|why|how|did|does|do|is|are|was|were|can|could|should|i|we|you)\b|怎么|怎样|如何|什么|哪|为什么|为何|是否|多少|几|吗|呢|我/;

/**
 * A query typed as keywords (three words at most, not a question: "make", "make test", "use
 * strict"), not asked as a question ("what did we make?"): every word counts.
 */
const keywords = (text: string, tokens: string[]): boolean =>
  tokens.length <= 3 && !ASKING.test(text.toLowerCase().slice(0, 200));

/**
 * Splits a question's words into required and optional ones and classifies it. `scope`: the words
 * of the project the search is confined to, when the question names it (named-project.ts).
 */
export function readQuestion(
  text: string,
  tokens: string[],
  scope: ReadonlySet<string> = NO_SCOPE,
): QueryWords {
  const required: string[] = [];
  const optional: string[] = [];
  const verb = WHY_VERB.exec(text.toLowerCase().slice(0, 500))?.[1];
  const typed = keywords(text, tokens);
  const counts = countsFrame(text, tokens);
  for (const t of tokens) {
    // Typed as keywords ("make test", "npm test"), a verb or a frame word is the thing looked for.
    if (typed && (t in FRAME || VERBS.has(t))) required.push(t);
    else if (STOP.has(t) || (counts && COUNTING.has(t))) continue;
    else if (t in FRAME || t === verb) optional.push(t);
    else required.push(t);
  }
  const asks = {
    intent: classify(text),
    result: asksResult(text),
    wants: wantedLine(text),
    spans: spansSessions(text),
    artifact: asksArtifact(text),
    typed,
    howTo: asksHowTo(text),
  };
  // "What is turnstile?", "what does anchorage do?", "what is kucun for?": the project itself, named
  // and nothing else, is described by what it was asked to be (its first ask), not by the commits
  // and commands that repeat its name.
  const describes =
    (asks.intent === null || (asks.intent === 'decision' && !/\bwhy\b|为什么/.test(text))) &&
    required.length > 0 &&
    required.every((t) => scope.has(t)) &&
    DESCRIBE.test(text);
  if (describes) return { required, optional, ...asks, intent: 'ask', describes };
  // Nothing but frame words ("what broke?", "tests"): those are what is asked for. So too when the
  // only other words name the project searched ("how do I run the tests for logrot"): the name is
  // where to look, and every memory that mentions it would match as well as the one that answers.
  if (required.length === 0) return { required: optional, optional: [], ...asks };
  if (optional.length > 0 && SCOPED.has(asks.intent) && required.every((t) => scope.has(t)))
    return { required: optional, optional: required, ...asks };
  return { required, optional, ...asks };
}

/** The types of the memories of what was written into the project's files … */
export const WRITTEN: ReadonlySet<string> = new Set(['change', 'feature', 'refactor']);
/** … and how much more they weigh for a question asking which file (or what the code does). */
export const WRITTEN_BOOST = 2;

/** Multiplier for a hit of `kind`/`type` given the question's intent (1 when it says nothing). */
export function intentBoost(
  intent: Intent | null,
  kind: string,
  type: string | null,
  toolName: string | null,
  title: string,
): number {
  if (intent === null) return 1;
  const t = type ?? '';
  switch (intent) {
    case 'file':
      if (WRITTEN.has(t)) return WRITTEN_BOOST;
      if (t === 'episode' || t === 'bugfix') return 1.4;
      return /[\w-]+\.[a-z0-9]{1,6}\b|\//i.test(title) ? 1.2 : 1;
    case 'command':
      // A search of the code (Grep, Glob) is what "how did we find…" asks for.
      if (t === 'command' || t === 'test' || t === 'build' || toolName === 'Bash') return 2;
      if (toolName === 'Grep' || toolName === 'Glob') return 2;
      if (t === 'failure' || t === 'bugfix') return 1.5;
      return t === 'episode' ? 1.3 : 1;
    case 'decision':
      if (t === 'decision') return 3;
      if (t === 'episode' || t === 'compaction') return 2;
      if (kind === 'summary') return 1.6;
      return kind === 'prompt' ? 1.4 : 1;
    case 'failure':
      if (t === 'bugfix') return 3;
      if (t === 'failure') return 2.5;
      if (t === 'test' || t === 'episode') return 1.5;
      return kind === 'summary' ? 1.3 : 1;
    case 'ask':
      if (kind === 'prompt') return 2.2;
      if (t === 'episode') return 2;
      if (t === 'delegation') return 1.6;
      if (t === 'decision') return 1.4;
      return kind === 'summary' ? 1.3 : 1;
    case 'order':
      if (t === 'episode') return 2.5;
      if (kind === 'prompt') return 1.5;
      return t === 'compaction' ? 1.3 : 1;
  }
}

/**
 * What is left of a question once the words that kept its search to a span were taken out
 * ("last time", "yesterday"): `rest` when it still asks for something, else '' (the span's newest
 * memories answer it). The name of the `project` searched only says where ("where did we leave off
 * in logrot"), not what.
 */
export function leftToAsk(rest: string, project?: string): string {
  const { tokens, raw } = parseQuery(rest);
  const where = new Set(project === undefined ? [] : parseQuery(project).tokens);
  const words = tokens.filter((w) => !where.has(w));
  return readQuestion(raw, words).required.length > 0 ? rest : '';
}
