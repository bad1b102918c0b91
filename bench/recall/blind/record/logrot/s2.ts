/** logrot, session 2 (Wed 11 Nov): config file and dry run; a test failure hidden by `grep -c`; valgrind finds a leak. */
import { filesOf } from '../files.js';
import { tools } from '../tools.js';
import type { Session } from '../types.js';
import * as c from './code2.js';

const f = filesOf('logrot');

const BAD_CONF = "printf '# a typo on line 4\\npath /tmp/x.log\\nsize 10M\\nsise 5\\n' > /tmp/bad.conf";

export function session2(dir: string): Session {
  const t = tools(dir);
  return {
    label: 'logrot-2-config',
    start: '2026-11-11T09:05:00Z',
    prompts: [
      {
        mode: 'new',
        prompt:
          'ops wants a config file instead of flags: /etc/logrot.conf with one stanza per log, like logrotate but simpler. keep the flags for one-off runs. a dry-run flag would be nice too',
        turn: {
          steps: [
            {
              tool: t.bash('git log --oneline && ls src tests', 'Where we left off'),
              expect: 'copytruncate',
            },
            { tool: t.read('src/main.c') },
            {
              text: "Format: `key value` lines, blank lines between stanzas, `#` comments. Braces like logrotate's would need a real parser for no gain. Fixed limits keep it to static arrays: 32 logs per file and 512 chars per line, and an over-long line is an error instead of being silently cut. The keep defaults move from main.c into rotate.h so the parser can use them.",
              tool: t.read('src/rotate.h'),
            },
            { tool: t.edit('src/rotate.h', c.flagsOld, c.flagsNew) },
            { tool: t.read('src/rotate.c') },
            {
              text: 'Dry run stops right after the size check:',
              tool: t.edit('src/rotate.c', c.sizeCheck, c.sizeCheckDry),
            },
            { tool: t.write('src/config.h', f('config.h')) },
            {
              text: 'The parser: a stanza starts at `path` and ends at a blank line, another `path`, or EOF. Every error names file:line and exits 2 before anything is rotated, so a typo never half-applies a config.',
              tool: t.write('src/config.c', f('config.v1.c')),
            },
            {
              text: 'main.c gets `-f CONFIG` and `-n`; one-off and config runs share `run_one()`.',
              tool: t.write('src/main.c', f('main.v2.c')),
            },
            { tool: t.read('Makefile') },
            { tool: t.edit('Makefile', c.objsOld, c.objsNew) },
            {
              text: "The ingest box's real config as an example (sizes chosen for app.log reaching 2G by noon):",
              tool: t.write('examples/logrot.conf', f('logrot.conf')),
            },
            { tool: t.read('tests/run.sh') },
            { tool: t.edit('tests/run.sh', c.copyTestsEnd, c.copyTestsEnd + f('config-tests.sh')) },
            {
              tool: t.bash('make -s && ./tests/run.sh | grep -c PASS', 'Build and count passing checks'),
              expect: '15',
            },
            {
              tool: t.bash('./logrot -n -f examples/logrot.conf', 'Dry run the example config'),
              fails: true,
              expect: 'No such file or directory',
            },
          ],
          final:
            'Config files work: `logrot -f /etc/logrot.conf`, with stanzas of `path`/`size`/`keep`/`mode` separated by blank lines (limits: 32 logs, 512-char lines), and `-n` is a dry run that prints "would rotate …". The flags still work for one-off runs. It builds clean and the test script shows 15 PASS lines. The dry run of examples/logrot.conf only complains that /var/log/ingest doesn\'t exist on this box, as expected.',
        },
      },
      {
        mode: 'continue',
        gapMin: 170,
        prompt:
          "CI is red on the logrot job since your config change: 'FAIL config: error names the line'. didn't you say everything passed?",
        turn: {
          steps: [
            {
              tool: t.bash('./tests/run.sh | grep -v "^PASS"', 'Show everything but the passes'),
              expect: 'FAIL config: error names the line',
            },
            {
              text: 'I got that wrong, sorry. I ran `./tests/run.sh | grep -c PASS`, which counts the PASS lines and exits 0 whenever there is at least one. 15 of the 16 checks passed and I read 15 as "all of them". The summary line says 16 tests, 1 failed. `make test` would have exited 1. Here\'s what the parser actually says:',
              tool: t.bash(`${BAD_CONF} && ./logrot -f /tmp/bad.conf`, 'Reproduce with the test config'),
              fails: true,
              expect: 'bad.conf:3:',
            },
            {
              text: 'It reports line 3 for a typo on line 4. `lineno++` sits at the end of the loop body, so every `continue` (comment lines and blank lines) skips it, and each comment above an error shifts the number by one. Real configs start with comments, so ops would have been sent to the wrong line. The increment goes into the loop header, where it runs on every line:',
              tool: t.edit('src/config.c', c.loopOld, c.loopNew),
            },
            { tool: t.edit('src/config.c', c.incOld, c.incNew) },
            { tool: t.bash('make test', 'Build and run the tests properly'), expect: '16 tests, 0 failed' },
          ],
          final:
            'Fixed. Error messages reported line N-1 after a comment line, because `continue` skipped the line counter. It now counts in the `for` header, and `make test` passes all 16 checks with exit 0. The test was right and I misreported it earlier: `grep -c PASS` hid the failure. From now on I run `make test` and look at its exit status.',
        },
      },
      {
        mode: 'continue',
        gapMin: 20,
        prompt:
          'before this goes on the ingest box, run it under valgrind. cron runs it every minute for months, even a small leak adds up',
        turn: {
          steps: [
            {
              text: 'Two runs, one through the happy path (the example config, dry run) and one through the error path, since error paths are where C leaks usually hide. `--error-exitcode=3` makes any valgrind finding fail the command.',
              tool: t.bash(
                'valgrind --leak-check=full --error-exitcode=3 ./logrot -n -f examples/logrot.conf 2>&1 | tail -6',
                'Valgrind, example config',
              ),
              expect: 'All heap blocks were freed',
            },
            {
              tool: t.bash(
                `${BAD_CONF} && valgrind --leak-check=full --error-exitcode=3 ./logrot -f /tmp/bad.conf`,
                'Valgrind, config with an error',
              ),
              fails: true,
              expect: 'definitely lost: 11 bytes in 1 blocks',
            },
            {
              text: "The happy path is clean. The error path leaks 11 bytes, the strdup of `/tmp/x.log`. When parsing fails mid-stanza, that stanza's path only lives in the local `cur` and hasn't been moved into `out[]` yet, so `free_config(out, n)` never sees it. It's small, but it happens on every run with a broken config, so every minute from cron until someone fixes the file.",
              tool: t.edit('src/config.c', c.failOld, c.failNew),
            },
            {
              tool: t.bash(
                `make -s && valgrind --leak-check=full --error-exitcode=3 ./logrot -f /tmp/bad.conf 2>&1 | grep -E "logrot:|lost|All heap|ERROR SUMMARY"`,
                'Valgrind again',
              ),
              expect: 'All heap blocks were freed',
            },
            { tool: t.bash('make test 2>&1 | tail -1', 'Tests still pass'), expect: '16 tests, 0 failed' },
          ],
          final:
            'valgrind is clean on both paths now. The normal run was already clean; a config error leaked the path of the stanza being parsed (11 bytes per run); load_config now frees `cur.path` on its error path. Tests: 16/16.',
        },
      },
      {
        mode: 'continue',
        gapMin: 9,
        prompt:
          'add an install target and a README (cron line, config format, the copytruncate caveat). then commit',
        turn: {
          steps: [
            { tool: t.edit('Makefile', c.installOld, c.installNew) },
            {
              tool: t.bash(
                'make -s install DESTDIR=$PWD/stage && find stage -type f | sort && rm -rf stage',
                'Try the install target into a staging dir',
              ),
              expect: 'stage/usr/local/bin/logrot',
            },
            {
              text: "README: build/install, usage, exit codes, the config format and limits, the copytruncate caveat, and the cron line. It runs every minute, wrapped in `flock -n`, so a slow copytruncate of a big file can't overlap the next run.",
              tool: t.write('README.md', f('README.md')),
            },
            {
              tool: t.bash('git add -A && git status --short', 'Review the changes'),
              expect: 'src/config.c',
            },
            {
              tool: t.bash(
                'git commit -qm "logrot: config file (-f), dry run (-n), install target; fix line numbers after comments and a leak on config errors" && git log --oneline',
                'Commit',
              ),
              expect: 'config file (-f)',
            },
          ],
          final:
            'Committed. `make install` puts logrot in $(PREFIX)/bin (default /usr/local) and the example config at /etc/logrot.conf.example, and honours DESTDIR. README.md documents the cron line (`* * * * * root flock -n /run/logrot.lock /usr/local/bin/logrot -f /etc/logrot.conf`), the config format and its limits, and the copytruncate data-loss window.',
        },
      },
    ],
  };
}
