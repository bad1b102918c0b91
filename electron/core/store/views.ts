/** Rows as the API returns them (the contract's shapes): JSON columns decoded, internal columns left out. */
import type { ObservationRow } from '../ingest/observations-repo.js';
import type { SessionRow } from '../ingest/sessions-repo.js';
import type { SummaryRow } from '../ingest/summaries-repo.js';
import { DEFAULT_AGENT, isAgentId } from '../../shared/contract/agents.js';
import type { Observation } from '../../shared/contract/observations.js';
import type { Session, Summary } from '../../shared/contract/sessions.js';
import { parseStringList } from '../util/json-list.js';
import { jsonOrText } from '../util/json-text.js';

export type { SessionRow };

/** A session as the API returns it (the contract's `Session`: internal columns left out). */
export function sessionView(s: SessionRow): Session {
  return {
    id: s.id,
    claudeSessionId: s.claudeSessionId,
    project: s.project,
    cwd: s.cwd,
    transcriptPath: s.transcriptPath,
    firstPrompt: s.firstPrompt,
    promptCounter: s.promptCounter,
    status: s.status,
    completionReason: s.completionReason,
    startedAt: s.startedAt,
    updatedAt: s.updatedAt,
    completedAt: s.completedAt,
    worktree: s.worktree,
    branch: s.branch,
    agent: isAgentId(s.agent) ? s.agent : DEFAULT_AGENT,
  };
}

/** An observation as the API returns it: JSON columns decoded. */
export function observationView(o: ObservationRow, opts: { raw?: boolean } = {}): Observation {
  return {
    id: o.id,
    sessionId: o.sessionId,
    promptNumber: o.promptNumber,
    toolName: o.toolName,
    toolUseId: o.toolUseId,
    failed: o.failed,
    cwd: o.cwd,
    createdAt: o.createdAt,
    type: o.type,
    title: o.title,
    subtitle: o.subtitle,
    facts: parseStringList(o.facts),
    narrative: o.narrative,
    concepts: parseStringList(o.concepts),
    filesRead: parseStringList(o.filesRead),
    filesModified: parseStringList(o.filesModified),
    producedBy: o.producedBy,
    status: o.status,
    ...(opts.raw ? { toolInput: jsonOrText(o.toolInput), toolResponse: jsonOrText(o.toolResponse) } : {}),
  };
}
export type ObservationView = Observation;

export function summaryView(s: SummaryRow): Summary {
  return {
    id: s.id,
    sessionId: s.sessionId,
    promptNumber: s.promptNumber,
    request: s.request,
    investigated: s.investigated,
    learned: s.learned,
    completed: s.completed,
    nextSteps: s.nextSteps,
    filesRead: parseStringList(s.filesRead),
    filesEdited: parseStringList(s.filesEdited),
    notes: s.notes,
    producedBy: s.producedBy,
    createdAt: s.createdAt,
    updatedAt: s.updatedAt,
  };
}
