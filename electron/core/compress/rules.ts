/**
 * The rule-based extractor (no LLM), after claude-mem's "extraction patterns": file operations,
 * commands, searches, MCP calls and failures become a typed, titled observation with facts and
 * file lists. Deterministic and synchronous: it runs on every observation at insert.
 */
import type { RuleInput, StructuredFields } from '../ingest/ingestor.js';
import { errorGist } from '../memories/error-lines.js';
import { bashOutcome, hiddenFailure, isBuildCommand, isTestCommand, responseText } from './rules-util.js';
import { clip } from '../util/clip.js';
import { asRecord } from '../util/json-text.js';
import { relativeTo } from '../util/paths.js';
import { editedFacts, outputFacts, textFacts, writtenFacts } from './written.js';
import { gitFacts } from './git-facts.js';
import { patchOp } from './patch.js';

const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v : undefined);

const READ_TOOLS = new Set(['Read', 'NotebookRead']);
const SEARCH_TOOLS = new Set(['Grep', 'Glob', 'LS']);
const WEB_TOOLS = new Set(['WebFetch', 'WebSearch']);
const AGENT_TOOLS = new Set(['Task', 'Agent']);
/** Characters kept of a helper agent's instructions and of its report. */
const PROMPT_MAX = 600;
const REPORT_MAX = 1_200;
const MCP_READ = /^(?:get|list|search|read|fetch|find|query|describe|view|show|lookup)/i;

function base(type: string, title: string): StructuredFields {
  return { type, title: clip(title, 120), facts: [], concepts: [], filesRead: [], filesModified: [] };
}

function fileOp(i: RuleInput, input: Record<string, unknown>): StructuredFields | null {
  const path = str(input.file_path) ?? str(input.notebook_path);
  if (!path) return null;
  const short = relativeTo(path, i.cwd);
  if (READ_TOOLS.has(i.toolName)) {
    const out = base('discovery', `Read ${short}`);
    out.filesRead.push(path);
    const file = asRecord(asRecord(i.toolResponse).file);
    const total = typeof file.totalLines === 'number' ? file.totalLines : undefined;
    const num = typeof file.numLines === 'number' ? file.numLines : undefined;
    if (typeof input.offset === 'number' || typeof input.limit === 'number') {
      out.facts.push(
        `Lines ${(input.offset as number | undefined) ?? 1}+${(input.limit as number | undefined) ?? '…'}`,
      );
    }
    if (num !== undefined) out.facts.push(`${num} of ${total ?? num} lines read`);
    out.concepts.push('file-read');
    return out;
  }
  if (i.toolName === 'Write') {
    const content = str(input.content) ?? '';
    const created = asRecord(i.toolResponse).type === 'create';
    const out = base('change', `${created ? 'Created' : 'Wrote'} ${short}`);
    out.subtitle = `${content.split('\n').length} lines written`;
    out.filesModified.push(path);
    out.facts.push(`change_type: ${created ? 'create' : 'overwrite'}`, ...writtenFacts(content));
    out.concepts.push('file-write');
    return out;
  }
  // Edit, MultiEdit, NotebookEdit
  const edits: Array<Record<string, unknown>> = Array.isArray(input.edits)
    ? (input.edits as unknown[]).map(asRecord)
    : [input];
  const out = base('change', `Edited ${short}`);
  out.filesModified.push(path);
  out.facts.push('change_type: modify');
  for (const e of edits.slice(0, 5)) {
    const oldS = str(e.old_string);
    const newS = str(e.new_string) ?? str(e.new_source);
    if (oldS !== undefined || newS !== undefined) {
      const added = editedFacts(newS ?? '');
      out.facts.push(`old: ${clip(oldS ?? '', 160)}`, ...(added.length > 0 ? added : ['new: ']));
    }
  }
  if (edits.length > 5) out.facts.push(`${edits.length - 5} more edits`);
  if (input.replace_all === true) out.facts.push('replace_all');
  out.subtitle = `${edits.length} edit${edits.length === 1 ? '' : 's'}`;
  out.concepts.push('file-edit');
  return out;
}

