/**
 * Generates memories into a migrated MemTray database: sessions across a few projects, each with
 * prompts, observations (structured fields as compression writes them, plus the raw tool input)
 * and a summary. Text is recombined from the corpus templates (see corpus-text.ts); a seeded PRNG
 * makes a given (seed, n) reproducible.
 *
 * Built the way ingest builds it: every tool call also leaves its hook event (the payload with the
 * tool's response, as real ingest stores it), rows are committed `perTx` observations at a time
 * (default 1: a live hook's event is projected in its own transaction, so FTS5 gets one small
 * segment per commit, merged in steps after it as the service merges them), and the index is never optimized.
 * Calls older than the retention window (`rawDays`, the default 30) carry what retention leaves of
 * their raw payloads (maintenance/retention.ts), as a data dir that has run for a year does.
 */
import type Database from 'better-sqlite3';
import { IndexMerger } from '../../electron/core/db/index-merge.js';
import { DAY_MS } from '../../electron/core/maintenance/retention.js';
import { compactToolEvent, droppedMarker } from '../../electron/core/maintenance/retention-compact.js';
import type { CorpusText } from './corpus-text.js';

export interface GenerateOptions {
  observations: number;
  projects?: string[];
  /** Observations per session (average). */
  perSession?: number;
  seed?: number;
  /** Time span covered, ending at `endMs`. */
  spanMs?: number;
  endMs?: number;
  onProgress?: (done: number) => void;
  /** Observations per transaction (default 1, as live ingest commits them). */
  perTx?: number;
  /** Raw payloads older than this many days are compacted as retention leaves them (null: kept). */
  rawDays?: number | null;
}

export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const TYPES = ['discovery', 'change', 'bugfix', 'feature', 'refactor', 'decision'];
const VERBS = [
  'Fixed',
  'Added',
  'Refactored',
  'Investigated',
  'Updated',
  'Removed',
  'Renamed',
  'Tested',
  'Documented',
  'Configured',
  'Optimized',
  'Debugged',
];
const TOOLS = ['Read', 'Read', 'Read', 'Edit', 'Edit', 'Bash', 'Bash', 'Write', 'Grep', 'Glob'];

