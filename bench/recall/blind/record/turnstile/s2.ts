/** turnstile, session 2 (Mon 9 Nov): key eviction with fail-open cap, a sharded thread-safe Limiter, clippy, 0.2.0. */
import { filesOf } from '../files.js';
import { tools } from '../tools.js';
import type { Session, ToolOutcome } from '../types.js';
import * as c from './code.js';

const f = filesOf('turnstile');

/** `shards=16   164.0 ns/check ...` -> 164.0 */
function shardNs(prev: ToolOutcome | undefined, shards: number): string {
  return (prev?.content ?? '').match(new RegExp(`shards=${shards}\\s+([\\d.]+) ns/check`))?.[1] ?? '?';
}

export function session2(dir: string): Session {
  const t = tools(dir);
  const test = t.bash(
    'cargo test --offline 2>&1 | grep -E "^test |test result|panicked|left|right"',
    'Run the tests',
  );
  return {
    label: 'turnstile-2-threads',
    start: '2026-11-09T15:10:00Z',
    prompts: [
      {
        mode: 'new',
        prompt:
          "problem with turnstile: keys never expire. a scan from random IPs grows the map forever. add eviction, and a hard cap on keys. if we hit the cap, fail open — I'd rather let a flood through than 429 real users",
        turn: {
          steps: [
            { tool: t.bash('git log --oneline', 'Show history'), expect: 'retry_after_header' },
            { tool: t.read('src/gcra.rs') },
            {
              text: "What makes this cheap with GCRA: once a key's TAT is in the past, it's indistinguishable from a key we've never seen, so dropping it changes no decision. So instead of an LRU (which needs a linked list and more bytes per key, and without deps we'd be writing that list ourselves), I'll sweep expired keys every 4096 checks, which is amortised O(1). The cap defaults to 100k keys. When the map is full, I sweep first, and if it's still full the request is allowed without being tracked and counted in `overflowed` so it can be alerted on.",
              tool: t.edit('src/gcra.rs', c.useDuration, c.consts),
            },
            { tool: t.edit('src/gcra.rs', c.fieldsOld, c.fieldsNew) },
            { tool: t.edit('src/gcra.rs', c.ctorOld, c.ctorNew) },
            { tool: t.edit('src/gcra.rs', c.checkHeadOld, c.checkHeadNew) },
            { tool: t.edit('src/gcra.rs', c.checkTailOld, c.checkTailNew) },
            {
              text: 'Tests: the sweep boundary, and fail-open at the cap.',
              tool: t.edit('src/gcra.rs', c.testsEndV2, c.evictionTests),
            },
            { tool: test, expect: 'sweep_forgets_idle_keys ... FAILED' },
            {
              text: 'The boundary test fails: after sweeping at 100 ms, both keys are still there. I wrote `retain(|_, tat| *tat >= now)`, which keeps a key whose TAT is exactly now, and that key is already as fresh as a new one. It should be a strict `>`.',
              tool: t.edit('src/gcra.rs', '*tat >= now', '*tat > now'),
            },
            { tool: test, expect: 'test result: ok. 6 passed' },
          ],
          final:
            "`Gcra` now evicts and caps:\n\n- every `SWEEP_EVERY` = 4096 checks, keys whose TAT has passed are dropped (`sweep`), since they're equivalent to unseen keys\n- at most `MAX_KEYS` = 100,000 keys (`with_max_keys` to change it); when full even after a sweep it fails open and counts the request in `overflowed()`\n\nThe first run caught an off-by-one in the sweep (`>=` kept keys whose TAT equals now); with `>` all 6 unit tests and the doc test pass.",
        },
      },
      {
        mode: 'continue',
        gapMin: 8,
        prompt: 'next: make it shareable across threads. the axum handlers will each hold an Arc<Limiter>',
        turn: {
          steps: [
            {
              text: 'Plan: a `Limiter` that owns the clock and N mutex-guarded `Gcra` shards, and picks a shard by hashing the key. A single global Mutex would serialise every request through one lock. First a `Clock` trait, so tests can move time by hand instead of sleeping:',
              tool: t.write('src/clock.rs', f('clock.v1.rs')),
            },
            {
              text: '16 shards, more than the 8 cores of the API boxes, picked with a per-process `RandomState` so nobody can aim their keys at one shard. The 100k key cap applies to the whole limiter, so each shard gets 100k/16 of it.',
              tool: t.write('src/limiter.rs', f('limiter.rs')),
            },
            { tool: t.read('src/lib.rs') },
            { tool: t.edit('src/lib.rs', c.libModsOld, c.libModsNew) },
            {
              text: 'An integration test with 4 real threads hammering one key: together they must get exactly one burst.',
              tool: t.write('tests/threads.rs', f('threads.rs')),
            },
            {
              tool: t.bash(
                'cargo test --offline 2>&1 | grep -B2 -A22 "^error\\["',
                'Run the tests, show errors',
              ),
              expect: 'cannot be shared between threads safely',
            },
            {
              text: "E0277: `Cell<Duration>` cannot be shared between threads safely, so `Limiter<ManualClock>` isn't Sync and `Arc<Limiter<ManualClock>>` can't go into `thread::spawn`. My ManualClock used a `Cell` because I only had single-threaded tests in mind. An `AtomicU64` of nanoseconds works just as well and is Sync:",
              tool: t.edit('src/clock.rs', c.manualCellOld, f('manual.v2.rs')),
            },
            {
              tool: t.edit(
                'src/clock.rs',
                'use std::cell::Cell;\n',
                'use std::sync::atomic::{AtomicU64, Ordering};\n',
              ),
            },
            {
              tool: t.bash('cargo test --offline 2>&1 | grep -E "^test |test result"', 'Run the tests'),
              expect: 'threads_share_one_budget_per_key ... ok',
            },
            {
              text: "All green, including 4 threads sharing one key's burst of 10. To check that sharding is worth it, here's a contention benchmark with 1, 4 and 16 shards:",
              tool: t.write('examples/contention.rs', f('contention.rs')),
            },
            {
              tool: t.bash(
                'cargo run --release --offline --example contention 2>&1 | tail -3',
                'Run the contention benchmark',
              ),
              expect: 'shards=16',
            },
          ],
          final: (prev) => {
            const [one, four, sixteen] = [1, 4, 16].map((n) => shardNs(prev, n));
            const ratio = Number(sixteen) / Number(one);
            const keep =
              "With 4 threads on 2 cores the threads mostly wait for a CPU, not for the lock, and this box is noisy. The 8-core API boxes are where one lock would serialise every request, and 16 shards cost 16 empty HashMaps, so I'm keeping them; worth re-running this on an API box";
            const fourBest = Number(four) < 0.85 * Math.min(Number(one), Number(sixteen));
            const verdict =
              ratio < 0.85
                ? 'so sharding pays off even here, and it should matter more on the 8-core API boxes'
                : ratio > 1.15
                  ? `so here 16 shards were slower than a single lock${fourBest ? ' and 4 came out fastest' : ''}. ${keep}`
                  : `so no clear difference on this 2-core box. ${keep}`;
            return `\`Limiter\` (src/limiter.rs) is Send + Sync: \`Arc<Limiter>\`, \`check(&self, key)\`, 16 shards. Contention benchmark (4 threads, best of 3): ${one} ns/check with 1 shard, ${four} with 4, ${sixteen} with 16, ${verdict}. The compile error along the way was ManualClock's \`Cell\` (not Sync); it's an \`AtomicU64\` now.`;
          },
        },
      },
      {
        mode: 'continue',
        gapMin: 6,
        prompt: 'is it clippy clean? CI runs clippy with -D warnings',
        turn: {
          steps: [
            {
              tool: t.bash('cargo clippy --offline --all-targets -- -D warnings', 'Run clippy as CI does'),
              fails: true,
              expect: 'len_without_is_empty',
            },
            {
              text: "Not yet, clippy reports 3 errors. ManualClock has `new()` but no `Default` (new_without_default), and both `Gcra` and `Limiter` have a public `len()` without `is_empty()` (len_without_is_empty). I'll fix them rather than allow() them; they're cheap.",
              tool: t.edit('src/clock.rs', c.manualNewOld, c.manualNewNew),
            },
            { tool: t.edit('src/gcra.rs', c.gcraLenOld, c.gcraLenNew) },
            { tool: t.edit('src/limiter.rs', c.limiterLenOld, c.limiterLenNew) },
            {
              tool: t.bash(
                'cargo clippy --offline --all-targets -- -D warnings 2>&1 | tail -2; echo "exit=${PIPESTATUS[0]}"',
                'Run clippy again',
              ),
              expect: 'exit=0',
            },
          ],
          final:
            'Clippy is clean with `-D warnings` over all targets. `ManualClock` now derives `Default`, and `Gcra` and `Limiter` each have an `is_empty()` next to `len()`.',
        },
      },
      {
        mode: 'continue',
        gapMin: 11,
        prompt: 'cargo fmt, README with the limits and the fail-open thing, changelog, bump to 0.2.0, commit',
        turn: {
          steps: [
            {
              tool: t.bash('cargo fmt && git diff --stat', 'Format and show the diff size'),
              expect: 'src/gcra.rs',
            },
            { tool: t.write('README.md', f('readme.md')) },
            { tool: t.write('CHANGELOG.md', f('changelog.md')) },
            { tool: t.read('Cargo.toml') },
            { tool: t.edit('Cargo.toml', 'version = "0.1.0"', 'version = "0.2.0"') },
            {
              tool: t.bash('cargo test --offline 2>&1 | grep "test result"', 'Run all tests once more'),
              expect: 'test result: ok',
            },
            {
              tool: t.bash(
                'git add -A && git commit -qm "turnstile 0.2.0: sharded thread-safe Limiter, idle-key sweep, 100k key cap failing open" && git log --oneline',
                'Commit 0.2.0',
              ),
              expect: 'turnstile 0.2.0',
            },
          ],
          final:
            'Committed as turnstile 0.2.0. README.md covers usage, the memory limits (sweep every 4096 checks; 100k key cap, fail-open counted in `overflowed()`), threading, and the dev commands. CHANGELOG.md has 0.1.0 and 0.2.0. `cargo fmt` re-wrapped some long lines in five files.',
        },
      },
    ],
  };
}
