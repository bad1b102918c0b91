/**
 * A question asking what a command printed ("which version did the box report", "how did that run
 * end") is answered by the command's output: the command is shown with its first and last output
 * line. A question about the command itself shows the command alone. A question asking a version
 * is answered by the line that states one, and ranks the memories that state a version higher.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asksResult, wantedLine } from '../../electron/core/recall/intent.js';
import { shapeSnippet } from '../../electron/core/recall/shape.js';
import { startTestService, type TestService } from '../helpers/service.js';
import { insertObservation } from './seed.js';
import { plain } from './shape-rows.js';

const COMMAND = 'cargo init --lib --name limiter --offline 2>&1 && cargo --version';
const OUTPUT = `output: Creating library package ⏎ note: see more keys and their definitions at https://doc.rust-lang.org/cargo/reference/manifest.html ⏎ cargo 1.95.0 (f2d3ce0bd 2026-03-21)`;
const row = {
  text: 'Claude: Creating the library crate in place.',
  facts: [`command: ${COMMAND}`, OUTPUT],
  subtitle: COMMAND,
  narrative: 'Claude: Creating the library crate in place.',
  paths: [],
  command: COMMAND,
};

describe('a question asking what something printed', () => {
  it('is told from one asking what was run', () => {
    expect(asksResult('Which Python version did the box report?')).toBe(true);
    expect(asksResult('How many tests ran, and how did that run end?')).toBe(true);
    expect(asksResult('当时机器上的 Node 是哪个版本？')).toBe(true);
    expect(asksResult('What command did we use to create the crate?')).toBe(false);
  });

  it("shows a command with its output's first and last line", () => {
    const s = plain(shapeSnippet('command', row, ['cargo', 'installed'], { result: true }));
    expect(s).toContain('cargo --version → Creating library package');
    expect(s).toContain('cargo 1.95.0');
  });

  it('shows instead of the last line a later one that holds more of what is asked, never for a frame word', () => {
    const demo = 'cd /tmp/demo && seq 1 5000 > app.log && ./logrot -s 16K app.log && stat -c %s app.log';
    const printed = {
      ...row,
      facts: [
        `command: ${demo}`,
        'output: before: 23893 bytes app.log ⏎ rotated app.log ⏎ after: 0 bytes app.log',
      ],
      subtitle: demo,
      command: demo,
    };
    const asked = ['rotator', 'rotation', 'print', 'demo', 'log'];
    const s = plain(shapeSnippet('command', printed, asked, { result: true, core: asked }));
    expect(s).toContain('→ before: 23893 bytes app.log … rotated app.log');
    // `test` and `failed` only say what kind of answer is wanted: the last line stays.
    const tests = {
      ...printed,
      facts: [
        'command: cargo test',
        'output: test a ... ok ⏎ test full_map_fails_open ... ok ⏎ left: 2 ⏎ right: 1',
      ],
    };
    const t = plain(
      shapeSnippet('command', tests, ['sweep', 'sides', 'test', 'failed'], {
        result: true,
        core: ['sweep', 'sides'],
      }),
    );
    expect(t).toContain('test a ... ok … right: 1');
  });

  it('leads with the longer of two commands when one only adds arguments to the other', () => {
    const episode = {
      text: 'Claude: A small benchmark script against a fake slow server.',
      facts: [],
      subtitle: null,
      narrative: 'Claude: A small benchmark script against a fake slow server.',
      paths: [],
      command: null,
      leads: ['$ python3 scripts/bench_cache.py', '$ python3 scripts/bench_cache.py --workers 16'],
    };
    const s = plain(shapeSnippet('command', episode, ['benchmark', 'cache', 'parallel']));
    expect(s).toContain('$ python3 scripts/bench_cache.py --workers 16');
    expect(s).not.toMatch(/bench_cache\.py(?! --workers)/);
  });

  it('tells the line a question asks for: a version, an address, a constant, a test, code, a size, a count', () => {
    const version = wantedLine('Which version of the memory checker did the leak runs use?');
    expect(version?.test('==101== Using Valgrind-3.19.0 and LibVEX')).toBe(true);
    expect(version?.test('GNU Make 4.3')).toBe(true);
    expect(version?.test('==101== Memcheck, a memory error detector')).toBe(false);
    expect(wantedLine('当时机器上的 Node 是哪个版本？')).not.toBeNull();
    const count = wantedLine('How many unit tests did the first run have?');
    expect(count?.test('running 5 tests')).toBe(true);
    expect(count?.test('running the unit tests')).toBe(false);
    expect(wantedLine('How many of them ran?')).toBeNull();
    // A count of tests, asked in either language, as the runners print it.
    const zh = wantedLine('修好以后一共有多少个测试通过？');
    expect(zh?.test('18 个测试全过')).toBe(true);
    expect(zh?.test('ℹ tests 7')).toBe(true);
    expect(zh?.test('Outcome: 3 files changed, 3 commands run, tests passed, 1 failed call')).toBe(false);
    const checks = wantedLine('How many checks did the test script run and pass?');
    expect(checks?.test('7 tests, 0 failed')).toBe(true);
    expect(checks?.test('test result: ok. 2 passed; 0 failed')).toBe(true);
    expect(checks?.test('1 failed call')).toBe(false);
    expect(wantedLine('How many passing checks were there at the end?')?.test('15 PASS lines')).toBe(true);
    const address = wantedLine('Which client address does the usage example check?');
    expect(address?.test('//! assert!(limiter.check("203.0.113.7", now).allowed);')).toBe(true);
    expect(address?.test('//! let limiter = Limiter::new(20, 1);')).toBe(false);
    expect(wantedLine('What size threshold does the GC log get?')?.test('size 50M')).toBe(true);
    expect(wantedLine('How often does the sweep run?')?.test('SWEEP_INTERVAL_MS = 30_000 // 30 s')).toBe(
      true,
    );
    const constant = wantedLine('Which constant holds the sweep interval?');
    expect(constant?.test('export const SWEEP_INTERVAL_MS = 30_000;')).toBe(true);
    expect(constant?.test('export const sweepInterval = 30_000;')).toBe(false);
    const port = wantedLine('Which port does the service listen on?');
    expect(port?.test('curl -s localhost:18087/items/SKU-1')).toBe(true);
    expect(port?.test('export const PORT = Number(process.env.KUCUN_PORT ?? 8087);')).toBe(true);
    expect(port?.test('| `KUCUN_PORT` | `8087` | the old gateway holds 8080 |')).toBe(true);
    expect(port?.test('{ "port": 3000, "host": "127.0.0.1" }')).toBe(true);
    expect(port?.test('PORT=8087 npm start')).toBe(true);
    expect(port?.test('server.listen(PORT, HOST)')).toBe(false);
    expect(port?.test('report 2024 results')).toBe(false);
    const test = wantedLine('Which test pins the exit status of a run without paths?');
    expect(test?.test('def test_no_paths_is_a_usage_error(self):')).toBe(true);
    // A function, a method, a constructor, a field: a line of code that declares or calls one.
    const fn = wantedLine('Which function reads the settings file, and which helper does it call?');
    expect(fn?.test('def load_settings(path: str) -> dict:')).toBe(true);
    expect(fn?.test('pub fn with_capacity(n: usize) -> Self {')).toBe(true);
    expect(fn?.test('let pool = Pool::new(4, Duration::from_secs(2));')).toBe(true);
    expect(fn?.test('struct settings {')).toBe(true);
    expect(fn?.test('The settings are read once at start (see below).')).toBe(false);
    expect(wantedLine('What command did we use to create the crate?')).toBeNull();
  });

  it('shows the output line a question asks for in place of the last one', () => {
    const checker = 'valgrind --leak-check=full ./rotate -f /tmp/bad.conf';
    const output = [
      '==101== Memcheck, a memory error detector',
      "==101== Copyright (C) 2002-2022, and GNU GPL'd, by Julian Seward et al.",
      '==101== Using Valgrind-3.19.0 and LibVEX; rerun with -h for copyright info',
      '==101== ERROR SUMMARY: 1 errors from 1 contexts (suppressed: 0 from 0)',
    ].join(' ⏎ ');
    const r = {
      ...row,
      facts: [`command: ${checker}`, `output: ${output}`],
      command: checker,
      subtitle: checker,
    };
    const q = 'Which version of the memory checker did the leak runs use?';
    const asked = plain(
      shapeSnippet('command', r, ['checker', 'leak'], { result: true, wants: wantedLine(q) }),
    );
    expect(asked).toContain('Valgrind-3.19.0');
    const ended = plain(shapeSnippet('command', r, ['checker', 'leak'], { result: true }));
    expect(ended).toContain('ERROR SUMMARY');

    const test = 'cargo test --offline 2>&1';
    const run =
      'Compiling turnstile ⏎ running 5 tests ⏎ test gcra::burst ... ok ⏎ error: test failed, to rerun pass `--lib`';
    const t = { ...row, facts: [`command: ${test}`, `output: ${run}`], command: test, subtitle: test };
    const many = wantedLine('How many unit tests did the first run have?');
    expect(plain(shapeSnippet('command', t, ['unit', 'tests'], { result: true, wants: many }))).toContain(
      'running 5 tests',
    );
  });

  it('shows the command alone when the question does not ask what it printed', () => {
    const s = plain(shapeSnippet('command', row, ['cargo', 'crate']));
    expect(s).toContain(`$ ${COMMAND}`);
    expect(s).not.toContain('→');
  });
});

describe('searching for what a command printed', () => {
  let t: TestService;

  /** A Bash call remembered as a command: its line in the tool input and as the first fact. */
  const insertCommand = (o: {
    project: string;
    type: string;
    title: string;
    command: string;
    facts: string[];
    narrative: string;
    at: number;
  }): void => {
    const { command, facts, ...rest } = o;
    insertObservation(t.service.core.sqlite, {
      ...rest,
      toolName: 'Bash',
      toolInput: { command },
      facts: [`command: ${command}`, ...facts],
    });
  };

  beforeAll(async () => {
    t = await startTestService();
    insertCommand({
      project: 'anchorage',
      type: 'command',
      title: 'Init the repo and check the Python version',
      command: 'git init -q && python3 --version',
      facts: ['exit_status: 0', 'output: Python 3.11.7'],
      narrative: 'Claude: Empty folder, so I will start from scratch.',
      at: Date.now() - 60_000,
    });
  });
  afterAll(async () => t.dispose());

  it('ranks a memory that states a version above ones that only share more words', async () => {
    const at = Date.now() - 30_000;
    for (const [i, file] of ['README.md', 'src/config.h', 'examples/rotate.conf'].entries())
      insertObservation(t.service.core.sqlite, {
        project: 'rotator',
        type: 'change',
        title: `Created ${file}`,
        facts: [`file: ${file}`],
        narrative: `Claude: when the rotator is started, the box reports the compiler and make versions (${file}).`,
        filesModified: [file],
        at: at + i,
      });
    insertCommand({
      project: 'rotator',
      type: 'build',
      title: 'Init the repo, check gcc and make',
      command: 'git init -q && cc --version | head -1 && make --version | head -1',
      facts: ['output: cc (Debian 12.2.0-14) 12.2.0 ⏎ GNU Make 4.3'],
      narrative: 'Claude: the rotator is started here, so the box reports the compiler and make versions.',
      at: at - 1000,
    });
    const q = 'Which compiler and make versions did the box report when the rotator was started?';
    const r = await t.api('GET', `/api/search?q=${encodeURIComponent(q)}&project=rotator&limit=5`);
    const items = (JSON.parse(r.text) as { items: Array<{ title: string }> }).items;
    expect(items[0]?.title).toBe('Init the repo, check gcc and make');
  });

  it('shows the output in the result', async () => {
    const q = 'When the project was started, which exact Python version did the box report?';
    const r = await t.api('GET', `/api/search?q=${encodeURIComponent(q)}&limit=5`);
    const items = (JSON.parse(r.text) as { items: Array<{ snippet: string }> }).items;
    expect(items.map((i) => plain(i.snippet)).join('\n')).toContain('3.11.7');
  });
});
