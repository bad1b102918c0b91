import { desc, eq } from 'drizzle-orm';
import { observations, sessions, sessionSummaries } from '../../../drizzle/schema.js';
import type { Core } from '../core.js';

/** A simple digest of recent work for SessionStart; the recall issue replaces it with a budgeted one. */
export function buildContext(core: Core, project: string): string | null {
  const p = core.read.listProjects().find((x) => x.name === project);
  if (p && !p.captureEnabled) return null;
  const summaries = core.db
    .select({
      request: sessionSummaries.request,
      completed: sessionSummaries.completed,
      nextSteps: sessionSummaries.nextSteps,
    })
    .from(sessionSummaries)
    .innerJoin(sessions, eq(sessions.id, sessionSummaries.sessionId))
    .where(eq(sessions.project, project))
    .orderBy(desc(sessionSummaries.updatedAt))
    .limit(3)
    .all();
  const recent = core.db
    .select({
      id: observations.id,
      title: observations.title,
      type: observations.type,
      toolName: observations.toolName,
    })
    .from(observations)
    .innerJoin(sessions, eq(sessions.id, observations.sessionId))
    .where(eq(sessions.project, project))
    .orderBy(desc(observations.id))
    .limit(20)
    .all();
  const lines = [`# MemTray: recent work in ${project}`, ''];
  if (summaries.length === 0 && recent.length === 0) {
    lines.push('No memories yet for this project. MemTray will remember this session.');
  }
  for (const s of summaries)
    lines.push(
      `- Request: ${s.request ?? '?'}; completed: ${s.completed ?? '?'}; next: ${s.nextSteps ?? '?'}`,
    );
  if (recent.length > 0) lines.push('', '## Recent observations');
  for (const o of recent) lines.push(`- #${o.id} [${o.type ?? o.toolName}] ${o.title ?? o.toolName}`);
  return `<memtray-context>\n${lines.join('\n')}\n</memtray-context>`;
}
