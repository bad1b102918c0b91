/** anchorage, session 2 (Wed 4 Nov): opt-in external link checks, a SQLite result cache, a benchmark. */
import { filesOf } from '../files.js';
import { tools } from '../tools.js';
import type { Session, ToolOutcome } from '../types.js';
import * as c from './s2-code.js';

const f = filesOf('anchorage');

/** `cold: 30 files, 300 links, 300 requests, 1.58 s, ...` -> the numbers of both runs. */
function benchLines(prev: ToolOutcome | undefined): { cold: string; warm: string; warmReq: string } {
  const text = prev?.content ?? '';
  const run = (name: string): RegExpMatchArray | null =>
    text.match(new RegExp(`${name}: .*?(\\d+) requests, ([\\d.]+) s`));
  const cold = run('cold');
  const warm = run('warm');
  return { cold: cold?.[2] ?? '?', warm: warm?.[2] ?? '?', warmReq: warm?.[1] ?? '?' };
}

const externalTestEnd = `        self.assertEqual(external.check_urls(urls), {self.base + "/a": 200, self.base + "/b": 200})
`;

export function session2(dir: string): Session {
  const t = tools(dir);
  /** The 8-worker benchmark, remembered for the comparison with 16. */
  let eight = { cold: '?', warm: '?', warmReq: '?' };
  const unittest = t.bash('python3 -m unittest 2>&1 | tail -4', 'Run the tests, show the summary');
  return {
    label: 'anchorage-2-external',
    start: '2026-11-04T09:40:00Z',
    prompts: [
      {
        mode: 'new',
        prompt:
          "last time we only did relative links. now external http(s) links too — but opt-in (--external), CI is offline most of the time. HEAD first, and GET if the server refuses HEAD, some do. keep the timeout short, one dead host shouldn't stall CI for minutes",
        turn: {
          steps: [
            {
              text: 'Let me look at where we left off.',
              tool: t.bash('git log --oneline && ls anchorage tests', 'Show history and layout'),
              expect: 'anchorage 0.1',
            },
            { tool: t.read('anchorage/check.py') },
            {
              text: "External checks go in their own module so the offline path never imports urllib's networking. Choices: 5 s timeout per request, 8 requests in parallel (most of our links go to a few hosts, so more would just hammer them), and a GET retry for 403/405/501 since some servers reject HEAD outright.",
              tool: t.write('anchorage/external.py', f('external.v1.py')),
            },
            { tool: t.edit('anchorage/check.py', c.checkDocOld, c.checkDocNew) },
            {
              tool: t.edit(
                'anchorage/check.py',
                'from anchorage.scan import Document, scan',
                'from anchorage.external import check_urls\nfrom anchorage.scan import Document, scan',
              ),
            },
            {
              tool: t.edit(
                'anchorage/check.py',
                'SKIP_SCHEMES = ("http://", "https://", "mailto:", "tel:")\n',
                'SKIP_SCHEMES = ("http://", "https://", "mailto:", "tel:")\nEXTERNAL = ("http://", "https://")\n',
              ),
            },
            {
              text: 'check() gets an `external` flag; every distinct URL is fetched once even if 40 pages link to it, and results are sorted by file and line so the output is stable.',
              tool: t.edit('anchorage/check.py', c.checkFnV1, c.checkFnV2),
            },
            { tool: t.read('anchorage/cli.py') },
            { tool: t.edit('anchorage/cli.py', c.cliArgsV1, c.cliArgsV2) },
            { tool: t.edit('anchorage/cli.py', c.cliRunV1, c.cliRunV2) },
            {
              text: 'Tests against a local ThreadingHTTPServer on port 0, so they run offline: /missing is a 404, /nohead answers HEAD with 405.',
              tool: t.write('tests/test_external.py', f('test_external.v1.py')),
            },
            {
              tool: t.bash('python3 -m unittest tests.test_external -v', 'Run the external link tests'),
              fails: true,
              expect: 'unreachable: Not Found',
            },
            {
              text: "Two failures: the 404 comes back as `'unreachable: Not Found'` and the HEAD-refusing URL as `'unreachable: Method Not Allowed'`. That's my except order: `HTTPError` is a subclass of `URLError`, so the URLError clause catches every HTTP error first and the GET fallback never runs. HTTPError has to come first.",
              tool: t.edit('anchorage/external.py', c.exceptOld, c.exceptNew),
            },
            {
              tool: t.bash('python3 -m unittest tests.test_external -v', 'Run the external link tests again'),
              expect: 'OK',
            },
            {
              text: 'Now a real external link in the fixture docs, to see what the offline case looks like:',
              tool: t.read('tests/fixtures/docs/guide/config.md'),
            },
            {
              tool: t.edit(
                'tests/fixtures/docs/guide/config.md',
                'Back to [the index](../index.md).\n',
                'Back to [the index](../index.md).\nThe cache is a plain [sqlite3](https://docs.python.org/3/library/sqlite3.html) file.\n',
              ),
            },
            {
              tool: t.bash(
                'python3 -m anchorage --external tests/fixtures/docs; echo "exit=$?"',
                'Check the fixtures with external links',
              ),
              expect: 'unreachable',
            },
            { tool: unittest, expect: 'OK' },
          ],
          final: (prev) =>
            `--external is in. \`anchorage/external.py\` does HEAD, falls back to GET on 403/405/501, 5 s timeout, 8 workers, each distinct URL fetched once.\n\nThe first test run caught a real bug: I caught \`URLError\` before \`HTTPError\` (its subclass), so every 404 read as "unreachable" and the GET fallback never ran; the order is fixed and commented.\n\nThis box has no outbound DNS, so the python.org link in the fixture is reported as unreachable and the run exits 1, which is why it stays opt-in for CI. Full suite: ${/Ran (\d+) tests/.exec(prev?.content ?? '')?.[1] ?? 'all'} tests, OK.`,
        },
      },
      {
        mode: 'continue',
        gapMin: 12,
        prompt:
          'the real docs repo has ~1200 external links. hitting all of them on every CI run is slow and kind of rude. cache results between runs',
        turn: {
          steps: [
            {
              text: "I'd use sqlite3 from the stdlib rather than a JSON file. If CI kills the job halfway through a write, a JSON file is left half-written, whereas SQLite commits are atomic, and expiring old entries is a single query. TTLs: 24 h for good results, but only 1 h for failures, so a link someone just fixed goes green on the next push. The file is `.anchorage-cache.sqlite` in the working dir, and `ANCHORAGE_CACHE` overrides the path so CI can point it into a cached directory.",
              tool: t.write('anchorage/cache.py', f('cache.py')),
            },
            { tool: t.write('tests/test_cache.py', f('test_cache.py')) },
            {
              tool: t.edit(
                'anchorage/external.py',
                'from concurrent.futures import ThreadPoolExecutor\n',
                'from concurrent.futures import ThreadPoolExecutor\n\nfrom anchorage.cache import LinkCache\n',
              ),
            },
            {
              text: 'Wiring the cache into check_urls: a fresh hit skips the request.',
              tool: t.edit('anchorage/external.py', c.checkUrlsV1, c.checkUrlsV2),
            },
            {
              tool: t.edit(
                'anchorage/check.py',
                'from anchorage.external import check_urls\n',
                'from anchorage.cache import LinkCache\nfrom anchorage.external import check_urls\n',
              ),
            },
            {
              tool: t.edit(
                'anchorage/check.py',
                'def check(paths: list[str], external: bool = False) -> tuple[int, list[Broken]]:',
                'def check(\n    paths: list[str], external: bool = False, cache: LinkCache | None = None\n) -> tuple[int, list[Broken]]:',
              ),
            },
            {
              tool: t.edit(
                'anchorage/check.py',
                '        broken += check_external(checker, files)\n',
                '        broken += check_external(checker, files, cache)\n',
              ),
            },
            {
              tool: t.edit(
                'anchorage/check.py',
                'def check_external(checker: Checker, files: list[str]) -> list[Broken]:',
                'def check_external(checker: Checker, files: list[str], cache: LinkCache | None) -> list[Broken]:',
              ),
            },
            {
              tool: t.edit(
                'anchorage/check.py',
                '    status = check_urls([link.target for _, link in found])\n',
                '    status = check_urls([link.target for _, link in found], cache)\n',
              ),
            },
            {
              text: 'A test that the second check of the same URLs makes no requests at all:',
              tool: t.edit(
                'tests/test_external.py',
                'import threading\n',
                'import os\nimport tempfile\nimport threading\n',
              ),
            },
            {
              tool: t.edit(
                'tests/test_external.py',
                'from anchorage import external\n',
                'from anchorage import external\nfrom anchorage.cache import LinkCache\n',
              ),
            },
            { tool: t.edit('tests/test_external.py', externalTestEnd, externalTestEnd + c.cacheTest) },
            {
              tool: t.bash('python3 -m unittest 2>&1 | tail -25', 'Run the tests'),
              expect: 'SQLite objects created in a thread can only be used in that same thread',
            },
            {
              text: "Exit status 0 only because of the `| tail`. The output shows the new test erroring with `sqlite3.ProgrammingError: SQLite objects created in a thread can only be used in that same thread`. I read and wrote the cache from inside the pool workers, and a sqlite3 connection belongs to the thread that opened it. I could pass `check_same_thread=False` and add a lock, but it's simpler to keep the threads for HTTP only: look up the cache first, fetch the misses in the pool, then write all results back in one transaction.",
              tool: t.edit('anchorage/external.py', c.checkUrlsV2, c.checkUrlsV3),
            },
            { tool: t.read('anchorage/cache.py') },
            {
              text: '`put_many` so 1,200 fresh results cost one commit instead of 1,200:',
              tool: t.edit('anchorage/cache.py', c.putOld, c.putNew),
            },
            { tool: t.bash('python3 -m unittest', 'Run the tests'), expect: 'OK' },
            {
              text: 'Tests pass. CLI flags: `--no-cache` to force fetching, `--purge-cache` to wipe it.',
              tool: t.edit('anchorage/cli.py', c.cliArgsV2, c.cliArgsV3),
            },
            { tool: t.edit('anchorage/cli.py', c.cliRunV2, c.cliRunV3) },
            {
              tool: t.edit(
                'anchorage/cli.py',
                'from anchorage.check import check\n',
                'from anchorage.cache import LinkCache\nfrom anchorage.check import check\n',
              ),
            },
            { tool: t.edit('anchorage/cli.py', c.cliUsage, c.cliUsageV2) },
            {
              tool: t.bash('python3 -m anchorage --purge-cache', 'Try purging the cache'),
              fails: true,
              expect: 'the following arguments are required: paths',
            },
            {
              text: 'argparse still requires at least one path (`nargs="+"`), so `--purge-cache` on its own is rejected. Making paths optional and checking for them myself once the purge has returned:',
              tool: t.edit('anchorage/cli.py', 'nargs="+"', 'nargs="*"'),
            },
            {
              tool: t.edit(
                'anchorage/cli.py',
                '        return 0\n    cache = LinkCache()',
                '        return 0\n    if not args.paths:\n        ap.error("no paths given")\n    cache = LinkCache()',
              ),
            },
            {
              tool: t.bash(
                'python3 -m anchorage --purge-cache && python3 -m anchorage; echo "exit=$?"',
                'Purge, then run without paths',
              ),
              expect: 'no paths given',
            },
          ],
          final:
            'External results are now cached in SQLite (`anchorage/cache.py`): `.anchorage-cache.sqlite` by default, `ANCHORAGE_CACHE` to move it, 24 h TTL for good links and 1 h for failures. `--no-cache` skips it, `--purge-cache` empties it.\n\nOne real bug on the way: the pool workers used the sqlite connection from other threads (`ProgrammingError`). Now only the HTTP requests run in threads, the cache is read before and written after in one transaction (`put_many`). The first failing run exited 0 because of my `| tail`; I read it from the output. Without paths the CLI now exits 2 with "no paths given".',
        },
      },
      {
        mode: 'continue',
        gapMin: 6,
        prompt:
          'how much does the cache actually buy us? measure it, a fake slow server is fine. also curious whether 16 workers would help',
        turn: {
          steps: [
            {
              text: 'A small benchmark script: a local server that sleeps 40 ms per request (roughly a far-away docs host), 300 links over 30 pages, one cold and one warm run through the real check() with a throwaway cache.',
              tool: t.write('scripts/bench_cache.py', f('bench_cache.py')),
            },
            {
              tool: t.bash('python3 scripts/bench_cache.py', 'Benchmark cold vs warm cache'),
              expect: 'warm:',
            },
            {
              text: (prev) => {
                eight = benchLines(prev);
                return `Cold ${eight.cold} s with 8 workers, warm ${eight.warm} s with ${eight.warmReq} requests. Now 16 workers:`;
              },
              tool: t.bash('python3 scripts/bench_cache.py --workers 16', 'Benchmark with 16 workers'),
              expect: 'workers=16',
            },
          ],
          final: (prev) => {
            const b = benchLines(prev);
            const faster = Number(b.cold) < 0.75 * Number(eight.cold);
            const verdict = faster
              ? `16 workers cut the cold run from ${eight.cold} s to ${b.cold} s against this fake host`
              : `16 workers barely changes the cold run here (${eight.cold} s -> ${b.cold} s; the fake server and this 2-core box are the limit)`;
            return `${verdict}. I'd keep WORKERS = 8 anyway. In the real repo most links go to three hosts (GitHub, docs.python.org and our own site), and 16 concurrent requests to one of them is how a CI runner gets rate-limited. The cache is what matters: the warm run made ${b.warmReq} requests and took ${b.warm} s, and with the 24 h TTL most pushes will be warm.`;
          },
        },
      },
      {
        mode: 'continue',
        gapMin: 3,
        prompt: "ok commit it. don't commit the cache file",
        turn: {
          steps: [
            { tool: t.bash('git status --short', 'Show changes'), expect: '.anchorage-cache.sqlite' },
            {
              text: 'The purge run created `.anchorage-cache.sqlite` in the repo root. Adding it to .gitignore:',
              tool: t.read('.gitignore'),
            },
            {
              tool: t.edit(
                '.gitignore',
                '*.pyc\n',
                '*.pyc\n# external link results (anchorage/cache.py); CI keeps its own copy\n.anchorage-cache.sqlite\n',
              ),
            },
            {
              tool: t.bash(
                'git add -A && git commit -qm "External link checks (--external): HEAD then GET, 5s timeout, 8 workers; SQLite result cache (24h ok / 1h failures)" && git log --oneline && git status --short',
                'Commit the external link checks',
              ),
              expect: 'External link checks',
            },
          ],
          final:
            'Committed ("External link checks (--external): HEAD then GET, 5s timeout, 8 workers; SQLite result cache (24h ok / 1h failures)"). `.anchorage-cache.sqlite` is in .gitignore and the tree is clean.',
        },
      },
    ],
  };
}