export function generate(
  sqlite: Database.Database,
  text: CorpusText,
  o: GenerateOptions,
): { sessions: number } {
  const r = rng(o.seed ?? 42);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
  // Zipf-ish: index ~ n^(u^2)-1 favours the most frequent identifiers, with a long tail.
  const ident = (): string => text.identifiers[Math.floor(Math.pow(text.identifiers.length, r() * r())) - 1]!;
  const projects = o.projects ?? ['spotter', 'spcstr', 'attio-mcp-server', 'memtray', 'webshop', 'infra'];
  const perSession = o.perSession ?? 40;
  const end = o.endMs ?? Date.now();
  const span = o.spanMs ?? 365 * 24 * 3600 * 1000;
  const step = span / Math.max(1, o.observations);
  const path = (): string => {
    const p = pick(text.paths).split('/');
    if (r() < 0.6) p[p.length - 1] = `${ident()}.${pick(['ts', 'go', 'ex', 'py', 'md', 'json'])}`;
    if (r() < 0.3 && p.length > 2) p[p.length - 2] = ident().toLowerCase();
    return p.join('/');
  };
  const sentence = (): string => pick(text.sentences);
  // Tool responses sized like the corpus's: file reads of a few KB, short command output, patches.
  const lines = (k: number): string =>
    Array.from({ length: k }, () => (r() < 0.5 ? `  ${ident()}(${ident()}, ${ident()});` : sentence())).join(
      '\n',
    );
  const response = (tool: string, file: string, input: Record<string, unknown>): unknown => {
    if (tool === 'Read')
      return {
        type: 'text',
        file: { filePath: file, content: lines(20 + Math.floor(r() * r() * 200)), numLines: 60 },
      };
    if (tool === 'Bash') return { stdout: lines(2 + Math.floor(r() * 25)), stderr: '', interrupted: false };
    if (tool === 'Edit' || tool === 'Write') {
      const before = lines(3 + Math.floor(r() * 8));
      return { filePath: file, oldString: before, newString: `${before}\n${lines(2)}`, structuredPatch: [] };
    }
    return {
      filenames: Array.from({ length: 3 + Math.floor(r() * 20) }, path),
      numFiles: 10,
      pattern: input.pattern,
    };
  };
  const cutoff = o.rawDays === null ? -Infinity : (o.endMs ?? Date.now()) - (o.rawDays ?? 30) * DAY_MS;
  const insEvent = sqlite.prepare(
    'INSERT INTO events (event_name, claude_session_id, payload, source, received_at) VALUES (?, ?, ?, ?, ?)',
  );
  const insSession = sqlite.prepare(`INSERT INTO sessions (claude_session_id, project, cwd, first_prompt,
    prompt_counter, status, started_at, updated_at) VALUES (?, ?, ?, ?, ?, 'completed', ?, ?)`);
  const insPrompt = sqlite.prepare(
    'INSERT INTO user_prompts (session_id, prompt_number, prompt, created_at) VALUES (?, ?, ?, ?)',
  );
  const insObs = sqlite.prepare(`INSERT INTO observations (session_id, prompt_number, tool_name, tool_input,
    tool_response, cwd, created_at, updated_at, type, title, subtitle, facts, narrative, concepts, files_read,
    files_modified, produced_by, status) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'rules', 'processed')`);
  const insSummary = sqlite.prepare(`INSERT INTO session_summaries (session_id, prompt_number, request,
    investigated, learned, completed, next_steps, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const insProject = sqlite.prepare(
    'INSERT OR IGNORE INTO projects (name, root_path, created_at, last_activity_at) VALUES (?, ?, ?, ?)',
  );
  for (const p of projects) insProject.run(p, `/home/dev/${p}`, end - span, end);

  let done = 0;
  let sessions = 0;
  const perTx = Math.max(1, o.perTx ?? 1);
  let open = 0;
  // The service merges the index's segments in steps after each projected slice (automerge is
  // off: db/index-merge.ts); a quiet service runs them until none is left.
  const merger = new IndexMerger(sqlite);
  /** Commits every `perTx` observations (and opens the next transaction). */
  const tick = (): void => {
    if (++open < perTx) return;
    sqlite.exec('COMMIT');
    merger.written();
    while (merger.step(3));
    sqlite.exec('BEGIN');
    open = 0;
  };
  const batch = (count: number): void => {
    while (count > 0) {
      const project = pick(projects);
      const cwd = `/home/dev/${project}`;
      const nObs = Math.min(count, Math.max(1, Math.round(perSession * (0.5 + r()))));
      const t0 = end - span + done * step;
      const prompt = r() < 0.5 ? pick(text.prompts) : sentence();
      const claudeId = `gen-${o.seed ?? 42}-${sessions}`;
      const sid = Number(
        insSession.run(claudeId, project, cwd, prompt, 3, t0, t0 + nObs * step).lastInsertRowid,
      );
      sessions++;
      const event = (name: string, at: number, body: Record<string, unknown>): void =>
        void insEvent.run(
          name,
          claudeId,
          JSON.stringify({
            session_id: claudeId,
            transcript_path: `/home/dev/.claude/${claudeId}.jsonl`,
            cwd,
            hook_event_name: name,
            ...body,
          }),
          'http',
          Math.round(at),
        );
      event('SessionStart', t0, { source: 'startup' });
      for (let k = 1; k <= 3; k++) {
        const text = k === 1 ? prompt : sentence();
        insPrompt.run(sid, k, text, t0 + k);
        event('UserPromptSubmit', t0 + k, { prompt: text });
      }
      for (let i = 0; i < nObs; i++) {
        const tool = pick(TOOLS);
        const file = path();
        const input =
          tool === 'Bash'
            ? { command: pick(text.commands), description: sentence().slice(0, 80) }
            : tool === 'Grep' || tool === 'Glob'
              ? { pattern: ident(), path: cwd }
              : { file_path: file };
        const modified = tool === 'Edit' || tool === 'Write';
        const title = `${pick(VERBS)} ${ident()} in ${file.split('/').pop()}`;
        const facts = [sentence(), `${ident()} calls ${ident()} via ${ident()}`];
        const at = Math.round(t0 + i * step);
        const raw = response(tool, file, input);
        const rawText = JSON.stringify(raw);
        const old = at < cutoff;
        const payload = {
          tool_name: tool,
          tool_input: input,
          tool_response: raw,
          tool_use_id: `toolu_${sid}_${i}`,
        };
        const compacted = old ? compactToolEvent('PostToolUse', payload, 1024) : null;
        event('PostToolUse', at, compacted ?? payload);
        insObs.run(
          sid,
          1,
          tool,
          JSON.stringify(input),
          old && rawText.length > 1024 ? droppedMarker(rawText.length) : rawText,
          cwd,
          at,
          at,
          pick(TYPES),
          title,
          sentence().slice(0, 120),
          JSON.stringify(facts),
          `${sentence()} ${sentence()}`,
          JSON.stringify([ident().toLowerCase(), pick(TYPES)]),
          JSON.stringify(modified ? [] : [file]),
          JSON.stringify(modified ? [file] : []),
        );
        tick();
      }
      const last = t0 + nObs * step;
      insSummary.run(
        sid,
        3,
        prompt.slice(0, 300),
        sentence(),
        sentence(),
        `${sentence()} ${sentence()}`,
        sentence(),
        last,
        last,
      );
      event('Stop', last, { last_assistant_message: sentence() });
      event('SessionEnd', last + 1, { reason: 'other' });
      done += nObs;
      count -= nObs;
    }
  };
  sqlite.exec('BEGIN');
  try {
    while (done < o.observations) {
      batch(Math.min(5000, o.observations - done));
      o.onProgress?.(done);
    }
    sqlite.exec('COMMIT');
  } catch (err) {
    if (sqlite.inTransaction) sqlite.exec('ROLLBACK');
    throw err;
  }
  return { sessions };
}
