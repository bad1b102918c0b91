/**
 * bench/redact: time of the whole redactor (every built-in rule + the high-entropy pass) on 10 MB of
 * each rule's worst case (tests/proof/privacy/adversarial.ts), on 10 MB of all of them mixed, and on
 * 10 MB of ordinary corpus text; and of custom patterns on RE2 against the review's hostile
 * patterns. Prints JSON (ms and MB/s). The linearity proof (tests/proof/privacy/linear.test.ts)
 * runs the same inputs with a generous timeout; the figures are here.
 *
 *   npx tsx bench/redact/run.ts [--mb 10] [--only <rule>]
 */
import { parseArgs } from 'node:util';
import { redactSecrets } from '../../electron/core/privacy/redact.js';
import { loadCorpusEvents } from '../../tests/helpers/corpus.js';
import { ADVERSARIES, fill } from '../../tests/proof/privacy/adversarial.js';

const { values } = parseArgs({
  options: { mb: { type: 'string', default: '10' }, only: { type: 'string' } },
});
const SIZE = Math.round(Number(values.mb) * 1024 * 1024);

function time(text: string, patterns: string[] = []): number {
  const t0 = performance.now();
  redactSecrets(text, { customRedactPatterns: patterns });
  return Math.round((performance.now() - t0) * 10) / 10;
}
const rate = (ms: number): number => Math.round((SIZE / 1024 / 1024 / (ms / 1000)) * 10) / 10;

time(fill('warm up AKIA sk-ant- password: x ', 1 << 20)); // JIT warm-up
const perRule: Array<{ rule: string; name: string; ms: number; mbPerS: number }> = [];
for (const a of ADVERSARIES) {
  if (values.only && a.rule !== values.only) continue;
  const ms = time(fill(a.unit, SIZE));
  perRule.push({ rule: a.rule, name: a.name, ms, mbPerS: rate(ms) });
}
perRule.sort((x, y) => y.ms - x.ms);
const part = Math.floor(SIZE / ADVERSARIES.length);
const mixed = time(ADVERSARIES.map((a) => fill(a.unit, part)).join('\n'));
let corpus = '';
for (const e of loadCorpusEvents()) {
  corpus += JSON.stringify(e.payload) + '\n';
  if (corpus.length > 4 << 20) break;
}
const ordinary = time(fill(corpus, SIZE));
const hostile = [
  ['\\w*\\w*\\w*\\w*\\w*\\w*:', fill('a', SIZE)],
  ['.*password.*', fill(`${'x'.repeat(30_000)}\n`, SIZE)],
  ['.*password.*', fill(`${'x'.repeat(300)} password\n`, SIZE)],
] as const;
const custom = hostile.map(([p, text]) => ({ pattern: p, ms: time(text, [p]) }));
console.log(
  JSON.stringify(
    {
      sizeMB: SIZE / 1024 / 1024,
      node: process.version,
      wholeRuleSet: { mixedAdversarialMs: mixed, ordinaryCorpusTextMs: ordinary },
      slowestAdversaries: perRule.slice(0, 10),
      allAdversariesUnderMs: perRule.length ? perRule[0]!.ms : null,
      customPatternsOnRe2: custom,
    },
    null,
    2,
  ),
);
