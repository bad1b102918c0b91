/**
 * What a shell command runs: a test suite, a build, or something else. Classified by the program
 * and subcommand each step actually runs (`a && b; c | d`), never by words in its arguments, quoted
 * strings or heredoc bodies: `git commit -m "add tests"` and `bd create "test plan"` are no test runs.
 */

const MAX = 4_000;
/** Words that only wrap the real program (`sudo`, `time`, `env X=1`, `timeout 60`). */
const WRAPPERS = new Set(['sudo', 'time', 'env', 'nice', 'nohup', 'timeout', 'command', 'exec', 'xargs']);
/** Runners whose next word(s) are the real program (`npx vitest`, `bundle exec rspec`, `uv run pytest`). */
const RUNNERS: Record<string, number> = { npx: 1, pnpx: 1, bunx: 1 };
const RUN_SUB = /^(?:exec|run|dlx|x)$/;
const RUN_VIA = new Set(['pnpm', 'yarn', 'bundle', 'poetry', 'uv', 'pipenv', 'hatch', 'rye', 'dotenv']);

const TEST_PROGRAMS = new Set([
  'vitest',
  'jest',
  'mocha',
  'ava',
  'tap',
  'karma',
  'pytest',
  'py.test',
  'rspec',
  'phpunit',
  'ctest',
  'tox',
  'nox',
  'nextest',
]);
/** Programs whose subcommand `test` (or the listed ones) runs tests. */
const TEST_SUB: Record<string, RegExp> = {
  npm: /^(?:t|test|tst)$/,
  pnpm: /^(?:t|test)$/,
  yarn: /^test/,
  bun: /^test$/,
  cargo: /^(?:test|nextest)$/,
  go: /^test$/,
  mix: /^test$/,
  dotnet: /^test$/,
  deno: /^test$/,
  swift: /^test$/,
  make: /^(?:test|tests|check)$/,
  gradle: /^(?:test|check)$/,
  gradlew: /^(?:test|check)$/,
  mvn: /^(?:test|verify)$/,
  playwright: /^test$/,
  cypress: /^run$/,
  rake: /^(?:test|spec)$/,
  zig: /^test$/,
  flutter: /^test$/,
  php: /^artisan$/,
};
const BUILD_PROGRAMS = new Set([
  'tsc',
  'webpack',
  'esbuild',
  'rollup',
  'cmake',
  'xcodebuild',
  'ninja',
  'make',
]);
const BUILD_SUB: Record<string, RegExp> = {
  cargo: /^(?:build|check)$/,
  go: /^(?:build|vet)$/,
  vite: /^build$/,
  gradle: /^(?:build|assemble)$/,
  gradlew: /^(?:build|assemble)$/,
  mvn: /^(?:package|compile|install)$/,
  dotnet: /^build$/,
  mix: /^compile$/,
  swift: /^build$/,
  bun: /^build$/,
  next: /^build$/,
};
/** `npm run test:unit`, `pnpm run build` — a package script, judged by its name. */
const SCRIPT_TEST = /^(?:test|tests|spec|e2e)(?:$|[:\-_.])/;
const SCRIPT_BUILD = /^(?:build|compile|typecheck|type-check)(?:$|[:\-_.])/;
/** A script file named as a test/build (`node test.js`, `./run-tests.sh`, `node scripts/build.mjs`). */
const FILE_TEST = /(?:^|[._-])(?:tests?|specs?)(?:[._-]|$)/i;
const FILE_BUILD = /(?:^|[._-])build(?:[._-]|$)/i;
const INTERPRETERS = /^(?:node|python\d?(?:\.\d+)?|ruby|bash|sh|zsh|deno|bun|tsx|ts-node|perl|php|elixir)$/;

type Kind = 'test' | 'build' | null;

