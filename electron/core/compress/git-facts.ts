/**
 * What a git command said about commits: `git commit` prints `[branch hash] subject`, `git log
 * --oneline` one `hash subject` a line, `git tag`/`describe` names. Each becomes a fact
 * `commit hash <hash>: <subject>` (a person asks "which commit…", "what was the hash of…"): the
 * newest few and the oldest, bounded.
 */
import { clip } from '../util/clip.js';

const GIT =
  /(?:^|[;&|(]\s*)git\s+(?:-C\s+\S+\s+)?(?:commit|log|tag|show|rev-parse|describe|merge|cherry-pick|rebase|revert)\b/m;
/** `[main b062245] subject`, `[main (root-commit) b062245] subject`. */
const COMMITTED = /^\[[^\]\s]+(?: \([\w-]+\))? ([0-9a-f]{7,40})\] (.+)$/;
/** `b062245 subject`, `b062245 (HEAD -> main, tag: v1) subject`. */
const ONELINE = /^([0-9a-f]{7,40}) (?:\([^)]{0,200}\) )?(.+)$/;
const NEWEST = 3;

/** Commit facts from a git command's output; none for other commands. */
export function gitFacts(cmd: string, output: string): string[] {
  if (!GIT.test(cmd)) return [];
  const found: string[] = [];
  for (const raw of output.slice(0, 20_000).split('\n', 400)) {
    const line = raw.trim();
    const m = COMMITTED.exec(line) ?? ONELINE.exec(line);
    if (m) found.push(`commit hash ${m[1]!.slice(0, 12)}: ${clip(m[2]!, 160)}`);
  }
  const picked = found.length <= NEWEST + 1 ? found : [...found.slice(0, NEWEST), found[found.length - 1]!];
  return [...new Set(picked)];
}
