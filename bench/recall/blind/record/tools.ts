/** Builders for the scripted tool calls of one project, with paths under its folder. */
import { join } from 'node:path';
import type { Step } from './types.js';

export type Tool = NonNullable<Step['tool']>;

export interface GrepOptions {
  path?: string;
  glob?: string;
  mode?: 'content' | 'files_with_matches' | 'count';
  context?: number;
  ignoreCase?: boolean;
}

export interface Tools {
  /** The absolute path of a file in the project. */
  p(rel: string): string;
  write(rel: string, content: string): Tool;
  read(rel: string, range?: { offset: number; limit: number }): Tool;
  edit(rel: string, oldString: string, newString: string, all?: boolean): Tool;
  bash(command: string, description: string, timeoutMs?: number): Tool;
  grep(pattern: string, opts?: GrepOptions): Tool;
  glob(pattern: string): Tool;
  agent(description: string, prompt: string, subagentType?: string): Tool;
}

function grepInput(pattern: string, opts: GrepOptions, p: (rel: string) => string): Record<string, unknown> {
  const input: Record<string, unknown> = { pattern, output_mode: opts.mode ?? 'content' };
  if (opts.path) input.path = p(opts.path);
  if (opts.glob) input.glob = opts.glob;
  if (opts.context) input['-C'] = opts.context;
  if (opts.ignoreCase) input['-i'] = true;
  if ((opts.mode ?? 'content') === 'content') input['-n'] = true;
  return input;
}

export function tools(dir: string): Tools {
  const p = (rel: string): string => (rel === '.' ? dir : join(dir, rel));
  return {
    p,
    write: (rel, content) => ({ name: 'Write', input: { file_path: p(rel), content } }),
    read: (rel, range) => ({ name: 'Read', input: { file_path: p(rel), ...range } }),
    edit: (rel, oldString, newString, all = false) => ({
      name: 'Edit',
      input: {
        file_path: p(rel),
        old_string: oldString,
        new_string: newString,
        ...(all ? { replace_all: true } : {}),
      },
    }),
    bash: (command, description, timeoutMs) => ({
      name: 'Bash',
      input: { command, description, ...(timeoutMs ? { timeout: timeoutMs } : {}) },
    }),
    grep: (pattern, opts = {}) => ({ name: 'Grep', input: grepInput(pattern, opts, p) }),
    glob: (pattern) => ({ name: 'Glob', input: { pattern, path: dir } }),
    agent: (description, prompt, subagentType = 'Explore') => ({
      name: 'Agent',
      input: { description, prompt, subagent_type: subagentType },
    }),
  };
}
