import { describe, expect, it } from 'vitest';
import { extractRules } from '../../electron/core/compress/rules.js';
import { gitFacts } from '../../electron/core/compress/git-facts.js';

describe('commit hashes from git output', () => {
  it('reads `git commit` and `git log --oneline` lines: the newest few and the oldest', () => {
    expect(
      gitFacts('git commit -m "x"', '[main (root-commit) 5838d5a] feat: 骨架\n 3 files changed'),
    ).toEqual(['commit hash 5838d5a: feat: 骨架']);
    const log = [
      '9c60c3e (HEAD -> main, tag: v0.2.0) formats',
      'aaaaaaa b',
      'bbbbbbb c',
      'ccccccc d',
      'b062245 first',
    ];
    expect(gitFacts('git log --oneline', log.join('\n'))).toEqual([
      'commit hash 9c60c3e: formats',
      'commit hash aaaaaaa: b',
      'commit hash bbbbbbb: c',
      'commit hash b062245: first',
    ]);
    expect(gitFacts('ls -la', 'b062245 first')).toEqual([]);
  });

  it('a commit command remembers its hash as a fact', () => {
    const out = extractRules({
      toolName: 'Bash',
      toolInput: { command: 'git add -A && git commit -qm "anchorage 0.1" && git log --oneline' },
      toolResponse: { stdout: 'b062245 anchorage 0.1', stderr: '' },
      failed: false,
      cwd: '/p',
    });
    expect(out.facts).toContain('commit hash b062245: anchorage 0.1');
  });
});