/** The command without heredoc bodies, quoted strings and comments, split into its steps. */
function commandSteps(cmd: string): string[][] {
  const text = cmd
    .slice(0, MAX)
    .replace(/<<-?\s*['"]?(\w+)['"]?[^\n]*\n[\s\S]*?\n\s*\1[ \t]*(?=\n|$)/g, '')
    .replace(/"(?:[^"\\]|\\.)*"|'[^']*'/g, '""')
    .replace(/\\\n/g, ' ')
    .replace(/(?:^|\s)#[^\n]*/g, ' ');
  return text
    .split(/&&|\|\||[;|\n()`]|\$\(/)
    .map((s) =>
      s
        .trim()
        .split(/\s+/)
        .filter((w) => w !== ''),
    )
    .filter((w) => w.length > 0)
    .slice(0, 50);
}

function classify(words: string[]): Kind {
  let w = words.filter((x) => !/^[A-Za-z_][A-Za-z0-9_]*=/.test(x));
  for (let guard = 0; guard < 6 && w.length > 0; guard++) {
    const prog = (w[0]!.split('/').pop() ?? '').toLowerCase();
    const args = w.slice(1).filter((x) => !x.startsWith('-'));
    const sub = args[0] ?? '';
    if (WRAPPERS.has(prog)) {
      w = w.slice(1).filter((x, i) => !(i === 0 && /^\d+[smh]?$/.test(x)));
      w = w.filter((x, i) => !(i === 0 && x.startsWith('-')));
      continue;
    }
    if (prog in RUNNERS) {
      w = w.slice(1).filter((x) => !x.startsWith('-'));
      continue;
    }
    if (RUN_VIA.has(prog) && RUN_SUB.test(sub) && prog !== 'yarn' && prog !== 'pnpm') {
      w = args.slice(1);
      continue;
    }
    if ((prog === 'pnpm' || prog === 'yarn') && /^(?:exec|dlx)$/.test(sub)) {
      w = args.slice(1);
      continue;
    }
    if (/^(?:npm|pnpm|yarn|bun)$/.test(prog) && /^run(?:-script)?$/.test(sub)) {
      const script = args[1] ?? '';
      return SCRIPT_TEST.test(script) ? 'test' : SCRIPT_BUILD.test(script) ? 'build' : null;
    }
    if (prog === 'yarn' && SCRIPT_TEST.test(sub)) return 'test';
    if (prog === 'node' && w.includes('--test')) return 'test';
    if (/^python/.test(prog) && w[1] === '-m') {
      if (/^(?:pytest|unittest|nose2?|tox)$/.test(w[2] ?? '')) return 'test';
      w = w.slice(2);
      continue;
    }
    if (TEST_PROGRAMS.has(prog) || TEST_SUB[prog]?.test(sub) === true) {
      return prog === 'php' ? (args[1] === 'test' ? 'test' : null) : 'test';
    }
    if (BUILD_SUB[prog]?.test(sub) === true) return 'build';
    if (BUILD_PROGRAMS.has(prog)) return prog === 'make' && /^(?:clean|install)$/.test(sub) ? null : 'build';
    // A script run directly or through an interpreter, named for what it does.
    const file = INTERPRETERS.test(prog) ? (args[0] ?? '') : w[0]!.includes('/') ? w[0]! : '';
    const name = file.split('/').pop() ?? '';
    if (name !== '' && FILE_TEST.test(name)) return 'test';
    if (name !== '' && FILE_BUILD.test(name)) return 'build';
    if (file.split('/').some((d) => d === 'test' || d === 'tests') && INTERPRETERS.test(prog)) return 'test';
    return null;
  }
  return null;
}

/** What the command runs: 'test' when any step runs tests, else 'build' when one builds, else null. */
export function commandKind(cmd: string): Kind {
  let kind: Kind = null;
  for (const step of commandSteps(cmd)) {
    const k = classify(step);
    if (k === 'test') return 'test';
    kind ??= k;
  }
  return kind;
}

export const isTestCommand = (cmd: string): boolean => commandKind(cmd) === 'test';
export const isBuildCommand = (cmd: string): boolean => commandKind(cmd) === 'build';

/** A redirection (`2>&1`, `>/dev/null`, `&> log`'s operator): not part of what the step runs. */
const REDIRECT = /^(?:\d*|&)[<>]{1,2}(?:&\d+)?\S*$/;
/** A redirection's operator alone (`> out.log`): the word after it is its file. */
const OPERATOR = /^(?:\d*|&)[<>]{1,2}$/;
/** A step that only asks a tool about itself (`make --version`): no build or test run. */
const SELF_QUERY = /^(?:--version|--help|-V|-h)$/;

/**
 * The steps of `cmd` that run a test suite or a build, as they read without their redirections
 * (`npm test 2>&1 | tail -9` → `npm test`); a step with a quoted argument is left out (its
 * quotes are not kept exactly).
 */
export function buildAndTestSteps(cmd: string): string[] {
  const out: string[] = [];
  for (const words of commandSteps(cmd)) {
    if (words.some((w) => w.includes('""') || SELF_QUERY.test(w)) || classify(words) === null) continue;
    const shown = words.filter((w, i) => !REDIRECT.test(w) && !OPERATOR.test(words[i - 1] ?? '')).join(' ');
    if (shown !== '' && !out.includes(shown)) out.push(shown);
  }
  return out;
}
