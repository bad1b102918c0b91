/** Human titles for what has no structured title yet (raw observations, summaries, prompts). */

export function oneLine(s: string, max: number): string {
  const t = s.replace(/\s+/g, ' ').trim();
  return t.length > max ? `${t.slice(0, max - 1).trimEnd()}…` : t;
}

/** `Read /src/app.ts`, `Bash npm test`: the tool and the first thing its input names. */
export function observationTitle(o: {
  title: string | null;
  toolName: string;
  input?: string | null;
}): string {
  if (o.title && o.title.trim() !== '') return oneLine(o.title, 160);
  const input = o.input ? oneLine(o.input, 120) : '';
  return input ? `${o.toolName} ${input}` : o.toolName;
}

export function summaryTitle(s: { request: string | null; completed?: string | null }): string {
  return oneLine(s.request ?? s.completed ?? 'Session summary', 160);
}

export function promptTitle(prompt: string): string {
  return oneLine(prompt, 120);
}
