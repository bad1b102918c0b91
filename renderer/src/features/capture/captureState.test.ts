import { describe, expect, it } from 'vitest';
import type { CaptureStatus, HookFile } from '@shared/api';
import { claudeCapture, offText, receiptLine } from './api/captureState';

const NOW = 1_700_000_000_000;
const MIN = 60_000;
const file = (over: Partial<HookFile> = {}): HookFile => ({
  scope: 'user',
  settingsPath: '/home/u/.claude/settings.json',
  installed: false,
  problems: [],
  changedAt: null,
  ...over,
});
const status = (hookFiles: HookFile[], lastEventAt?: number): CaptureStatus => ({
  agents: lastEventAt === undefined ? [] : [{ agent: 'claude-code', lastEventAt }],
  hookFiles,
  otherAgents: [],
  checkedAt: NOW,
});

describe('capture status from what is received', () => {
  it('hooks only in a project file count as installed', () => {
    const s = status([
      file(),
      file({ scope: 'project', settingsPath: '/p/.claude/settings.local.json', installed: true }),
    ]);
    expect(claudeCapture(s, NOW).state).toBe('installed');
    expect(offText(claudeCapture(s, NOW), NOW)).toBeNull();
  });

  it('events arriving while no known file holds the hooks: receiving, never "off"', () => {
    const c = claudeCapture(status([file()], NOW - 2 * MIN), NOW);
    expect(c.state).toBe('receiving');
    expect(offText(c, NOW)).toBeNull();
  });

  it('an uninstall after the last event: off, with when the last event came', () => {
    const c = claudeCapture(status([file({ changedAt: NOW - MIN })], NOW - 2 * MIN), NOW);
    expect(c.state).toBe('off');
    expect(offText(c, NOW)).toBe(
      "Capture is off: Claude Code's hooks are not installed (last event 2 min ago).",
    );
  });

  it('nothing received and no hooks anywhere: off', () => {
    expect(offText(claudeCapture(status([file()]), NOW), NOW)).toBe(
      "Capture is off: Claude Code's hooks are not installed.",
    );
  });

  it('says what arrives, per agent', () => {
    expect(receiptLine('claude-code', NOW - 2 * MIN, true, NOW)).toBe(
      'Receiving from Claude Code — last event 2 min ago',
    );
    expect(receiptLine('claude-code', NOW - 3 * 86_400_000, true, NOW)).toBe(
      'Hooks installed, nothing received for 3 days',
    );
    expect(receiptLine('codex', NOW - 5 * MIN, true, NOW)).toBe(
      'Receiving from Codex — last event 5 min ago',
    );
    expect(receiptLine('claude-code', null, true, NOW)).toBe('Hooks installed, nothing received yet');
  });
});
