/**
 * Hook payloads for the tests, from two places:
 * - the project's own recording (tests/fixtures/hooks/pricebook.hooks.jsonl: every payload the real
 *   Claude Code CLI sent during the four pricebook sessions, see tests/fixtures/record/), always there;
 * - the shared corpus in ../shared/corpus (see its README), only beside a full checkout.
 * Tests that only need real payloads use `loadHookEvents()` (the fixtures, plus the corpus when it is
 * there); tests about the shared corpus itself skip with `SHARED_CORPUS_SKIP` when it is absent.
 */
import { DEFAULT_SKIP_TOOLS } from '../../electron/shared/contract/tools.js';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { CORPUS_DIR } from './service.js';

/** The project's own recorded fixtures (hooks/ and transcripts/). */
export const FIXTURES_DIR = join(process.cwd(), 'tests', 'fixtures');
export const FIXTURE_HOOKS = join(FIXTURES_DIR, 'hooks', 'pricebook.hooks.jsonl');
export const FIXTURE_TRANSCRIPTS = join(FIXTURES_DIR, 'transcripts', 'pricebook');

/** Whether ../shared/corpus is beside the repository (a bare clone does not have it). */
export const hasSharedCorpus = existsSync(CORPUS_DIR);
/** The reason given by tests that skip without it. */
export const SHARED_CORPUS_SKIP = `needs the shared corpus, not found at ${CORPUS_DIR}`;

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

/** Every hook payload of the shared corpus (none when it is absent), unwrapped (spcstr wraps them in `{input_data}`), per file order. */
export function loadCorpusEvents(): CorpusEvent[] {
  const out: CorpusEvent[] = [];
  if (!hasSharedCorpus) return out;
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

/** The project's own recorded hook payloads (source 'pricebook'), in the order the hooks fired. */
export function loadFixtureEvents(): CorpusEvent[] {
  return readFileSync(FIXTURE_HOOKS, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => {
      const payload = JSON.parse(l) as Record<string, unknown>;
      return { source: 'pricebook', eventName: String(payload.hook_event_name), payload, timestamp: null };
    });
}

/** Real payloads for tests that need no particular corpus: the fixtures, then the shared corpus if any. */
export function loadHookEvents(): CorpusEvent[] {
  return [...loadFixtureEvents(), ...(hasSharedCorpus ? loadCorpusEvents() : [])];
}

/** `loadHookEvents()` in firing order: the fixtures (recorded in order), then the corpus's timeline. */
export function loadHookTimeline(): CorpusEvent[] {
  return [...loadFixtureEvents(), ...(hasSharedCorpus ? loadCorpusTimeline() : [])];
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
  if (!hasSharedCorpus) return out;
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

/** Whether an event is a call of a tool on the default never-captured list (nothing of it is journaled). */
export function neverCaptured(e: CorpusEvent): boolean {
  const tool = e.payload.tool_name;
  return typeof tool === 'string' && DEFAULT_SKIP_TOOLS.includes(tool);
}
