/**
 * A new session's project is named once: when its first event is accepted (the capture gate needs
 * it), and its projection takes that name instead of asking the project store again. After a
 * restart (the journal read back, nothing handed over) projection names it itself.
 */
import { afterEach, expect, it, vi } from 'vitest';
import { count, journal, journalCores } from '../helpers/journal.js';

const cleanups: Array<() => unknown> = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});
const core = journalCores(cleanups);

it("names a new session's project once, from journal to rows", () => {
  const c = core();
  c.projector.stop();
  const nameFor = vi.spyOn(c.projects, 'nameFor');
  journal(c, 'UserPromptSubmit', { session_id: 'once', cwd: '/w/once', prompt: 'first' });
  journal(c, 'UserPromptSubmit', { session_id: 'once', cwd: '/w/once', prompt: 'second' });
  c.ingest.drainJournal();
  expect(count(c, 'SELECT count(*) n FROM user_prompts')).toBe(2);
  expect(nameFor).toHaveBeenCalledTimes(2); // the first event's acceptance, the second's (no session yet)
  const row = c.sqlite.prepare("SELECT project FROM sessions WHERE claude_session_id = 'once'").get() as {
    project: string;
  };
  expect(row.project).toBe(nameFor.mock.results[0]!.value);
});

it('names it at projection when the journal is read back after a restart', () => {
  const dir = core().paths.root;
  cleanups.splice(0).forEach((c) => c());
  const first = core(dir);
  first.projector.stop();
  journal(first, 'UserPromptSubmit', { session_id: 'later', cwd: '/w/later', prompt: 'p' });
  cleanups.splice(0).forEach((c) => c());
  const again = core(dir);
  again.projector.drain();
  const row = again.sqlite.prepare("SELECT project FROM sessions WHERE claude_session_id = 'later'").get() as
    { project: string } | undefined;
  expect(row?.project).toBe('later');
});