function command(i: RuleInput, input: Record<string, unknown>): StructuredFields {
  const cmd = str(input.command) ?? '';
  const desc = str(input.description);
  const isTest = isTestCommand(cmd);
  const isBuild = !isTest && isBuildCommand(cmd);
  const outcome = bashOutcome(i.toolResponse, i.failed);
  const printed = responseText(i.toolResponse);
  const hidden = outcome.ok && hiddenFailure(cmd, printed);
  const type = isTest ? 'test' : isBuild ? 'build' : 'command';
  const verb = isTest ? 'Ran tests' : isBuild ? 'Built' : 'Ran';
  const out = base(type, desc ? `${desc}` : `${verb}: ${cmd}`);
  out.subtitle = clip(cmd, 200);
  out.facts.push(`command: ${clip(cmd, 300)}`);
  if (desc) out.facts.push(`description: ${clip(desc, 200)}`);
  out.facts.push(`is_test: ${isTest}`, `is_build: ${isBuild}`);
  out.facts.push(`exit_status: ${outcome.exitCode ?? (outcome.ok ? 0 : 'unknown')}`);
  if (outcome.interrupted) out.facts.push('interrupted');
  if (hidden) out.facts.push('piped: the first program failed, the pipeline exited 0');
  for (const line of outcome.summary) out.facts.push(clip(line, 200));
  const commits = gitFacts(cmd, printed);
  out.facts.push(...commits, ...outputFacts(printed, [...outcome.summary, ...commits]));
  if (!outcome.ok || hidden) {
    out.type = isTest ? 'test' : 'failure';
    out.title = clip(`${isTest ? 'Tests failed' : 'Command failed'}: ${desc ?? cmd}`, 120);
    const err = errorGist(responseText(i.toolResponse));
    if (err) {
      out.subtitle = clip(`${err} — ${cmd}`, 240);
      out.facts.push(`error: ${err}`);
    }
  }
  out.concepts.push(...(isTest ? ['testing'] : isBuild ? ['build'] : ['shell']));
  return out;
}

function search(i: RuleInput, input: Record<string, unknown>): StructuredFields {
  const pattern = str(input.pattern) ?? str(input.path) ?? '';
  const scope = str(input.path) ?? i.cwd ?? '';
  const r = asRecord(i.toolResponse);
  let count: number | undefined;
  if (typeof r.numFiles === 'number') count = r.numFiles;
  if (typeof r.numLines === 'number' && r.mode === 'content') count = r.numLines;
  if (count === undefined) {
    const text = responseText(i.toolResponse).trim();
    count = text === '' ? 0 : text.split('\n').length;
  }
  const out = base('discovery', `${i.toolName === 'Grep' ? 'Searched for' : 'Listed'} ${pattern}`);
  out.subtitle = `${count} result${count === 1 ? '' : 's'} in ${relativeTo(scope, i.cwd) || '.'}`;
  out.facts.push(`search_pattern: ${clip(pattern, 200)}`, `search_scope: ${scope}`, `result_count: ${count}`);
  if (str(input.glob)) out.facts.push(`glob: ${String(input.glob)}`);
  const names = Array.isArray(r.filenames)
    ? (r.filenames as unknown[]).filter((f): f is string => typeof f === 'string')
    : [];
  out.filesRead.push(...names.slice(0, 20));
  out.concepts.push('search');
  return out;
}

