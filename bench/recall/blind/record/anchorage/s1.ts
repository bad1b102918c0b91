/** anchorage, session 1 (Mon 2 Nov): scaffold the checker, GitHub-style duplicate anchors, README, first commit. */
import { filesOf } from '../files.js';
import { tools } from '../tools.js';
import type { Session } from '../types.js';

const f = filesOf('anchorage');

const linkV1 = String.raw`LINK = re.compile(r"\[[^\]]*\]\(([^)]+)\)")`;
const linkV2 = String.raw`# [text](target "title") and [text](<target with spaces>): the title is not part of the target.
LINK = re.compile(r"""\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+["'][^"']*["'])?\s*\)""")`;

const uniqueV1 = `

def unique_slugs(headings: list[str]) -> list[str]:
    """Slugs of a document's headings in order; repeats get -1, -2, ... as on GitHub."""
    seen: dict[str, int] = {}
    out = []
    for heading in headings:
        base = slugify(heading)
        n = seen.get(base, 0)
        out.append(base if n == 0 else f"{base}-{n}")
        seen[base] = n + 1
    return out
`;

const uniqueV2 = `

def unique_slugs(headings: list[str]) -> list[str]:
    """Slugs of a document's headings in order; repeats get -1, -2, ... as on GitHub.

    A suffixed slug can collide with a real heading ("Example", "Example", "Example 1"): GitHub
    then keeps counting ("example-1-1"), and so do we.
    """
    used: set[str] = set()
    out = []
    for heading in headings:
        base = slug = slugify(heading)
        n = 0
        while slug in used:
            n += 1
            slug = f"{base}-{n}"
        used.add(slug)
        out.append(slug)
    return out
`;

const uniqueTests = `


class UniqueSlugsTest(unittest.TestCase):
    def test_repeats_are_numbered(self):
        self.assertEqual(
            unique_slugs(["Example", "Usage", "Example", "Example"]),
            ["example", "usage", "example-1", "example-2"],
        )

    def test_numbered_heading_does_not_collide(self):
        # what GitHub renders for these three headings
        self.assertEqual(
            unique_slugs(["Example", "Example", "Example 1"]),
            ["example", "example-1", "example-1-1"],
        )
`;

