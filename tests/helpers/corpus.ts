/** Loads the real recorded Claude Code hook logs in ../shared/corpus (see its README). */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { CORPUS_DIR } from './service.js';

export interface CorpusEvent {
  /** Folder the log came from, e.g. dylan-gluck__spcstr. */
  source: string;
  eventName: string;
  payload: Record<string, unknown>;
  /** When the hook fired (spcstr's wrapper records it; attio's bare payloads do not). */
  timestamp: number | null;
}

const FILE_EVENTS: Record<string, string> = {
  'notification.json': 'Notification',
  'post_tool_use.json': 'PostToolUse',
  'pre_tool_use.json': 'PreToolUse',
  'session_end.json': 'SessionEnd',
  'session_start.json': 'SessionStart',
  'stop.json': 'Stop',
  'subagent_stop.json': 'SubagentStop',
  'user_prompt_submit.json': 'UserPromptSubmit',
  'pre_compact.json': 'PreCompact',
};

/** Every hook payload of the corpus, unwrapped (spcstr wraps them in `{input_data}`), per file order. */
export function loadCorpusEvents(): CorpusEvent[] {
  const out: CorpusEvent[] = [];
  for (const source of readdirSync(CORPUS_DIR)) {
    const dir = join(CORPUS_DIR, source);
    if (!statSync(dir).isDirectory()) continue;
    for (const sub of readdirSync(dir)) {
      const subDir = join(dir, sub);
      if (!statSync(subDir).isDirectory()) continue;
      for (const file of readdirSync(subDir)) {
        const eventName = FILE_EVENTS[file];
        if (!eventName) continue;
        const arr = JSON.parse(readFileSync(join(subDir, file), 'utf8')) as Array<Record<string, unknown>>;
        for (const el of arr) {
          const wrapped = el.input_data !== null && typeof el.input_data === 'object';
          const payload = (wrapped ? el.input_data : el) as Record<string, unknown>;
          const ts = wrapped && typeof el.timestamp === 'string' ? Date.parse(el.timestamp) : NaN;
          out.push({ source, eventName, payload, timestamp: Number.isFinite(ts) ? ts : null });
        }
      }
    }
  }
  return out;
}

/**
 * The corpus in the order the hooks fired: timestamped events sorted by time (stable), then the
 * others in file order. Replaying this order gives prompts before their tool calls.
 */
export function loadCorpusTimeline(): CorpusEvent[] {
  const all = loadCorpusEvents();
  const timed = all.filter((e) => e.timestamp !== null).sort((a, b) => a.timestamp! - b.timestamp!);
  return [...timed, ...all.filter((e) => e.timestamp === null)];
}

export function transcriptFiles(): string[] {
  const dir = join(CORPUS_DIR, 'marot__spotter');
  const out: string[] = [];
  const walk = (d: string): void => {
    for (const f of readdirSync(d)) {
      const p = join(d, f);
      if (statSync(p).isDirectory()) walk(p);
      else if (f.endsWith('.jsonl')) out.push(p);
    }
  };
  walk(dir);
  return out.sort();
}