function mcp(i: RuleInput, input: Record<string, unknown>): StructuredFields {
  const parts = i.toolName.split('__');
  const server = parts[1] ?? 'mcp';
  const tool = parts.slice(2).join('__') || i.toolName;
  const out = base(MCP_READ.test(tool) ? 'discovery' : 'change', `${server}: ${tool.replace(/_/g, ' ')}`);
  out.facts.push(`mcp_server: ${server}`, `mcp_tool: ${tool}`);
  const args = Object.entries(input)
    .filter(([, v]) => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean')
    .slice(0, 6)
    .map(([k, v]) => `${k}=${clip(String(v), 80)}`);
  if (args.length > 0) out.subtitle = clip(args.join(', '), 200);
  const text = responseText(i.toolResponse);
  if (text) out.facts.push(`result: ${clip(text, 200)}`);
  out.concepts.push('mcp', server);
  return out;
}

function generic(i: RuleInput, input: Record<string, unknown>): StructuredFields {
  if (AGENT_TOOLS.has(i.toolName)) {
    const desc = str(input.description) ?? str(input.subagent_type) ?? 'subagent';
    const out = base('delegation', `Delegated: ${desc}`);
    if (str(input.subagent_type)) out.facts.push(`subagent_type: ${String(input.subagent_type)}`);
    // What it was told and what it reported: an audit's findings, the file:line it cites.
    if (str(input.prompt)) out.facts.push(...textFacts('prompt', String(input.prompt), PROMPT_MAX));
    out.facts.push(...textFacts('result', responseText(i.toolResponse), REPORT_MAX));
    out.concepts.push('subagent');
    return out;
  }
  if (WEB_TOOLS.has(i.toolName)) {
    const target = str(input.url) ?? str(input.query) ?? '';
    const out = base(
      'discovery',
      `${i.toolName === 'WebSearch' ? 'Searched the web for' : 'Fetched'} ${target}`,
    );
    out.facts.push(`${i.toolName === 'WebSearch' ? 'query' : 'url'}: ${clip(target, 200)}`);
    out.concepts.push('web');
    return out;
  }
  if (i.toolName === 'TodoWrite') {
    const todos = Array.isArray(input.todos) ? (input.todos as unknown[]).map(asRecord) : [];
    const out = base('decision', `Updated the task list (${todos.length} items)`);
    for (const t of todos.slice(0, 10))
      out.facts.push(`${String(t.status ?? '?')}: ${clip(String(t.content ?? ''), 120)}`);
    out.concepts.push('planning');
    return out;
  }
  const keys = Object.keys(input).slice(0, 5);
  const out = base('change', `Used ${i.toolName}`);
  if (keys.length > 0) out.subtitle = `with ${keys.join(', ')}`;
  const text = responseText(i.toolResponse);
  if (text) out.facts.push(`result: ${clip(text, 200)}`);
  return out;
}

/** Structured fields for one tool call; never throws, always returns a valid observation. */
export function extractRules(i: RuleInput): StructuredFields {
  const input = asRecord(i.toolInput);
  let out: StructuredFields | null = null;
  try {
    if (READ_TOOLS.has(i.toolName) || ['Write', 'Edit', 'MultiEdit', 'NotebookEdit'].includes(i.toolName)) {
      out = fileOp(i, input);
    } else if (i.toolName === 'Bash' || i.toolName === 'BashOutput') out = command(i, input);
    else if (SEARCH_TOOLS.has(i.toolName)) out = search(i, input);
    else if (i.toolName === 'apply_patch') out = patchOp(str(input.command) ?? '', i.cwd ?? null);
    else if (i.toolName.startsWith('mcp__')) out = mcp(i, input);
    out ??= generic(i, input);
  } catch {
    out = base('change', `Used ${i.toolName}`);
  }
  if (i.failed && out.type !== 'failure' && out.type !== 'test') {
    out.type = 'failure';
    out.title = clip(`Failed: ${out.title}`, 120);
    const err = errorGist(responseText(i.toolResponse));
    if (err) {
      out.subtitle = out.subtitle ? clip(`${err} — ${out.subtitle}`, 240) : err;
      out.facts.push(`error: ${err}`);
    }
  }
  if (out.title.trim() === '') out.title = `Used ${i.toolName}`;
  out.concepts = [...new Set(out.concepts)];
  out.filesRead = [...new Set(out.filesRead)];
  out.filesModified = [...new Set(out.filesModified)];
  return out;
}
