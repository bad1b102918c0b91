/** turnstile, session 1 (Tue 3 Nov): token bucket vs GCRA side by side, benchmark, GCRA chosen. */
import { filesOf } from '../files.js';
import { tools } from '../tools.js';
import type { Session, ToolOutcome } from '../types.js';
import * as c from './code.js';

const f = filesOf('turnstile');

/** ns/check of one bench line (`gcra  140.7 ns/check ...`). */
function nsOf(prev: ToolOutcome | undefined, name: string): string {
  const m = (prev?.content ?? '').match(new RegExp(`${name}\\s+([\\d.]+) ns/check\\s+allowed\\s+(\\d+)`));
  return m ? `${m[1]} ns/check (allowed ${Number(m[2]).toLocaleString('en-US')})` : '?';
}

export function session1(dir: string): Session {
  const t = tools(dir);
  /** The first benchmark run, remembered for the summary after the second. */
  let first = { bucket: '?', gcra: '?' };
  const cargoTest = t.bash('cargo test --offline 2>&1', 'Run the tests');
  return {
    label: 'turnstile-1-gcra',
    start: '2026-11-03T10:20:00Z',
    prompts: [
      {
        mode: 'new',
        prompt:
          'start a rust crate, turnstile: in-process rate limiter keyed by a string (api key or client ip). std only, zero deps, the gateway vendors nothing. before we commit to an algorithm I want token bucket and GCRA side by side',
        turn: {
          steps: [
            {
              text: 'Creating the library crate in place. `cargo init` also sets up git and a .gitignore for target/.',
              tool: t.bash(
                'cargo init --lib --name turnstile --offline 2>&1 && cargo --version',
                'Create the crate',
              ),
              expect: 'cargo 1.',
            },
            { tool: t.read('Cargo.toml') },
            {
              text: 'Description, publish = false, and a note on why the dependency list is empty:',
              tool: t.edit('Cargo.toml', c.cargoTomlOld, c.cargoTomlNew),
            },
            {
              text: 'GCRA first. Per key it stores just the TAT (theoretical arrival time); the interval is period/limit and the burst tolerance is (burst-1) intervals. A denial carries `retry_after` for the 429. Both algorithms take `now: Duration` as an argument instead of reading a clock, so tests are plain arithmetic.',
              tool: t.write('src/gcra.rs', f('gcra.v1.rs')),
            },
            {
              text: 'The token bucket for comparison: tokens as f64 plus the time they were counted, refilled on each check.',
              tool: t.write('src/bucket.rs', f('bucket.rs')),
            },
            {
              text: 'cargo generated a template lib.rs (the `add` example); replacing it.',
              tool: t.read('src/lib.rs'),
            },
            { tool: t.write('src/lib.rs', f('lib.v1.rs')) },
            { tool: cargoTest, fails: true, expect: 'refills_between_whole_seconds' },
            {
              text: "GCRA's 3 tests pass; the bucket fails its refill test. I computed the refill with `as_secs()`, which truncates to whole seconds, so at 10/s nothing comes back after 100 ms, or after 999 ms for that matter. It should be `as_secs_f64()`. (The dead-code warnings are because `bucket` isn't public yet.)",
              tool: t.edit('src/bucket.rs', '(now - last).as_secs() as f64', '(now - last).as_secs_f64()'),
            },
            { tool: cargoTest, expect: 'test result: ok. 5 passed' },
          ],
          final:
            'Crate `turnstile` is set up with both algorithms:\n\n- `src/gcra.rs`: `Gcra::new(limit, period, burst)`, `check(key, now) -> Decision::{Allow, Deny { retry_after }}`, one `Duration` (TAT) per key\n- `src/bucket.rs`: `TokenBucket::new(capacity, per_sec)`, `check(key, now) -> bool`, `(f64 tokens, Duration)` per key\n\nThe first run caught a bucket bug: the refill used `as_secs()`, so sub-second refills were lost entirely. With `as_secs_f64()` all 5 tests pass.',
        },
      },
      {
        mode: 'continue',
        gapMin: 5,
        prompt:
          'benchmark both. 1M checks over 10k keys, single thread is fine for now. just an example binary, no criterion (no deps)',
        turn: {
          steps: [
            {
              text: 'An example binary that uses the same policy for both (50/s sustained, bursts of 20) and reads the real monotonic clock for each check, as production would. It prints ns/check, how many checks were allowed, and the per-key state size.',
              tool: t.write('examples/bench.rs', f('bench.v1.rs')),
            },
            {
              tool: t.bash(
                'cargo run --release --offline --example bench 2>&1 | tail -15',
                'Build and run the benchmark',
              ),
              expect: 'module `bucket` is private',
            },
            {
              text: "It doesn't build (the pipe hides the exit code, but the output says so): E0603, `module bucket is private`. lib.rs declares `mod bucket;`, and an example is an external user of the crate. Making it `pub mod`, it's only here for the comparison anyway.",
              tool: t.edit('src/lib.rs', 'mod bucket;', 'pub mod bucket;'),
            },
            {
              tool: t.bash(
                'cargo run --release --offline --example bench 2>&1 | tail -3',
                'Run the benchmark',
              ),
              expect: 'gcra',
            },
            {
              text: (prev) => {
                first = { bucket: nsOf(prev, 'token bucket'), gcra: nsOf(prev, 'gcra') };
                return `First run: token bucket ${first.bucket}, GCRA ${first.gcra}. The first run right after a build is often noisy on this box, so once more:`;
              },
              tool: t.bash('./target/release/examples/bench', 'Run the benchmark again'),
              expect: 'gcra',
            },
          ],
          final: (prev) =>
            `Results (release build, one thread, 1M checks over 10k keys), two runs:\n\n- token bucket: ${first.bucket}, then ${nsOf(prev, 'token bucket')}; 24 B of state per key\n- GCRA: ${first.gcra}, then ${nsOf(prev, 'gcra')}; 16 B per key\n\nSingle runs vary on this box. Both spend most of their time hashing the String key and reading the clock, so speed alone shouldn't decide this. Allowed counts differ a bit because both read the real clock while the loop runs. The clearer differences are state size (one Duration against an f64 plus a Duration) and that GCRA uses no floating point at all.`,
        },
      },
      {
        mode: 'continue',
        gapMin: 9,
        prompt:
          'go with GCRA. one timestamp per key and no float drift to reason about. delete the bucket, and write the why into the crate docs so nobody relitigates it in six months',
        turn: {
          steps: [
            { tool: t.bash('rm src/bucket.rs && ls src', 'Delete the token bucket'), expect: 'gcra.rs' },
            {
              text: 'What still refers to it:',
              tool: t.grep('bucket|TokenBucket', { glob: '*.rs' }),
              expect: 'examples/bench.rs',
            },
            {
              text: 'Crate docs with the decision and the numbers behind it, plus a doc example. `Gcra` and `Decision` are re-exported at the crate root.',
              tool: t.write('src/lib.rs', f('lib.v2.rs')),
            },
            {
              text: 'The benchmark loses its bucket half:',
              tool: t.write('examples/bench.rs', f('bench.v2.rs')),
            },
            {
              tool: t.bash(
                'cargo test --offline 2>&1 | grep -E "^(error|test result|warning)" ; cargo test --offline 2>&1 | grep -A8 "^error\\[" | head -20',
                'Run the tests, errors only',
              ),
              expect: 'E0369',
            },
            {
              text: "E0369: `Decision` has no `PartialEq`, and both the bench and the doc example compare it with `==`. A plain data enum should support equality, so I'll derive `PartialEq, Eq` rather than have callers write `matches!` everywhere.",
              tool: t.edit(
                'src/gcra.rs',
                '#[derive(Debug, Clone, Copy)]',
                '#[derive(Debug, Clone, Copy, PartialEq, Eq)]',
              ),
            },
            {
              tool: t.bash(
                'cargo test --offline 2>&1 | grep -E "test result|Doc-tests"',
                'Run the tests and doc tests',
              ),
              expect: 'Doc-tests turnstile',
            },
            {
              tool: t.bash(
                'cargo run --release --offline --example bench 2>&1 | tail -1',
                'Run the GCRA benchmark',
              ),
              expect: 'ns/check',
            },
            {
              tool: t.bash(
                'git add -A && git commit -qm "turnstile: GCRA rate limiter keyed by string (token bucket benchmarked and dropped, see crate docs)" && git log --oneline',
                'Commit',
              ),
              expect: 'turnstile: GCRA',
            },
          ],
          final: (prev) =>
            `Done and committed (${(prev?.content ?? '').trim().split(' ')[0] ?? ''}): the token bucket is gone, and the crate docs in src/lib.rs record why GCRA won (16 B vs 24 B per key, no floating point; speed didn't decide it), with a doc example that now runs as a doc test. Deriving \`PartialEq, Eq\` on \`Decision\` fixed the one compile error.`,
        },
      },
      {
        mode: 'continue',
        gapMin: 14,
        prompt:
          'what Retry-After would a client actually get on the 11th request of a burst, at 100/min with burst 10? pin it down in a test. and the header has to be whole seconds',
        turn: {
          steps: [
            {
              text: "At 100/min the interval is 600 ms, so the 11th request at the same instant is denied with retry_after = 600 ms. The header only takes whole seconds, and rounding down would send `Retry-After: 0`, which makes clients retry immediately and get denied again. So I'm adding `retry_after_header()` that rounds up:",
              tool: t.edit('src/gcra.rs', c.decisionEnd, c.retryAfterHeader),
            },
            { tool: t.edit('src/gcra.rs', c.testsEndV1, c.retryAfterTest) },
            {
              tool: t.bash(
                'cargo test --offline retry_after 2>&1 | grep -E "^test |test result"',
                'Run the new test',
              ),
              expect: 'retry_after_header_rounds_up ... ok',
            },
            {
              tool: t.bash('cargo test --offline 2>&1 | grep "test result"', 'Run the whole suite'),
              expect: 'test result: ok. 4 passed',
            },
            {
              tool: t.bash(
                'git commit -qam "Decision::retry_after_header: whole seconds, rounded up" && git log --oneline | head -3',
                'Commit',
              ),
              expect: 'retry_after_header',
            },
          ],
          final:
            'The 11th request gets `Deny { retry_after: 600ms }`, so the header says `Retry-After: 1`. `Decision::retry_after_header()` rounds up to whole seconds (never 0 for a denial), and `retry_after_header_rounds_up` covers exactly this case. Committed.',
        },
      },
    ],
  };
}
