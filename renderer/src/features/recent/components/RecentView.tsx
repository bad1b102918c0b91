import { useState } from 'react';
import type { RecentItem } from '@shared/contract/recent';
import { useApi } from '@/api/context';
import { useResource } from '@/api/resource';
import { Chip, Empty, ErrorBox, Loading } from '@/components/ui';
import { MoreButton } from '@/components/MoreButton';
import { useListMemory } from '@/components/useListMemory';
import { Time } from '@/components/Time';
import { Drilldown, useDrilldown } from '@/features/detail';
import { useRecent } from '../api/useRecent';
import { QueueActivity } from './QueueActivity';

const KIND: Record<RecentItem['kind'], { label: string; tone: 'info' | 'bad' | 'ok' | undefined }> = {
  prompt: { label: 'prompt', tone: undefined },
  observation: { label: 'memory', tone: 'info' },
  summary: { label: 'summary', tone: 'ok' },
  failure: { label: 'failure', tone: 'bad' },
};

/** The landing view: what MemTray stored lately, live, with the queue's activity. `/` goes to Search. */
export function RecentView() {
  const api = useApi();
  const [project, setProject] = useState('');
  const { detail, open: openDetail } = useDrilldown();
  const projects = useResource(
    () => api.listProjects(),
    'projects',
    (ev) => ev.name === 'project' || ev.name === 'session',
    1000,
  );
  const feed = useRecent(project);
  const remember = useListMemory(detail !== null);

  if (detail) return <Drilldown detail={detail} list="recent" onDeleted={feed.forgetSession} />;

  const open = (i: RecentItem): void => {
    remember();
    openDetail(
      i.kind === 'observation' || i.kind === 'failure'
        ? { kind: 'observation', id: i.id }
        : { kind: 'session', id: i.sessionId },
    );
  };
  return (
    <section className="view" aria-label="Recent">
      <div className="toolbar">
        <select value={project} onChange={(e) => setProject(e.target.value)} aria-label="Project">
          <option value="">All projects</option>
          {(projects.data?.items ?? []).map((p) => (
            <option key={p.name} value={p.name}>
              {p.name}
            </option>
          ))}
        </select>
        <span className="meta">
          <kbd>/</kbd> to search
        </span>
      </div>
      <QueueActivity />
      {feed.error !== undefined && <ErrorBox error={feed.error} onRetry={feed.reload} />}
      {!feed.data && feed.loading && <Loading />}
      {feed.data && feed.items.length === 0 && (
        <Empty title="Nothing recorded yet">
          <p>
            MemTray fills this feed as Claude Code works: prompts, memories, summaries and failures, live.
            Open <a href="#health">Health</a> to install the hooks, or import your past transcripts from
            there.
          </p>
        </Empty>
      )}
      {feed.items.length > 0 && (
        <ul className="cards feed" aria-label="Recent activity">
          {feed.items.map((i) => (
            <li key={`${i.kind}-${i.id}`}>
              <button
                type="button"
                className={`card feed-item feed-${i.kind}`}
                data-return-key={`${i.kind}-${i.id}`}
                onClick={() => open(i)}
                title={i.title}
              >
                <span className="result-head">
                  <Chip tone={KIND[i.kind].tone}>
                    {i.type && i.kind !== 'prompt' ? i.type : KIND[i.kind].label}
                  </Chip>
                  <span className="result-title">{i.title}</span>
                </span>
                {i.detail && <span className="snippet">{i.detail}</span>}
                <span className="meta">
                  {i.project} · <Time ms={i.at} />
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {feed.items.length > 0 && <MoreButton list={feed} label="Older" />}
    </section>
  );
}
