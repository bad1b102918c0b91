/**
 * A day a question names on the calendar ("on November 3", "Nov 3rd", "3 November", "2026-11-03",
 * 11月3日) or by its weekday ("on Tuesday", "last Friday", 周二, 上周五). A date without a year is
 * the latest one not after today. A weekday is the latest one before today: today is "today".
 * 上周五 is the Friday of last week. All in local time, as the memories' days are shown.
 */

const MONTH_NAMES = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const ZH_WEEKDAYS = '日一二三四五六';

const MONTH =
  '(january|february|march|april|may|june|july|august|september|october|november|december|' +
  'jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)\\.?';
const DAY = '(\\d{1,2})(?:st|nd|rd|th)?';
/** "November 3", "Nov. 3rd"; not "Nov 3.5" nor "nov 3:15". */
const MONTH_DAY = new RegExp(`\\b${MONTH} ${DAY}\\b(?![.:,]\\d)`, 'i');
/** "3 November", "3rd of November": the month written out. */
const DAY_MONTH = new RegExp(`\\b${DAY} (?:of )?(${MONTH_NAMES.join('|')})\\b`, 'i');
const ISO = /\b(20\d\d)-(\d\d)-(\d\d)\b/;
const ZH_DATE = /(?:(\d{4})年)?(\d{1,2})月(\d{1,2})[日号]/;
const DAYS = WEEKDAYS.join('|');
/**
 * "On Tuesday", "last Friday", "Monday morning", "what did we do monday?"; not "every Monday" nor
 * "the Monday report".
 */
const WEEKDAY = new RegExp(
  `\\b(?:(?:last|on|this past) (${DAYS})\\b|(?<!\\b(?:every|each|next|until|till|by|before|after) )(${DAYS})(?= (?:morning|afternoon|evening|night)\\b|\\s*[?.!]?\\s*$))`,
  'i',
);
/** "Since November 3": from that day through today. */
const SINCE = /\bsince (?:the )?$/i;
const ZH_WEEKDAY = new RegExp(`(上)?(?:周|星期|礼拜)([${ZH_WEEKDAYS}天])`);

/** Local midnight `offset` days from `day`'s. */
export const dayAt = (day: Date, offset: number): Date =>
  new Date(day.getFullYear(), day.getMonth(), day.getDate() + offset);

/** Days from `day` back to the Monday of its week (0 on a Monday): weeks start on Monday. */
export const sinceMonday = (day: Date): number => (day.getDay() + 6) % 7;

interface Named {
  day: Date;
  said: string;
}

/**
 * The days `question` names (one, or from a day through today after "since") and the words that
 * name them, or null. `today`: local midnight.
 */
export function namedDays(question: string, today: Date): { first: Date; last: Date; said: string } | null {
  const q = question.slice(0, 500);
  const named = calendarDate(q, today) ?? weekday(q, today);
  if (named === null) return null;
  const before = SINCE.exec(q.slice(0, q.indexOf(named.said)));
  if (before) return { first: named.day, last: today, said: `${before[0]}${named.said}` };
  return { first: named.day, last: named.day, said: named.said };
}

function calendarDate(q: string, today: Date): Named | null {
  const iso = ISO.exec(q);
  if (iso) return dated(Number(iso[1]), Number(iso[2]), Number(iso[3]), iso[0], today);
  const zh = ZH_DATE.exec(q);
  if (zh) return dated(zh[1] ? Number(zh[1]) : null, Number(zh[2]), Number(zh[3]), zh[0], today);
  const md = MONTH_DAY.exec(q);
  // "may" is a word before it is a month: only "May 3" as written.
  if (md && !(md[1] === 'may' || md[1] === 'MAY'))
    return dated(null, monthOf(md[1]!), Number(md[2]), md[0], today);
  const dm = DAY_MONTH.exec(q);
  if (dm) return dated(null, monthOf(dm[2]!), Number(dm[1]), dm[0], today);
  return null;
}

const monthOf = (name: string): number =>
  MONTH_NAMES.findIndex((m) => m.startsWith(name.toLowerCase().slice(0, 3))) + 1;

/** The date, when it is one (no 31 February); without a year, the latest not after today. */
function dated(year: number | null, month: number, day: number, said: string, today: Date): Named | null {
  const on = (y: number): Date => new Date(y, month - 1, day);
  let d = on(year ?? today.getFullYear());
  if (year === null && d > today) d = on(today.getFullYear() - 1);
  if (d.getMonth() !== month - 1 || d.getDate() !== day) return null;
  return { day: d, said };
}

function weekday(q: string, today: Date): Named | null {
  const en = WEEKDAY.exec(q);
  const zh = en ? null : ZH_WEEKDAY.exec(q);
  const m = en ?? zh;
  if (!m) return null;
  const wanted = en
    ? WEEKDAYS.indexOf((en[1] ?? en[2])!.toLowerCase())
    : ZH_WEEKDAYS.indexOf(zh![2]!.replace('天', '日'));
  // 上周五: that day of last week.
  if (zh?.[1]) return { day: dayAt(today, -sinceMonday(today) - 7 + ((wanted + 6) % 7)), said: m[0] };
  const back = (today.getDay() - wanted + 7) % 7 || 7;
  return { day: dayAt(today, -back), said: m[0] };
}
