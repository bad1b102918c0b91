/**
 * The markdown export: for reading, and for pasting into a CLAUDE.md-style file. Per project, per
 * session (newest first): the first prompt, the summary, and the memories' titles and facts. Raw
 * tool inputs and responses are left out. Same filters as the jsonl export (archive.ts).
 */
import type Database from 'better-sqlite3';
import type {
  ObservationRecord,
  SessionRecord,
  SummaryRecord,
  SyncRecord,
} from '../../shared/contract/sync.js';
import { exportRecords, type ExportFilters } from './archive.js';
import type { RecordSource } from './records.js';
import { isoTime } from '../../shared/time.js';
import { parseStringList } from '../util/json-list.js';

interface Block {
  session: SessionRecord;
  summary: SummaryRecord | null;
  memories: ObservationRecord[];
}

const day = (ms: number): string => isoTime(ms).slice(0, 10);
/** One line of text: newlines folded, markdown headings and HTML kept inert. */
const line = (s: string, max = 300): string => {
  const t = s.replace(/\s+/g, ' ').trim().replace(/</g, '&lt;');
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
};

export function exportMarkdown(
  src: RecordSource,
  db: Database.Database,
  machine: string,
  f: ExportFilters,
  now: number,
): string {
  const blocks: Block[] = [];
  const counts = exportRecords(src, db, f, (r: SyncRecord) => {
    if (r.k === 'session') blocks.push({ session: r, summary: null, memories: [] });
    const b = blocks[blocks.length - 1];
    if (!b) return;
    if (r.k === 'summary') b.summary = r;
    else if (r.k === 'observation' && r.title) b.memories.push(r);
  });
  const out: string[] = [
    `# MemTray memory export`,
    '',
    `Exported ${new Date(now).toISOString()} from machine ${machine}: ${counts.sessions} sessions, ` +
      `${counts.observations} memories, ${counts.summaries} summaries. ${src.out.note()}`,
  ];
  const byProject = new Map<string, Block[]>();
  for (const b of blocks) byProject.set(b.session.project, [...(byProject.get(b.session.project) ?? []), b]);
  for (const [project, list] of [...byProject].sort((a, b) => a[0].localeCompare(b[0]))) {
    out.push('', `## ${line(project, 200)}`);
    for (const b of list.sort((x, y) => y.session.startedAt - x.session.startedAt)) {
      const s = b.session;
      out.push('', `### ${day(s.startedAt)} — ${line(s.firstPrompt ?? '(no prompt)', 120)}`);
      const sm = b.summary;
      if (sm) {
        for (const [label, v] of [
          ['Request', sm.request],
          ['Learned', sm.learned],
          ['Completed', sm.completed],
          ['Next steps', sm.nextSteps],
        ] as const)
          if (v) out.push(`- **${label}:** ${line(v, 600)}`);
      }
      for (const m of b.memories) {
        out.push(`- ${m.type ? `[${m.type}] ` : ''}${line(m.title ?? '')}`);
        for (const fact of parseStringList(m.facts).slice(0, 5)) out.push(`  - ${line(fact, 200)}`);
      }
    }
  }
  return `${out.join('\n')}\n`;
}
