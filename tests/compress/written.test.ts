import { describe, expect, it } from 'vitest';
import { extractRules } from '../../electron/core/compress/rules.js';
import { FACT_MAX } from '../../electron/core/compress/written.js';

const run = (toolName: string, toolInput: unknown, toolResponse: unknown, failed = false) =>
  extractRules({ toolName, toolInput, toolResponse, failed, cwd: '/p' });

describe('what a tool call wrote or printed is kept, bounded', () => {
  it('keeps the words a Write put into a file (docstrings, settings), not its plumbing', () => {
    const content = [
      'import os',
      'from pathlib import Path',
      '',
      'MAX_UPLOAD_MB = 25  # the proxy rejects larger bodies anyway',
      'def rotate(path):',
      '    """Keep at most seven archives; older ones are deleted."""',
      '}',
    ].join('\n');
    const out = run('Write', { file_path: '/p/app/limits.py', content }, { type: 'create' });
    const wrote = out.facts.filter((f) => f.startsWith('wrote: ')).join(' ');
    expect(wrote).toContain('MAX_UPLOAD_MB = 25 # the proxy rejects larger bodies anyway');
    expect(wrote).toContain('Keep at most seven archives');
    expect(wrote).not.toContain('import os');
    expect(out.subtitle).toBe('7 lines written');
  });

  it('bounds a large Write to a few facts of at most FACT_MAX characters, cut at words', () => {
    const content = Array.from({ length: 5_000 }, (_v, i) => `const value${i} = ${i}; // setting ${i}`).join(
      '\n',
    );
    const facts = run('Write', { file_path: '/p/big.js', content }, {}).facts.filter((f) =>
      f.startsWith('wrote: '),
    );
    expect(facts.length).toBeGreaterThan(1);
    expect(facts.length).toBeLessThanOrEqual(5);
    for (const f of facts) expect(f.length).toBeLessThanOrEqual(FACT_MAX);
    expect(facts.join(' ').length).toBeLessThan(1_400);
  });

  it('ends each fact of a Write with a whole line, so no sentence is split between two facts', () => {
    const content = [
      '// @ts-check',
      '/** Service settings: read from the environment, with defaults. */',
      '/** The port: 8087 by default, since 8080 and 8081 are taken by the old gateway on this box. */',
      'export const PORT = Number(process.env.APP_PORT ?? 8087);',
      '/** Local only: nginx forwards outside traffic. */',
      "export const HOST = process.env.APP_HOST ?? '127.0.0.1';",
      '/** Request bodies up to 64 KiB: the largest, a bulk stock update, is about 20 KiB. */',
      'export const BODY_LIMIT = 64 * 1024;',
    ].join('\n');
    const facts = run('Write', { file_path: '/p/src/config.js', content }, {}).facts.filter((f) =>
      f.startsWith('wrote: '),
    );
    expect(facts.length).toBeGreaterThan(1);
    for (const f of facts) expect(f.length).toBeLessThanOrEqual(FACT_MAX);
    expect(facts.some((f) => f.includes('the largest, a bulk stock update, is about 20 KiB.'))).toBe(true);
    for (const f of facts) expect(f).not.toMatch(/^wrote: ⏎|⏎$/);
  });

  it('keeps the comments of a long Write past its first lines, bounded', () => {
    const code = Array.from({ length: 200 }, (_v, i) => `    let slot${i} = table.get(${i});`);
    const content = [
      ...code.slice(0, 120),
      '    // A panic while a shard was locked leaves a consistent map behind: keep using it.',
      ...code.slice(120),
      ...Array.from({ length: 100 }, (_v, i) => `    // note ${i}: more words than the bound keeps`),
    ].join('\n');
    const facts = run('Write', { file_path: '/p/src/limiter.rs', content }, {}).facts.filter((f) =>
      f.startsWith('wrote: '),
    );
    expect(facts.join(' ')).toContain('A panic while a shard was locked leaves a consistent map behind');
    expect(facts.join(' ')).toContain('let slot0 = table.get(0);');
    expect(facts.join(' ')).not.toContain('slot150');
    expect(facts.join(' ').length).toBeLessThan(2_000);
  });

  it("keeps more of an Edit's new text than its old", () => {
    const newText = `${'x'.repeat(10)} the cache now expires after 15 minutes because stale prices confused buyers ${'y'.repeat(200)}`;
    const out = run('Edit', { file_path: '/p/a.ts', old_string: 'old', new_string: newText }, {});
    expect(out.facts.join(' ')).toContain('stale prices confused buyers');
  });

  it("keeps a command's first and last lines of output", () => {
    const stdout = [
      'Generating report',
      'parsed 1,204 rows',
      ...Array.from({ length: 30 }, (_v, i) => `row ${i}`),
      'p95 latency: 41 ms',
    ].join('\n');
    const facts = run('Bash', { command: 'node bench.js' }, { stdout, stderr: '' }).facts.join('\n');
    expect(facts).toContain('parsed 1,204 rows');
    expect(facts).toContain('p95 latency: 41 ms');
    expect(facts).not.toContain('row 20');
  });

  it('a piped command that exited 0 but printed a traceback is a failure', () => {
    const stdout = 'Traceback (most recent call last):\n  File "app.py", line 3\nKeyError: \'user_id\'';
    const out = run('Bash', { command: 'python3 app.py 2>&1 | tail -5' }, { stdout, stderr: '' });
    expect(out.type).toBe('failure');
    expect(out.title).toMatch(/^Command failed/);
    expect(out.facts.find((f) => f.startsWith('error: '))).toContain("KeyError: 'user_id'");
    const tests = run(
      'Bash',
      { command: 'cargo test 2>&1 | tail -3' },
      { stdout: 'test result: FAILED. 4 passed; 1 failed', stderr: '' },
    );
    expect(tests).toMatchObject({ type: 'test', title: expect.stringMatching(/^Tests failed/) });
  });

  it('a viewer printing an error (grep, cat) or an unpiped success is no failure', () => {
    const stdout = 'KeyError: missing';
    expect(run('Bash', { command: 'grep -r KeyError logs | head' }, { stdout, stderr: '' }).type).toBe(
      'command',
    );
    expect(run('Bash', { command: 'cat err.log' }, { stdout, stderr: '' }).type).toBe('command');
    expect(
      run('Bash', { command: 'python3 ok.py | tail -1' }, { stdout: 'done: 3 files', stderr: '' }).type,
    ).toBe('command');
  });
});

