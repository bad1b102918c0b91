/** logrot, session 1 (Thu 5 Nov): size-based rotation in C99 with a Makefile and shell tests; copytruncate. */
import { filesOf } from '../files.js';
import { tools } from '../tools.js';
import type { Session } from '../types.js';
import * as c from './code1.js';

const f = filesOf('logrot');

export function session1(dir: string): Session {
  const t = tools(dir);
  return {
    label: 'logrot-1-rotate',
    start: '2026-11-05T08:30:00Z',
    prompts: [
      {
        mode: 'new',
        prompt:
          "need a small C tool that rotates our app logs by size. logrotate's daily cron is way too coarse for the ingest box, app.log is at 2G by noon. usage like: logrot -s 10M -k 5 /var/log/ingest/app.log. C99, no deps, Makefile with -Wall -Wextra -Werror",
        turn: {
          steps: [
            {
              text: "I'll start with a repo and a look at the toolchain on this box.",
              tool: t.bash(
                'git init -q && cc --version | head -1 && make --version | head -1',
                'Init the repo, check gcc and make',
              ),
              expect: 'GNU Make',
            },
            {
              text: 'Makefile first: C99 with `-Wall -Wextra -Werror` as asked, and `_POSIX_C_SOURCE=200809L` for fchmod/fchown/getopt. Objects depend on all headers, crude but correct for a project this size.',
              tool: t.write('Makefile', f('Makefile.v1')),
            },
            {
              text: 'Size parsing: bytes, or K/M/G in powers of 1024, -1 for anything malformed.',
              tool: t.write('src/size.h', f('size.h')),
            },
            { tool: t.write('src/size.c', f('size.c')) },
            { tool: t.write('src/rotate.h', f('rotate.v1.h')) },
            {
              text: "The rotation itself: delete path.KEEP, shift the other generations up, rename the log to .1, and recreate an empty log. open() applies the umask, so I set the mode again with fchmod, and copy the owner with fchown where we're allowed to.",
              tool: t.write('src/rotate.c', f('rotate.v1.c')),
            },
            {
              text: 'main: getopt for -s/-k; exit 0 when fine, 1 when a file could not be rotated, 2 for usage errors. Keep is capped at 99 generations.',
              tool: t.write('src/main.c', f('main.v1.c')),
            },
            { tool: t.bash('make', 'Build'), fails: true, expect: 'different signedness' },
            {
              text: '-Werror caught a real one: `st.st_size` is `off_t` (signed) and I declared the limit `unsigned long long`, so the comparison converts the signed side. Sizes should just be `off_t` like st_size itself; parse_size already returns a signed `long long` with -1 for errors.',
              tool: t.edit('src/rotate.h', c.protoV1, c.protoV2),
            },
            { tool: t.edit('src/rotate.h', c.guard, c.guardTypes) },
            { tool: t.edit('src/rotate.c', c.defV1, c.defV2) },
            { tool: t.bash('make', 'Build again'), expect: '-o logrot' },
            {
              text: 'Builds clean. Quick check of a usage error:',
              tool: t.bash('./logrot -s 10X app.log', 'Try a malformed size'),
              fails: true,
              expect: "bad size '10X'",
            },
            {
              text: 'Exit 2 with a useful message. Now tests: a plain POSIX sh script, each case in its own mktemp dir, PASS/FAIL per check, exit 1 if anything failed, so `make test` fails properly in CI.',
              tool: t.write('tests/run.sh', f('run.v1.sh')),
            },
            {
              tool: t.bash('chmod +x tests/run.sh && make test', 'Run the tests'),
              fails: true,
              expect: 'FAIL generations in order',
            },
            {
              text: "The generation order is wrong, and it's my loop: I shift from .1 upwards, so `.1 -> .2` overwrites the old .2 before it has moved, and the next step carries the same file along. Rotation has to go top down, `.4 -> .5` first, then `.3 -> .4`, and so on.",
              tool: t.edit('src/rotate.c', c.loopUp, c.loopDown),
            },
            { tool: t.bash('make test', 'Run the tests again'), expect: '7 tests, 0 failed' },
          ],
          final:
            'logrot builds with `-Wall -Wextra -Werror` and `make test` passes 7 checks.\n\n- `logrot -s SIZE [-k KEEP] FILE...`: sizes in bytes or K/M/G (1024-based), keep 1-99 (default 5)\n- exit 0 ok / 1 a file failed / 2 usage error\n- the new empty log gets the old mode (fchmod, since open() applies the umask) and owner\n\nTwo real bugs on the way: a signed/unsigned comparison between `st_size` and the limit (the limit is now `off_t`), and generations shifted bottom-up, which overwrote them; the loop now runs top-down.',
        },
      },
      {
        mode: 'continue',
        gapMin: 18,
        prompt:
          'one more thing: the ingest service is a JVM app that never reopens its log, SIGHUP does nothing. so after a rename it keeps writing into app.log.1. we need copytruncate like logrotate has. -c',
        turn: {
          steps: [
            {
              text: "Right: with a writer that never reopens, only truncating in place keeps its file descriptor pointing at app.log. So: copy to .1 (64 KiB buffer, fsync), then truncate. Lines written between the end of the copy and the truncate are lost. At the ingest rate that's a few ms, so a handful of lines per rotation. I'll write that trade-off into the code.",
              tool: t.edit('src/rotate.c', c.nameLen, c.nameLenCopy),
            },
            { tool: t.edit('src/rotate.c', c.recreateEnd, c.copyTruncate) },
            { tool: t.edit('src/rotate.c', c.rotateDefV2, c.rotateDefV3) },
            { tool: t.edit('src/rotate.c', c.moveOld, c.moveNew) },
            { tool: t.edit('src/rotate.h', c.headerDocV1, c.protoV3) },
            { text: 'And the -c flag in main:', tool: t.edit('src/main.c', c.optsOld, c.optsNew) },
            { tool: t.edit('src/main.c', c.callOld, c.callNew) },
            { tool: t.edit('src/main.c', c.usageOld, c.usageNew) },
            { tool: t.edit('src/main.c', c.mainDocOld, c.mainDocNew) },
            {
              text: 'Test: the inode must stay the same, since that is what keeps the JVM writing into the live file.',
              tool: t.edit('tests/run.sh', c.usageTestsEnd, c.copyTests),
            },
            {
              tool: t.bash('make test 2>&1 | tail -5', 'Build and run the tests'),
              expect: '10 tests, 0 failed',
            },
            {
              text: 'And by hand with a bigger file, so the inode and sizes are visible:',
              tool: t.bash(
                "rm -rf /tmp/lr-demo && mkdir /tmp/lr-demo && (cd /tmp/lr-demo && seq 1 5000 > app.log && stat -c 'before: inode %i  %s bytes  %n' app.log && $OLDPWD/logrot -c -s 16K app.log && stat -c 'after:  inode %i  %s bytes  %n' app.log app.log.1)",
                'Demonstrate copytruncate on a 5000-line log',
              ),
              expect: 'rotated app.log',
            },
          ],
          final:
            '`-c` (copytruncate) is in: app.log is copied to app.log.1 and truncated in place, and the inode stays the same, as the demo shows, so the JVM keeps writing into the live file. The data-loss window between copy and truncate is documented above `copy_truncate()` in src/rotate.c. `make test`: 10 checks pass.',
        },
      },
      {
        mode: 'continue',
        gapMin: 5,
        prompt: 'looks good, commit',
        turn: {
          steps: [
            { tool: t.write('.gitignore', 'logrot\n*.o\n') },
            {
              tool: t.bash('git add -A && git status --short', 'Stage everything and review'),
              expect: 'src/rotate.c',
            },
            {
              tool: t.bash(
                'git commit -qm "logrot: size-based rotation (-s/-k), copytruncate (-c), sh tests" && git log --oneline',
                'Commit',
              ),
              expect: 'logrot: size-based rotation',
            },
          ],
          final:
            'Committed as "logrot: size-based rotation (-s/-k), copytruncate (-c), sh tests". The binary and object files are in .gitignore.',
        },
      },
    ],
  };
}
