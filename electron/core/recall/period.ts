/**
 * "What did we do yesterday?", "what changed last week?", 昨天做了什么: a question that names a span
 * of days is a search of that span (local time), with the words that name it left out (no memory
 * says "yesterday" about itself). A question left with no words lists the span's newest memories.
 * Spans: today (this morning, tonight), yesterday, the day before yesterday, N days ago, the last N
 * days, this week and last week (from Monday), this month and last month; in Chinese 今天, 昨天, 前天,
 * N天前, 最近N天, 本周/这周, 上周, 本月/这个月, 上个月. A day named on the calendar or by its weekday
 * ("on November 3", "last Friday", 11月3日, 周五) is one too (named-day.ts).
 */
import { leftToAsk } from './intent.js';
import { numberWord } from './lexicon.js';
import { dayAt, namedDays, sinceMonday } from './named-day.js';
import type { Filters } from './search-sql.js';

/** The span a question names: from `since` to `until` (both inclusive, epoch ms), as it said it. */
export interface Period {
  since: number;
  until: number;
  said: string;
}

const COUNT = '(\\d{1,3}|an?|one|two|three|four|five|six|seven|eight|nine|ten)';
const EN = new RegExp(
  `\\b(?:the day before yesterday|yesterday|today|tonight|this (?:morning|afternoon|evening|week|month)|` +
    `(?:last|past|previous) (?:week|month)|(?:in )?the (?:last|past) ${COUNT} days|${COUNT} days? ago)\\b`,
  'i',
);
const ZH_COUNT = '(\\d{1,3}|[一二两三四五六七八九十]{1,2})';
const ZH = new RegExp(
  `今天|今早|今晚|昨天|昨晚|前天|本周|这周|这个星期|上周|上个?星期|本月|这个月|上个月|最近${ZH_COUNT}天|${ZH_COUNT}天前`,
);

const ZH_DIGITS: Record<string, number> = {
  一: 1,
  二: 2,
  两: 2,
  三: 3,
  四: 4,
  五: 5,
  六: 6,
  七: 7,
  八: 8,
  九: 9,
};

/** A count as written: digits, an English word, or Chinese numerals up to 99 (十, 十二, 二十). */
function count(s: string): number {
  if (/^\d+$/.test(s)) return Number(s);
  const w = /^an?$/i.test(s) ? 1 : numberWord(s.toLowerCase());
  if (w !== undefined) return w;
  const [a, b] = s.split('十');
  if (b === undefined) return ZH_DIGITS[s] ?? 0;
  return (a ? (ZH_DIGITS[a] ?? 0) : 1) * 10 + (b ? (ZH_DIGITS[b] ?? 0) : 0);
}

/** The days the span covers, as [first day, day after the last] at local midnight. */
function days(said: string, n: number, today: Date): [Date, Date] {
  const day = (offset: number): Date => dayAt(today, offset);
  const monday = -sinceMonday(today);
  const month = (offset: number): Date => new Date(today.getFullYear(), today.getMonth() + offset, 1);
  const s = said.toLowerCase();
  if (/day before yesterday|前天/.test(s)) return [day(-2), day(-1)];
  if (/yesterday|昨/.test(s)) return [day(-1), day(0)];
  if (/ago|天前/.test(s)) return [day(-n), day(1 - n)];
  if (/days|最近/.test(s)) return [day(-n), day(1)];
  if (/(?:last|past|previous) week|上/.test(s) && /week|周|星期/.test(s))
    return [day(monday - 7), day(monday)];
  if (/week|周|星期/.test(s)) return [day(monday), day(1)];
  if (/(?:last|past|previous) month|上个月/.test(s)) return [month(-1), month(0)];
  if (/month|月/.test(s)) return [month(0), day(1)];
  return [day(0), day(1)];
}

/** The span of days `question` names, as of `now`, or null when it names none. */
export function periodOf(question: string, now: number): Period | null {
  const today = new Date(now);
  today.setHours(0, 0, 0, 0);
  const named = namedDays(question, today);
  if (named) {
    const { first, last, said } = named;
    return { since: first.getTime(), until: dayAt(last, 1).getTime() - 1, said };
  }
  const m = EN.exec(question) ?? ZH.exec(question);
  if (!m) return null;
  const n = count(m.slice(1).find((g) => g !== undefined) ?? '1');
  if (n < 1 || n > 366) return null;
  const [from, to] = days(m[0], n, new Date(now));
  return { since: from.getTime(), until: to.getTime() - 1, said: m[0] };
}

/**
 * `p` as a search of the span its question names, when it names one and sets no span itself, and
 * that span; `p` itself otherwise. The question keeps its other words, or none when nothing else is
 * asked.
 */
export function inPeriod<P extends Filters & { q: string }>(p: P, now: number): { p: P; period?: Period } {
  if (p.since !== undefined || p.until !== undefined) return { p };
  const period = periodOf(p.q, now);
  if (period === null) return { p };
  const q = leftToAsk(p.q.replace(period.said, ' '));
  return { p: { ...p, q, since: period.since, until: period.until }, period };
}