describe('a helper agent: what it was told and what it reported', () => {
  // The shape of a recorded Task call (bench/recall/blind/transcripts, anchorage).
  const prompt =
    'In /p, find out which of these Markdown cases the scanner tests (tests/test_scan.py and tests/fixtures/) ' +
    'cover, and how anchorage/scan.py treats each: links inside HTML comments (single-line and multi-line), ' +
    'links in indented code blocks (4 spaces), links inside inline code spans. ' +
    'Report covered / not covered per case, with file:line.';
  const report = [
    '- HTML comments (single- and multi-line): NOT covered. No `<!--` anywhere under tests/.',
    '- Indented code blocks: NOT covered. Only fenced blocks are skipped (FENCE at scan.py:15).',
    '- Inline code spans: NOT covered. scan.py matches LINK on the raw line.',
    '- Fenced code (``` and ~~~): covered by test_fenced_code_is_skipped (tests/test_scan.py:21).',
  ].join('\n');
  const out = run(
    'Task',
    { description: 'Audit scanner test coverage', prompt, subagent_type: 'Explore' },
    { status: 'completed', content: [{ type: 'text', text: report }] },
  );

  /** The facts of one kind as one text (a long text is cut into several facts). */
  const kept = (prefix: string): string =>
    out.facts
      .filter((f) => f.startsWith(`${prefix}: `))
      .map((f) => f.slice(prefix.length + 2))
      .join(' ');

  it('keeps the instructions to their end and the report past its first lines', () => {
    expect(out.title).toBe('Delegated: Audit scanner test coverage');
    expect(kept('prompt')).toContain('Report covered / not covered per case, with file:line.');
    expect(kept('result')).toContain('covered by test_fenced_code_is_skipped (tests/test_scan.py:21)');
    for (const f of out.facts) expect(f.length).toBeLessThanOrEqual(FACT_MAX);
  });

  it('bounds a long report', () => {
    const long = run('Task', { description: 'x', prompt: 'p' }, 'finding '.repeat(5_000));
    const report = long.facts.filter((f) => f.startsWith('result: ')).join(' ');
    expect(report.length).toBeLessThan(1_400);
  });
});
