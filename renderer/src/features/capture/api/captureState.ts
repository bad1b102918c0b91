import type { AgentReceipt, CaptureStatus, HookFile } from '@shared/api';
import { ago } from '@/format';

/** An event within this long means an agent is sending now. */
export const RECEIVING_MS = 10 * 60_000;

const AGENT_LABELS: Record<string, string> = {
  'claude-code': 'Claude Code',
  codex: 'Codex',
  gemini: 'Gemini CLI',
  opencode: 'opencode',
  cursor: 'Cursor',
  copilot: 'Copilot CLI',
};

export const agentLabel = (agent: string): string => AGENT_LABELS[agent] ?? agent;

/**
 * `receiving`: an event came in the last few minutes (and after the hooks files last changed when
 * none holds our hooks: a session started before an uninstall still ends); `installed`: hooks are in
 * some settings file but nothing came lately; `off`: no hooks anywhere and nothing is arriving.
 */
export type ClaudeCapture = {
  state: 'receiving' | 'installed' | 'off';
  lastEventAt: number | null;
  installedIn: HookFile[];
};

const lastOf = (agents: AgentReceipt[], agent: string): number | null =>
  agents.find((a) => a.agent === agent)?.lastEventAt ?? null;

export function claudeCapture(status: CaptureStatus, now: number): ClaudeCapture {
  const lastEventAt = lastOf(status.agents, 'claude-code');
  const installedIn = status.hookFiles.filter((f) => f.installed);
  const changed = Math.max(0, ...status.hookFiles.map((f) => f.changedAt ?? 0));
  const recent = lastEventAt !== null && now - lastEventAt < RECEIVING_MS;
  const state =
    recent && (installedIn.length > 0 || lastEventAt > changed)
      ? 'receiving'
      : installedIn.length > 0
        ? 'installed'
        : 'off';
  return { state, lastEventAt, installedIn };
}

/** "for 3 days", "for 2 h": how long nothing has come (from "3 d ago"). */
function quietFor(lastEventAt: number, now: number): string {
  const s = Math.round((now - lastEventAt) / 1000);
  if (s < 3600) return `${Math.max(1, Math.round(s / 60))} min`;
  if (s < 2 * 86_400) return `${Math.round(s / 3600)} h`;
  return `${Math.round(s / 86_400)} days`;
}

/** One line on what the service receives from an agent, e.g. "Receiving from Claude Code — last event 2 min ago". */
export function receiptLine(
  agent: string,
  lastEventAt: number | null,
  installed: boolean,
  now: number,
): string {
  const name = agentLabel(agent);
  if (lastEventAt !== null && now - lastEventAt < RECEIVING_MS)
    return `Receiving from ${name} — last event ${ago(lastEventAt, now)}`;
  const quiet =
    lastEventAt === null ? 'nothing received yet' : `nothing received for ${quietFor(lastEventAt, now)}`;
  return installed ? `Hooks installed, ${quiet}` : `${name}: hooks not installed, ${quiet}`;
}

/** The banner's sentence when capture is off, or null when it is not. */
export function offText(c: ClaudeCapture, now: number): string | null {
  if (c.state !== 'off') return null;
  const last = c.lastEventAt === null ? '' : ` (last event ${ago(c.lastEventAt, now)})`;
  return `Capture is off: Claude Code's hooks are not installed${last}.`;
}
