/** The shape of the blind set's scripted work: projects, their sessions, and each session's prompts. */
import type { Step, ToolOutcome, Turn } from '../../../../tests/fixtures/record/scripted-model.js';

export type { Step, ToolOutcome, Turn };

/** One `claude -p` run: a prompt and the assistant's scripted answer to it. */
export interface Prompt {
  /** `new` starts the session; later prompts `continue` the latest session or `resume` this one. */
  mode: 'new' | 'continue' | 'resume';
  prompt: string;
  /** Minutes between the end of the session's previous run and this prompt (default 4). */
  gapMin?: number;
  turn: Omit<Turn, 'key'>;
  /** Scripted turns of subagents this run starts, keyed by their task text. */
  subagents?: Turn[];
}

export interface Session {
  /** A label unique across the blind set, e.g. `anchorage-1-scaffold`. */
  label: string;
  /** When the session starts (UTC, ISO 8601): the recorded clock is set to it. */
  start: string;
  prompts: Prompt[];
}

export interface Project {
  /** The project's folder name under the recording root, and its transcripts folder. */
  name: string;
  sessions(dir: string): Session[];
}