export function session1(dir: string): Session {
  const t = tools(dir);
  const unittest = t.bash('python3 -m unittest -v', 'Run the unit tests');
  return {
    label: 'anchorage-1-scaffold',
    start: '2026-11-02T14:05:00Z',
    prompts: [
      {
        mode: 'new',
        prompt:
          "new project: anchorage, a link checker for our markdown docs. stdlib only, python 3.11 — the CI runners have no internet so no pip installs. it should catch relative links to other .md files that don't exist and #anchors that don't match a heading. tests with unittest pls",
        turn: {
          steps: [
            {
              text: "Empty folder, so I'll start from scratch. First a git repo and a check of which Python we're on.",
              tool: t.bash('git init -q && python3 --version', 'Init the repo and check the Python version'),
              expect: 'Python 3.11',
            },
            {
              text: 'Python 3.11.7. A minimal pyproject.toml with no dependencies, and an `anchorage` console script for later; for now `python3 -m anchorage` works without installing anything.',
              tool: t.write('pyproject.toml', f('pyproject.toml')),
            },
            { tool: t.write('anchorage/__init__.py', f('init.py')) },
            {
              text: "Anchors first, since that's where the subtle rules are. GitHub's rule: lowercase, drop punctuation except `-` and `_`, every space becomes `-` (so `--strict` in a heading gives three hyphens), and inline markup counts only by its text.",
              tool: t.write('anchorage/slug.py', f('slug.py')),
            },
            {
              text: 'The scanner reads a file line by line into headings and links. Fenced blocks (``` and ~~~) are skipped, since our docs are full of example links inside code.',
              tool: t.write('anchorage/scan.py', f('scan.v1.py')),
            },
            {
              text: "The checker resolves each link relative to the file it's in, percent-decodes it, and for `.md` targets compares the anchor against that file's heading slugs. Each document is scanned once and cached in the Checker, because the index pages get linked from everywhere.",
              tool: t.write('anchorage/check.py', f('check.v1.py')),
            },
            {
              text: 'The CLI: exit 1 when something is broken so CI fails, 2 for usage/IO errors (argparse already uses 2 for bad arguments, so that stays consistent).',
              tool: t.write('anchorage/cli.py', f('cli.v1.py')),
            },
            { tool: t.write('anchorage/__main__.py', f('main.py')) },
            {
              text: 'Now tests, starting with the slug rules:',
              tool: t.write('tests/test_slug.py', f('test_slug.v1.py')),
            },
            {
              text: 'Scanner tests, including a link with a title and a ~~~ fence:',
              tool: t.write('tests/test_scan.py', f('test_scan.v1.py')),
            },
            {
              text: 'And a small fixture docs tree with two deliberate mistakes: an anchor that misses the hyphen in "Pre-requisites", and an image that does not exist.',
              tool: t.write('tests/fixtures/docs/index.md', f('docs/index.md')),
            },
            { tool: t.write('tests/fixtures/docs/install.md', f('docs/install.md')) },
            { tool: t.write('tests/fixtures/docs/guide/config.md', f('docs/guide/config.md')) },
            { tool: t.write('tests/test_check.py', f('test_check.v1.py')) },
            {
              text: 'unittest discovery needs tests/ to be a package. Then the first run:',
              tool: t.bash(
                'touch tests/__init__.py && python3 -m unittest -v',
                'Make tests a package and run the tests',
              ),
              fails: true,
              expect: 'FAILED (failures=2)',
            },
            {
              text: 'Two failures with one cause: the link regex takes everything up to `)`, so `[the guide](guide.md "The guide")` gives the target `guide.md "The guide"`, and the fixture index.md reports a false "missing file" for the same reason. The target ends at the first whitespace; an optional quoted title may follow, and `<...>` brackets are allowed around the target.',
              tool: t.edit('anchorage/scan.py', linkV1, linkV2),
            },
            { tool: unittest, expect: 'OK' },
            {
              text: 'All 8 pass. Now the CLI on the fixture tree, the way CI will call it:',
              tool: t.bash('python3 -m anchorage tests/fixtures/docs', 'Run anchorage on the fixture docs'),
              fails: true,
              expect: '3 files, 2 broken links',
            },
          ],
          final:
            'anchorage is scaffolded:\n\n- `anchorage/slug.py`: GitHub-style heading anchors\n- `anchorage/scan.py`: headings + inline links/images per line, fenced code skipped\n- `anchorage/check.py`: resolves relative links and #anchors, caches each scanned doc\n- `anchorage/cli.py`: `python3 -m anchorage PATH...`, exit 0 / 1 (broken links) / 2 (usage or I/O)\n\nThe first test run failed on link titles (`[x](guide.md "Title")` was read as the target `guide.md "Title"`); the regex now stops at whitespace and skips the title. 8 tests pass. On the fixture docs it reports the two planted problems, `install.md:5 #prerequisites` (the heading slug is `pre-requisites`) and the missing `../img/config-flow.png`, and exits 1, which is what should fail CI.',
        },
      },
      {
        mode: 'continue',
        prompt:
          "our API reference repeats '## Example' under every endpoint, and github makes those #example, #example-1, #example-2... right now we'd only know #example. handle that",
        turn: {
          steps: [
            {
              text: 'Let me see where the slugs are used.',
              tool: t.grep('slugify', { path: 'anchorage' }),
              expect: 'check.py',
            },
            {
              text: "Only the Checker turns headings into anchors, through a set. I'll add `unique_slugs()` next to `slugify()` that numbers repeats in document order.",
              tool: t.edit(
                'anchorage/slug.py',
                '    return text.replace(" ", "-")\n',
                `    return text.replace(" ", "-")\n${uniqueV1}`,
              ),
            },
            {
              tool: t.edit(
                'anchorage/check.py',
                'from anchorage.slug import slugify',
                'from anchorage.slug import unique_slugs',
              ),
            },
            {
              tool: t.edit(
                'anchorage/check.py',
                '        return {slugify(h) for h in self.doc(path).headings}',
                '        return set(unique_slugs(self.doc(path).headings))',
              ),
            },
            {
              text: 'Tests. Besides the plain repeats I\'m adding the nasty case: a heading literally called "Example 1" after two "Example"s. GitHub renders that as `example-1-1`, because `example-1` is already taken.',
              tool: t.edit(
                'tests/test_slug.py',
                'from anchorage.slug import slugify',
                'from anchorage.slug import slugify, unique_slugs',
              ),
            },
            {
              tool: t.edit(
                'tests/test_slug.py',
                '        self.assertEqual(slugify("my_func()"), "my_func")\n',
                `        self.assertEqual(slugify("my_func()"), "my_func")${uniqueTests}`,
              ),
            },
            { tool: unittest, fails: true, expect: "'example-1-1'" },
            {
              text: 'As suspected, my first version counts per base slug only, so the third heading also becomes `example-1` and two headings share an anchor. Switching to a set of used slugs and counting up until one is free:',
              tool: t.edit('anchorage/slug.py', uniqueV1, uniqueV2),
            },
            { tool: unittest, expect: 'Ran 10 tests' },
            {
              text: 'And the CLI still reports the same two fixture problems:',
              tool: t.bash(
                'python3 -m anchorage tests/fixtures/docs 2>&1; echo "exit=$?"',
                'Run anchorage on the fixtures and show the exit code',
              ),
              expect: 'exit=1',
            },
          ],
          final:
            'Repeated headings now get `-1`, `-2`, … in document order (`unique_slugs` in slug.py, used by the Checker). My first version failed the GitHub edge case where a real "Example 1" heading follows two "Example"s (it produced `example-1` twice); it now keeps a set of used slugs and keeps counting, giving `example-1-1` like GitHub. 10 tests pass.',
        },
      },
      {
        mode: 'continue',
        gapMin: 7,
        prompt: 'nice. README with usage and the exit codes, gitignore, then commit',
        turn: {
          steps: [
            { tool: t.write('README.md', f('README.v1.md')) },
            { tool: t.write('.gitignore', '__pycache__/\n*.pyc\n') },
            { tool: t.bash('git status --short', 'Show what will be committed'), expect: 'README.md' },
            {
              tool: t.bash(
                'git add -A && git commit -qm "anchorage 0.1: relative link and #anchor checker for the docs" && git log --oneline',
                'Commit the first version',
              ),
              expect: 'anchorage 0.1',
            },
          ],
          final:
            'Committed as "anchorage 0.1: relative link and #anchor checker for the docs". README.md covers `python3 -m anchorage docs/`, the exit codes (0 ok, 1 broken links, 2 usage/IO error) and the anchor rules; .gitignore keeps `__pycache__/` out.',
        },
      },
    ],
  };
}
