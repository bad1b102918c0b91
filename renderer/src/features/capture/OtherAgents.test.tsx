import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi } from '@/test/fakeApi';
import { renderWith } from '@/test/render';
import { HooksCard } from './components/HealthCapture';

afterEach(cleanup);

const hooks = {
  installed: true,
  mode: 'http' as const,
  scope: 'user' as const,
  settingsPath: '/home/u/.claude/settings.json',
  events: ['SessionStart'],
  problems: [],
};

describe('hooks card: other agents', () => {
  it('lists each agent found with its state, and the command for one without hooks', async () => {
    const api = fakeApi({
      getHooks: async () => hooks,
      getCaptureStatus: async () => ({
        agents: [],
        hookFiles: [],
        otherAgents: [
          {
            agent: 'gemini',
            installed: true,
            path: '/home/u/.gemini/settings.json',
            events: ['AfterTool'],
            problems: [],
          },
          {
            agent: 'opencode',
            installed: false,
            path: '/home/u/.config/opencode/plugin/memtray.js',
            events: [],
            problems: [],
          },
        ],
        checkedAt: 1,
      }),
    });
    renderWith(api, <HooksCard />);
    const list = await screen.findByRole('list', { name: 'Other agents' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringMatching(/^Gemini CLI hooks installed/),
      expect.stringMatching(/^opencode not installed.*memtray hooks install --agent opencode/),
    ]);
  });

  it('shows no list when no other agent is here', async () => {
    const api = fakeApi({
      getHooks: async () => hooks,
      getCaptureStatus: async () => ({ agents: [], hookFiles: [], otherAgents: [], checkedAt: 1 }),
    });
    renderWith(api, <HooksCard />);
    await screen.findByText('installed');
    expect(screen.queryByRole('list', { name: 'Other agents' })).toBeNull();
  });

  it("says when an agent's hooks run a hook program that is gone", async () => {
    const problem = 'hook program not found: /old/memtray-hook (MemTray moved or was removed)';
    const api = fakeApi({
      getHooks: async () => hooks,
      getCaptureStatus: async () => ({
        agents: [],
        hookFiles: [],
        otherAgents: [
          {
            agent: 'codex',
            installed: true,
            path: '/home/u/.codex/hooks.json',
            events: ['Stop'],
            problems: [problem],
          },
        ],
        checkedAt: 1,
      }),
    });
    renderWith(api, <HooksCard />);
    const list = await screen.findByRole('list', { name: 'Other agents' });
    expect(within(list).getByText('hooks need attention')).toBeTruthy();
    expect(within(list).getByText(problem)).toBeTruthy();
  });
});
