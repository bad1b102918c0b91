import type { CaptureStatus } from '@shared/api';
import { Chip } from '@/components/ui';
import { agentLabel } from '../api/captureState';

/**
 * The other coding agents found on this machine, each with whether MemTray's hooks (or opencode's
 * plugin) are in its file; installing is one CLI command, named for each agent without them.
 */
export function OtherAgents({ agents }: { agents: CaptureStatus['otherAgents'] }) {
  if (agents.length === 0) return null;
  return (
    <>
      <h4>Other agents</h4>
      <ul className="receipts" aria-label="Other agents">
        {agents.map((a) => (
          <li key={a.agent}>
            {agentLabel(a.agent)}{' '}
            {!a.installed ? (
              <Chip tone="bad">not installed</Chip>
            ) : a.problems.length > 0 ? (
              <Chip tone="warn">hooks need attention</Chip>
            ) : (
              <Chip tone="ok">hooks installed</Chip>
            )}
            <p className="meta path" title={a.path}>
              {a.path}
            </p>
            {a.problems.map((p) => (
              <p key={p} className="small">
                {p}
              </p>
            ))}
            {!a.installed && (
              <p className="small">
                Run <code>memtray hooks install --agent {a.agent}</code> to capture its sessions.
              </p>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}
