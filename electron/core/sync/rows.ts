/** Rows as the sync area reads them from SQLite (snake_case, as stored). */

export interface SessionRow {
  id: number;
  claude_session_id: string;
  project: string;
  cwd: string | null;
  first_prompt: string | null;
  prompt_counter: number;
  status: 'initialized' | 'active' | 'completed';
  completion_reason: string | null;
  started_at: number;
  updated_at: number;
  completed_at: number | null;
  origin: string | null;
}

export interface ObservationRow {
  id: number;
  uid: string;
  prompt_number: number;
  tool_name: string;
  tool_use_id: string | null;
  tool_input: string | null;
  tool_response: string | null;
  failed: number;
  cwd: string | null;
  created_at: number;
  updated_at: number;
  type: string | null;
  title: string | null;
  subtitle: string | null;
  facts: string | null;
  narrative: string | null;
  concepts: string | null;
  files_read: string | null;
  files_modified: string | null;
  produced_by: string | null;
  status: 'pending' | 'processed' | 'failed';
}

export const SESSION_COLS = `id, claude_session_id, project, cwd, first_prompt, prompt_counter, status,
  completion_reason, started_at, updated_at, completed_at, origin`;
