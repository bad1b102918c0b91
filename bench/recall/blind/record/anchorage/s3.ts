/** anchorage, session 3 (Tue 10 Nov): JSON output, then GitHub annotations instead; scanner false positives; 0.2.0. */
import { filesOf } from '../files.js';
import { tools } from '../tools.js';
import type { Session } from '../types.js';
import * as c from './s3-code.js';

const f = filesOf('anchorage');

const AUDIT =
  'In /tmp/memtray-blind/anchorage, find out which of these Markdown cases the scanner tests (tests/test_scan.py and tests/fixtures/) cover, and how anchorage/scan.py treats each: links inside HTML comments (single-line and multi-line <!-- -->), links in indented code blocks (4 spaces), links inside inline code spans. Report covered / not covered per case, with file:line.';

export function session3(dir: string): Session {
  const t = tools(dir);
  return {
    label: 'anchorage-3-formats',
    start: '2026-11-10T13:20:00Z',
    prompts: [
      {
        mode: 'new',
        prompt:
          'the CI folks want machine readable output for their PR bot. add --format json, a list of {file, line, target, reason}. exit codes stay as they are',
        turn: {
          steps: [
            { tool: t.read('anchorage/cli.py') },
            { tool: t.edit('anchorage/cli.py', c.purgeArg, c.formatArgJson) },
            {
              text: 'A `report()` function does the printing per format; the summary stays on stderr so stdout is pure JSON.',
              tool: t.edit('anchorage/cli.py', c.outputV1, c.outputV2),
            },
            {
              tool: t.edit(
                'anchorage/cli.py',
                'import argparse\nimport sys\n',
                'import argparse\nimport dataclasses\nimport json\nimport sys\n',
              ),
            },
            {
              tool: t.edit(
                'anchorage/cli.py',
                'from anchorage.check import check\n',
                'from anchorage.check import Broken, check\n',
              ),
            },
            {
              text: "There are no CLI tests yet, so here's a file that runs `python3 -m anchorage` as a subprocess against the fixture docs: exit codes, text, JSON.",
              tool: t.write('tests/test_cli.py', f('test_cli.py')),
            },
            { tool: t.bash('python3 -m unittest tests.test_cli -v', 'Run the CLI tests'), expect: 'OK' },
            {
              tool: t.bash(
                'python3 -m anchorage --format json tests/fixtures/docs 2>/dev/null',
                'Show the JSON output',
              ),
              fails: true,
              expect: '"reason": "missing file"',
            },
          ],
          final:
            '`--format json` prints a list of `{file, line, target, reason}` on stdout (summary still on stderr, exit code still 1 when something is broken, as the last call shows). New `tests/test_cli.py` covers text, JSON and the usage error; all pass.',
        },
      },
      {
        mode: 'continue',
        gapMin: 25,
        prompt:
          "change of plan, the PR bot got cancelled. we're on GitHub Actions anyway, so emit ::error annotations and they show up inline on the PR diff. keep --format json though, Priya pipes it into jq locally",
        turn: {
          steps: [
            {
              text: 'Adding a third format, `github`, alongside json. One ::error workflow command per broken link, with file and line so GitHub pins it to the diff.',
              tool: t.edit('anchorage/cli.py', c.formatArgJson, c.formatArgGithub),
            },
            { tool: t.edit('anchorage/cli.py', c.reportJson, c.annotationV1) },
            {
              tool: t.edit(
                'tests/test_cli.py',
                'import unittest\n',
                'import unittest\n\nfrom anchorage.check import Broken\nfrom anchorage.cli import annotation\n',
              ),
            },
            {
              text: 'Tests for the annotation, including the escaping the runner expects: `%`, CR and LF in the message, and additionally `:` and `,` in properties like `file=`.',
              tool: t.edit('tests/test_cli.py', c.noPathsTest, c.noPathsTest + c.githubTests),
            },
            {
              tool: t.bash('python3 -m unittest tests.test_cli', 'Run the CLI tests'),
              fails: true,
              expect: 'test_annotation_escapes_values',
            },
            {
              text: 'The real fixture annotation is right; the escaping test fails because I wrote the values in raw. A comma in a file name would cut `file=` short and a `%` would be read as an escape. Adding the two escape helpers:',
              tool: t.edit(
                'anchorage/cli.py',
                c.annotationV1.slice(0, c.annotationV1.indexOf('\n\n\ndef report')) + '\n',
                c.annotationV2,
              ),
            },
            {
              tool: t.bash('python3 -m unittest tests.test_cli -v 2>&1 | tail -3', 'Run the CLI tests again'),
              expect: 'OK',
            },
            {
              text: "And an example workflow to copy into the docs repo. Relative links run on every PR, since they're offline and fast. External links only run nightly with the cache restored, because a third-party site being down shouldn't block anyone's merge.",
              tool: t.write('examples/docs-links.yml', f('docs-links.yml')),
            },
            {
              tool: t.bash(
                'python3 -m anchorage --format github tests/fixtures/docs',
                'Show the annotations',
              ),
              fails: true,
              expect: '::error file=',
            },
          ],
          final:
            "`--format github` prints `::error file=…,line=…,title=broken link::…` lines (values escaped as the runner expects; my first version didn't escape and the test caught it). `--format json` stays for Priya's jq use. `examples/docs-links.yml` runs relative checks on PRs touching docs/ and external checks nightly at 03:17 UTC with the cache restored via actions/cache.",
        },
      },
      {
        mode: 'continue',
        gapMin: 40,
        prompt:
          'people are getting false positives for links inside <!-- html comments --> and in indented code blocks. get an agent to check which of those cases the tests cover, then fix',
        turn: {
          steps: [
            {
              text: "I'll have an Explore agent map what's covered while I look at the scanner.",
              tool: t.agent('Audit scanner test coverage', AUDIT),
            },
            {
              text: "Nothing is covered except fenced code, so I'm writing the tests first: single- and multi-line comments, an indented block, inline code, plus a check that the 4-space continuation of a list item is still read as text, so the fix doesn't overshoot.",
              tool: t.read('tests/test_scan.py'),
            },
            { tool: t.edit('tests/test_scan.py', c.fencedTestEnd, c.fencedTestEnd + c.scanTestsNew) },
            {
              tool: t.bash(
                'python3 -m unittest tests.test_scan 2>&1 | grep -E "^(FAIL|ERROR|Ran|OK)"',
                'Run the scanner tests, failures only',
              ),
              expect: 'FAIL: test_html_comments_are_skipped',
            },
            {
              text: "3 failures as expected (the list-continuation test already passes). Rewriting scan(): comments are stripped with a small state machine since they can span lines, indented code only counts after a blank line (CommonMark's rule, and it keeps list continuations readable), and code spans are removed only for link matching. Headings keep their code, because `--strict` in a heading is part of its anchor.",
              tool: t.read('anchorage/scan.py'),
            },
            { tool: t.write('anchorage/scan.py', f('scan.v2.py')) },
            { tool: t.bash('python3 -m unittest 2>&1 | tail -3', 'Run all tests'), expect: 'OK' },
            {
              tool: t.bash(
                'python3 -m anchorage tests/fixtures/docs; echo "exit=$?"',
                'Fixture docs still report the same two',
              ),
              expect: '3 files, 2 broken links',
            },
          ],
          final:
            'The agent confirmed only fenced code was tested and handled. Now scan.py also skips HTML comments (also multi-line), indented code blocks (only after a blank line, so list continuations still count) and inline code spans, while headings keep their code text for the anchor. Four new scanner tests; the whole suite passes and the fixture docs still show exactly the two planted problems.',
        },
        subagents: [
          {
            key: AUDIT.slice(0, 80),
            steps: [
              {
                text: 'Looking for HTML comments in the tests and fixtures.',
                tool: t.grep('<!--', { path: 'tests' }),
              },
              { tool: t.grep('^\\s{4}\\S', { path: 'tests/fixtures', mode: 'count' }) },
              { tool: t.grep('FENCE|COMMENT|INDENT|`', { path: 'anchorage/scan.py' }) },
              {
                tool: t.grep('def test_', { path: 'tests/test_scan.py' }),
                expect: 'test_fenced_code_is_skipped',
              },
            ],
            final:
              '- HTML comments (single- and multi-line): NOT covered. No `<!--` anywhere under tests/; scan.py has no comment handling, so links inside comments are collected.\n- Indented code blocks: NOT covered. No 4-space-indented lines in tests/fixtures; scan.py only recognises fences (FENCE, scan.py:14).\n- Inline code spans: NOT covered. scan.py matches LINK on the raw line, so `[x](y)` inside backticks counts as a link.\n- Fenced code (``` and ~~~): covered by test_fenced_code_is_skipped (tests/test_scan.py).',
          },
        ],
      },
      {
        mode: 'continue',
        gapMin: 10,
        prompt: 'good. bump to 0.2.0, changelog, README for the new flags, commit and tag',
        turn: {
          steps: [
            { tool: t.grep('0\\.1', { glob: '*.{py,toml}' }), expect: 'pyproject.toml' },
            { tool: t.read('pyproject.toml') },
            { tool: t.edit('pyproject.toml', 'version = "0.1.0"', 'version = "0.2.0"') },
            { tool: t.read('anchorage/__init__.py') },
            { tool: t.edit('anchorage/__init__.py', '__version__ = "0.1.0"', '__version__ = "0.2.0"') },
            {
              text: "The User-Agent string in external.py still says 0.1. I'll build it from `__version__` so it can't drift again.",
              tool: t.read('anchorage/external.py'),
            },
            {
              tool: t.edit(
                'anchorage/external.py',
                'USER_AGENT = "anchorage/0.1 (docs link check; +https://github.com/northwind/docs)"',
                'USER_AGENT = f"anchorage/{__version__} (docs link check; +https://github.com/northwind/docs)"',
              ),
            },
            {
              tool: t.edit(
                'anchorage/external.py',
                'from anchorage.cache import LinkCache\n',
                'from anchorage import __version__\nfrom anchorage.cache import LinkCache\n',
              ),
            },
            { tool: t.write('CHANGELOG.md', f('CHANGELOG.md')) },
            { tool: t.read('README.md') },
            { tool: t.edit('README.md', c.readmeUsageOld, c.readmeUsageNew) },
            {
              tool: t.bash(
                'python3 -m unittest 2>&1 | tail -1 && python3 -m anchorage --version',
                'Tests and version check',
              ),
              expect: 'anchorage 0.2.0',
            },
            {
              tool: t.bash(
                'git add -A && git commit -qm "anchorage 0.2.0: --format json/github, scanner skips comments and indented code" && git tag -a v0.2.0 -m "anchorage 0.2.0" && git log --oneline --decorate',
                'Commit and tag 0.2.0',
              ),
              expect: 'tag: v0.2.0',
            },
          ],
          final:
            'Version 0.2.0 is committed and tagged as v0.2.0: pyproject, `__version__`, and the User-Agent, which now derives from `__version__`. CHANGELOG.md lists 0.1.0 and 0.2.0, and the README documents `--external`, the cache, and the json/github formats.',
        },
      },
    ],
  };
}
