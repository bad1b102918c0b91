import type { Usage } from '@shared/api';
import { Empty, Progress } from '@/components/ui';
import { num } from '@/format';

interface DayTotal {
  day: string;
  requests: number;
  tokens: number;
  input: number;
  output: number;
}

export function byDay(u: Usage): DayTotal[] {
  const m = new Map<string, DayTotal>();
  for (const d of u.days) {
    const t = m.get(d.day) ?? { day: d.day, requests: 0, tokens: 0, input: 0, output: 0 };
    t.requests += d.requests;
    t.input += d.inputTokens + d.cacheReadTokens + d.cacheWriteTokens;
    t.output += d.outputTokens;
    t.tokens = t.input + t.output;
    m.set(d.day, t);
  }
  return [...m.values()].sort((a, b) => b.day.localeCompare(a.day));
}

/** Today against the daily budget, then tokens per day as bars. */
export function UsagePanel({ usage }: { usage: Usage }) {
  const days = byDay(usage);
  const max = Math.max(1, ...days.map((d) => d.tokens));
  const t = usage.today;
  return (
    <div className="usage">
      <p>
        Today: <b>{num(t.used)}</b> of {num(t.budget)} tokens{' '}
        {t.exhausted && <span className="warn-note">— budget reached, compression waits until tomorrow</span>}
      </p>
      <Progress value={t.used} max={t.budget} label="Today's token usage against the daily budget" />
      {days.length === 0 ? (
        <Empty title="No model usage yet">
          <p>Usage appears once tool calls are compressed with your API key.</p>
        </Empty>
      ) : (
        <table className="usage-table">
          <caption className="sr-only">Tokens per day</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Requests</th>
              <th scope="col">Tokens</th>
              <th scope="col" aria-hidden="true" />
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.day}>
                <td>{d.day}</td>
                <td className="num">{num(d.requests)}</td>
                <td className="num" title={`in ${num(d.input)} / out ${num(d.output)}`}>
                  {num(d.tokens)}
                </td>
                <td className="bar-cell" aria-hidden="true">
                  <div className="bar" style={{ width: `${Math.round((d.tokens / max) * 100)}%` }} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
